/**
 * Store: one node's own sql.js database with named, explicit transactions.
 *
 * Every write happens inside `tx(name, body)`, so each transaction boundary is a visible,
 * named call (SPEC §2, MWP-FND-023). The store records what each transaction wrote, table
 * by table, from SQLite's update hook, so the trace can show it without diffing.
 */
import type { Database, SqlJsStatic, SqlValue, Statement, BindParams } from 'sql.js';

export type Row = Record<string, SqlValue>;
export type Params = BindParams;

/** Rows touched by one transaction, per table. */
export type TableWrites = Record<string, { insert: number; update: number; delete: number }>;

/** What one committed (or rolled-back) transaction did. */
export interface TxRecord {
  store: string;
  name: string;
  outcome: 'commit' | 'rollback';
  writes: TableWrites;
}

/** Result of a read-only inspector query: rows, or a clear error; never a throw. */
export type QueryResult =
  | { ok: true; columns: string[]; rows: SqlValue[][] }
  | { ok: false; error: string };

export interface StoreOptions {
  image?: Uint8Array;
  onTransaction?: (record: TxRecord) => void;
}

const STATEMENT_CACHE_LIMIT = 64;

export class Store {
  readonly name: string;
  private readonly db: Database;
  private readonly sql: SqlJsStatic;
  private readonly statements = new Map<string, Statement>();
  private current: { name: string; writes: TableWrites } | null = null;
  private readonly onTransaction: (record: TxRecord) => void;

  /**
   * @param schema DDL run once when the store is created (a fresh, empty database), or
   *   skipped when `options.image` restores an exported database.
   * @param options.onTransaction told about every finished transaction, in order (the
   *   World uses it to build the trace across all nodes chronologically).
   */
  constructor(sql: SqlJsStatic, name: string, schema: string, options: StoreOptions = {}) {
    this.sql = sql;
    this.name = name;
    this.onTransaction = options.onTransaction ?? (() => undefined);
    this.db = options.image ? new sql.Database(options.image) : new sql.Database();
    if (!options.image) this.db.exec(schema);
    this.db.updateHook((op, _dbName, table) => this.noteWrite(op, table));
  }

  /**
   * Runs `body` as ONE transaction named `name`. If `body` throws (a domain crash signal
   * or a bug), everything it wrote is rolled back and the error is rethrown.
   */
  tx<T>(name: string, body: () => T): T {
    if (this.current) {
      throw new Error(`Store ${this.name}: transaction '${name}' opened inside '${this.current.name}'`);
    }
    this.current = { name, writes: {} };
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const value = body();
      this.db.exec('COMMIT');
      this.finish('commit');
      return value;
    } catch (error) {
      this.db.exec('ROLLBACK');
      this.finish('rollback');
      throw error;
    }
  }

  /** Runs a write statement; only legal inside `tx`. Returns the number of rows changed. */
  run(sqlText: string, params?: Params): number {
    if (!this.current) throw new Error(`Store ${this.name}: write outside a transaction: ${sqlText}`);
    const stmt = this.prepare(sqlText);
    stmt.run(params);
    return this.db.getRowsModified();
  }

  /** All rows of a read statement, as objects. */
  all(sqlText: string, params?: Params): Row[] {
    const stmt = this.prepare(sqlText);
    try {
      if (params !== undefined) stmt.bind(params);
      const rows: Row[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject());
      return rows;
    } finally {
      stmt.reset();
    }
  }

  /** The first row of a read statement, or undefined. */
  get(sqlText: string, params?: Params): Row | undefined {
    return this.all(sqlText, params)[0];
  }

  /** The database image: the bytes that determinism and back-stepping are checked on. */
  export(): Uint8Array {
    if (this.current) throw new Error(`Store ${this.name}: export inside transaction '${this.current.name}'`);
    return this.db.export();
  }

  /** User table names, sorted. */
  tables(): string[] {
    return this.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .map((r) => String(r.name));
  }

  /**
   * The inspector's path: runs ONE statement against a throwaway copy of this database
   * opened with `PRAGMA query_only`, so nothing a learner types can change the World.
   */
  readOnlyQuery(sqlText: string): QueryResult {
    return readOnlyQuery(this.sql, this.export(), sqlText);
  }

  close(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
    this.db.close();
  }

  private prepare(sqlText: string): Statement {
    let stmt = this.statements.get(sqlText);
    if (!stmt) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) {
        const [oldest, old] = this.statements.entries().next().value as [string, Statement];
        old.free();
        this.statements.delete(oldest);
      }
      stmt = this.db.prepare(sqlText);
      this.statements.set(sqlText, stmt);
    }
    return stmt;
  }

  private noteWrite(op: 'insert' | 'update' | 'delete', table: string): void {
    if (!this.current) return;
    const counts = (this.current.writes[table] ??= { insert: 0, update: 0, delete: 0 });
    counts[op] += 1;
  }

  private finish(outcome: TxRecord['outcome']): void {
    const current = this.current!;
    this.current = null;
    this.onTransaction({ store: this.name, name: current.name, outcome, writes: current.writes });
  }
}

/**
 * Runs one read-only statement on a copy of `image`. Errors (syntax, a write attempt,
 * several statements) come back as `{ ok: false, error }` with SQLite's message.
 */
export function readOnlyQuery(sql: SqlJsStatic, image: Uint8Array, sqlText: string): QueryResult {
  const text = sqlText.trim();
  if (!text) return { ok: false, error: 'Type a SELECT statement to run.' };
  const copy = new sql.Database(image);
  try {
    copy.exec('PRAGMA query_only = ON');
    const iterator = copy.iterateStatements(text);
    const first = iterator.next();
    if (first.done) return { ok: false, error: 'Type a SELECT statement to run.' };
    const rest = iterator.getRemainingSQL().replace(/^[\s;]+/, '');
    if (rest) return { ok: false, error: 'Run one statement at a time.' };
    const stmt = first.value;
    const columns = stmt.getColumnNames();
    const rows: SqlValue[][] = [];
    while (rows.length < 1000 && stmt.step()) rows.push(stmt.get());
    return { ok: true, columns, rows };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    copy.close();
  }
}
