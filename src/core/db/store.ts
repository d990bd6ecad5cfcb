/**
 * Store: one node's own sql.js database with named, explicit transactions.
 *
 * Every write happens inside `tx(name, body)`, so each transaction boundary is a visible,
 * named call (SPEC §2, MWP-FND-023). The store records what each transaction wrote, table
 * by table and row by row, from SQLite's update hook, so the trace can show it without
 * diffing and incremental invariants can read exactly the rows a step wrote.
 *
 * Speed (bench/run.ts): the database file lives in sql.js's in-memory file system and has
 * exactly one connection, so the rollback journal is kept in memory and the lock is taken
 * once (`journal_mode=MEMORY`, `locking_mode=EXCLUSIVE`); those PRAGMAs, BEGIN/COMMIT/
 * ROLLBACK and the update hook are set up at the first transaction (a store reopened by a
 * Back or a fork is often only read, and never pays for them); every connection shares ONE
 * update-hook function (sql.js's `updateHook` compiles a small wasm module per call), and
 * each store decodes a table-name pointer from it once; a prepared statement's column names
 * are read once (both dropped on DDL). None of this changes the database bytes
 * (store.test.ts compares images across reopenings).
 */
import type { Database, SqlJsStatic, SqlValue, Statement, BindParams } from 'sql.js';

export type Row = Record<string, SqlValue>;
export type Params = BindParams;

/** Rows touched by one transaction, per table. */
export type TableWrites = Record<string, { insert: number; update: number; delete: number }>;

/** Rowids touched by one transaction, per table and operation, in the order written. */
export type TableRowids = Record<string, { insert: number[]; update: number[]; delete: number[] }>;

/** What one committed (or rolled-back) transaction did. */
export interface TxRecord {
  store: string;
  name: string;
  outcome: 'commit' | 'rollback';
  writes: TableWrites;
  /**
   * The rowids behind `writes` (same tables, same counts). Incremental invariants read
   * exactly these rows instead of rescanning a table. Rowids of a rolled-back transaction
   * name rows that no longer exist.
   */
  rowids: TableRowids;
}

/** Result of a read-only inspector query: rows, or a clear error; never a throw. */
export type QueryResult =
  | { ok: true; columns: string[]; rows: SqlValue[][] }
  | { ok: false; problem: QueryProblem };

/**
 * Why a query gave no rows, as a code the page words in its own language: nothing typed,
 * more than one statement, or SQLite refused it (`engine`: SQLite's own message, which
 * only exists in English).
 */
export type QueryProblem =
  | { code: 'empty' }
  | { code: 'several' }
  | { code: 'engine'; engine: string }
  /** Stopped after running `seconds` (the page's inspector runs queries with a time limit). */
  | { code: 'timeout'; seconds: number };

export interface StoreOptions {
  image?: Uint8Array;
  onTransaction?: (record: TxRecord) => void;
  /**
   * Called when an image is asked for while step marks are open (`mark`): the owner must
   * release them (`releaseMarks`) — on this and its other stores — before the export runs.
   */
  onExportWhileMarked?: () => void;
  /** Called as each transaction begins, before it writes: the owner may `mark` the store first. */
  beforeTransaction?: () => void;
}

const STATEMENT_CACHE_LIMIT = 64;

/**
 * Set on every connection, including one opened from an image: both are per-connection
 * settings that no image carries. With one connection per in-memory file, neither can
 * change what a reader sees, and neither changes the bytes of the database file. A Store
 * sets them before its first transaction (a fresh store: at open, before its DDL): they
 * only shape writes, and a store reopened only to be read skips them.
 */
export const STORE_PRAGMAS = 'PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE;';

/**
 * The parts of the sql.js module that sql.js itself uses to register an update hook
 * (exported runtime methods of both its Node and browser builds). `Database.updateHook`
 * wraps each callback in a NEW wasm function: `addFunction` compiles a small module per
 * call (≈ 0.7 ms, more than opening the database). Instead one function is registered
 * per sql.js module and every connection points SQLite's hook at it, passing its own
 * connection pointer as the hook's user data to be told apart.
 *
 * These are not sql.js's documented API: they are the emscripten runtime exports sql.js's
 * own `updateHook` calls, in the version package.json pins exactly (1.17.0). If an upgrade
 * drops or renames one, `sharedHookOf` returns null and the Store uses the public
 * `Database.updateHook` instead — the same records, only slower to open
 * (src/core/db/store.test.ts runs a store on both paths and compares).
 */
interface SqlJsHookInternals {
  addFunction(fn: (...args: never[]) => void, signature: string): number;
  UTF8ToString(pointer: number): string;
  _sqlite3_update_hook(db: number, callback: number, userData: number): number;
  /** SQLite's `sqlite3_changes` (rows changed by the last write), exported by sql.js for `getRowsModified`. */
  _sqlite3_changes?: (db: number) => number;
}

/** Statement text that changes the schema (run through `Store.run`): caches tied to it are dropped after. */
const DDL = /^\s*(CREATE|DROP|ALTER)\b/i;

/** A prepared statement as the Store caches it. */
interface Prepared {
  stmt: Statement;
  /** Result column names, read at the first read that returned a row (null until then / after DDL). */
  columns: string[] | null;
  /** Whether the text is DDL (decided once, at prepare). */
  ddl: boolean;
}

/** The rowids of an operation a transaction did not do: shared and frozen (readers only read a TxRecord). */
const NO_ROWIDS = Object.freeze([]) as unknown as number[];

/** SQLite's operation codes in an update-hook call (SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE). */
const HOOK_OPS: Record<number, 'insert' | 'update' | 'delete'> = { 18: 'insert', 23: 'update', 9: 'delete' };

/**
 * Per sql.js module: the shared hook's function pointer and the stores it reports to, by
 * connection pointer. The table arrives as a pointer to its name in wasm memory (the
 * schema's own copy, stable while the schema is): each store decodes a pointer once.
 */
type WriteListener = (op: 'insert' | 'update' | 'delete', table: number, rowid: bigint) => void;
const sharedHooks = new WeakMap<SqlJsStatic, { pointer: number; stores: Map<number, WriteListener> }>();

function sharedHookOf(sql: SqlJsStatic): { pointer: number; stores: Map<number, WriteListener> } | null {
  const known = sharedHooks.get(sql);
  if (known) return known;
  const internals = sql as unknown as Partial<SqlJsHookInternals>;
  if (typeof internals.addFunction !== 'function' || typeof internals.UTF8ToString !== 'function'
    || typeof internals._sqlite3_update_hook !== 'function') return null;
  const stores = new Map<number, WriteListener>();
  // Same signature sql.js registers: (user data, op, database name, table name, rowid as i64).
  const pointer = internals.addFunction((userData: number, op: number, _dbName: number, table: number, rowid: bigint) => {
    const kind = HOOK_OPS[op];
    if (kind) stores.get(userData)?.(kind, table, rowid);
  }, 'viiiij');
  const hook = { pointer, stores };
  sharedHooks.set(sql, hook);
  return hook;
}

/** The connection pointer sql.js keeps on a Database (its `db` field), or null if this build has none. */
function connectionOf(db: Database): number | null {
  const pointer = (db as unknown as { db?: unknown }).db;
  return typeof pointer === 'number' && pointer !== 0 ? pointer : null;
}

export class Store {
  readonly name: string;
  private readonly db: Database;
  private readonly sql: SqlJsStatic;
  /**
   * Prepared statements by text, with their result column names read once (null until the
   * first read of rows): a statement's columns are fixed while the schema is, and sql.js
   * would decode each name from wasm memory again on every call.
   */
  private readonly statements = new Map<string, Prepared>();
  /**
   * Table names by the pointer the update hook passes (the schema's copy of the name): decoded
   * once per table, not once per written row. Cleared when this connection runs DDL (`run`),
   * since a rebuilt schema may put another table's name at an address seen before.
   */
  private readonly tableNames = new Map<number, string>();
  /**
   * Whether this connection has run DDL since it opened: a rollback (of a transaction, a
   * hold or a mark) may then rebuild the schema, so every rollback drops the caches above.
   */
  private ranDdl = false;
  /**
   * BEGIN / COMMIT / ROLLBACK, prepared and the update hook registered at the first
   * transaction, not at open: a store reopened from an image is often only read (Back,
   * Back, Back in the lab reads each state once), and sql.js's updateHook costs as much as
   * the open itself (it adds a function to the wasm table). Writes only happen inside
   * `tx` (`run` refuses otherwise), so no write is missed.
   */
  private writer: { begin: Statement; commit: Statement; rollback: Statement } | null = null;
  private current: { name: string; writes: TableWrites; rowids: TableRowids } | null = null;
  private readonly onTransaction: (record: TxRecord) => void;
  /** Whether STORE_PRAGMAS ran on this connection (at open for a fresh store, else before the first transaction). */
  private pragmasSet = false;
  /** The connection pointer the shared update hook knows this store by (null: sql.js's own updateHook is used). */
  private hooked: number | null = null;
  /** Bumped by every finished transaction (commit or rollback): "may differ from the last image". */
  private generation = 0;
  /** While held (see `hold`): the generation to return to; transactions become savepoints inside the hold. */
  private heldAt: number | null = null;
  /** Open step marks (see `mark`), innermost last: the generation each one returns to. */
  private readonly marks: number[] = [];
  private readonly onExportWhileMarked: (() => void) | null;
  private readonly beforeTransaction: (() => void) | null;

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
    this.onExportWhileMarked = options.onExportWhileMarked ?? null;
    this.beforeTransaction = options.beforeTransaction ?? null;
    this.db = options.image ? new sql.Database(options.image) : new sql.Database();
    if (!options.image) {
      this.db.exec(STORE_PRAGMAS);
      this.pragmasSet = true;
      this.db.exec(schema);
    }
  }

  /**
   * A counter that moves whenever a transaction finishes. Equal generations mean equal
   * bytes, so a checkpoint can reuse the previous image of a store nothing has touched.
   */
  get writeGeneration(): number {
    return this.generation;
  }

  /**
   * Runs `body` as ONE transaction named `name`. If `body` throws (a domain crash signal
   * or a bug), everything it wrote is rolled back and the error is rethrown.
   */
  tx<T>(name: string, body: () => T): T {
    if (this.current) {
      throw new Error(`Store ${this.name}: transaction '${name}' opened inside '${this.current.name}'`);
    }
    this.beforeTransaction?.();
    const writer = this.writer ?? this.openWriter();
    this.current = { name, writes: {}, rowids: {} };
    const held = this.heldAt !== null || this.marks.length > 0;
    if (held) this.db.exec('SAVEPOINT tx');
    else writer.begin.run();
    try {
      const value = body();
      if (held) this.db.exec('RELEASE tx');
      else writer.commit.run();
      this.finish('commit');
      return value;
    } catch (error) {
      if (held) this.db.exec('ROLLBACK TO tx; RELEASE tx');
      else writer.rollback.run();
      if (this.ranDdl) this.forgetSchema();
      this.finish('rollback');
      throw error;
    }
  }

  /**
   * Opens an outer savepoint: every transaction until `letGo` nests inside it (committed
   * as seen by reads, not yet for good), and `letGo` rolls them all back in place. The
   * explorer's probe (one step, look, undo) uses this instead of reopening the database
   * from an image. Rolling back restores the pages, so the bytes are those before the hold
   * and the write generation goes back too (an image taken before still describes it).
   */
  hold(): void {
    if (this.current || this.heldAt !== null) throw new Error(`Store ${this.name}: hold inside a transaction or another hold`);
    if (!this.writer) this.openWriter();
    this.db.exec('SAVEPOINT hold');
    this.heldAt = this.generation;
  }

  /** Rolls back everything since `hold` and ends it. */
  letGo(): void {
    if (this.heldAt === null) throw new Error(`Store ${this.name}: letGo without hold`);
    if (this.current) throw new Error(`Store ${this.name}: letGo inside transaction '${this.current.name}'`);
    this.db.exec('ROLLBACK TO hold; RELEASE hold');
    if (this.ranDdl) this.forgetSchema();
    this.generation = this.heldAt;
    this.heldAt = null;
  }

  get isHeld(): boolean {
    return this.heldAt !== null;
  }

  /**
   * Opens a step mark: a named savepoint that every later transaction nests inside, so
   * `rollbackTo` can put the database back to this moment in place — the pages restored by
   * SQLite from its (in-memory) journal, the connection, its schema and prepared statements
   * kept warm. Marks nest; `releaseMarks` commits them all. While a mark is open the
   * database cannot be exported (sql.js exports only outside a write transaction). The
   * bytes are those of committing each transaction on its own (store.test.ts).
   */
  mark(): void {
    if (this.current || this.heldAt !== null) throw new Error(`Store ${this.name}: mark inside a transaction or a hold`);
    if (!this.writer) this.openWriter();
    this.prepare(`SAVEPOINT m${this.marks.length + 1}`).run();
    this.marks.push(this.generation);
  }

  /** How many step marks are open. */
  get markCount(): number {
    return this.marks.length;
  }

  /** Back to the moment of mark `level` (1 = the outermost), which is closed with those after it. */
  rollbackTo(level: number): void {
    if (!Number.isInteger(level) || level < 1 || level > this.marks.length) throw new Error(`Store ${this.name}: no mark ${level}`);
    if (this.current || this.heldAt !== null) throw new Error(`Store ${this.name}: rollback inside a transaction or a hold`);
    this.db.exec(`ROLLBACK TO m${level}; RELEASE m${level}`);
    if (this.ranDdl) this.forgetSchema();
    this.generation = this.marks[level - 1]!;
    this.marks.length = level - 1;
  }

  /** Commits everything written since the outermost mark and closes every mark. */
  releaseMarks(): void {
    if (this.marks.length === 0) return;
    if (this.current || this.heldAt !== null) throw new Error(`Store ${this.name}: release inside a transaction or a hold`);
    this.db.exec('RELEASE m1');
    this.marks.length = 0;
  }

  /**
   * Runs a write statement; only legal inside `tx`. Returns the number of rows changed
   * (SQLite's `changes()`, read directly from the wasm export when the build has it).
   */
  run(sqlText: string, params?: Params): number {
    this.write(sqlText, params);
    const changes = this.hooked !== null ? (this.sql as unknown as SqlJsHookInternals)._sqlite3_changes : undefined;
    return changes ? changes(this.hooked!) : this.db.getRowsModified();
  }

  /** `run` for a caller that does not need the count (accept's writes): no call back into sql.js after the statement. */
  write(sqlText: string, params?: Params): void {
    if (!this.current) throw new Error(`Store ${this.name}: write outside a transaction: ${sqlText}`);
    const entry = this.prepared(sqlText);
    entry.stmt.run(params);
    if (entry.ddl) this.forgetSchema();
  }

  /** All rows of a read statement, as objects. */
  all(sqlText: string, params?: Params): Row[] {
    const entry = this.prepared(sqlText);
    const stmt = entry.stmt;
    try {
      if (params !== undefined) stmt.bind(params);
      const rows: Row[] = [];
      if (!stmt.step()) return rows;
      const columns = (entry.columns ??= stmt.getColumnNames());
      do {
        const values = stmt.get();
        const row: Row = {};
        for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i]!;
        rows.push(row);
      } while (stmt.step());
      return rows;
    } finally {
      stmt.reset();
    }
  }

  /** The first row of a read statement, or undefined. */
  get(sqlText: string, params?: Params): Row | undefined {
    return this.all(sqlText, params)[0];
  }

  /**
   * The first row of a read statement as its values in column order, or undefined: for hot
   * reads whose caller knows the columns (no names looked up, no row object built).
   */
  getValues(sqlText: string, params?: Params): SqlValue[] | undefined {
    const stmt = this.prepared(sqlText).stmt;
    try {
      if (params !== undefined) stmt.bind(params);
      return stmt.step() ? stmt.get() : undefined;
    } finally {
      stmt.reset();
    }
  }

  /** The database image: the bytes that determinism and back-stepping are checked on. */
  export(): Uint8Array {
    if (this.current) throw new Error(`Store ${this.name}: export inside transaction '${this.current.name}'`);
    if (this.heldAt !== null) throw new Error(`Store ${this.name}: export while held (its writes are not final)`);
    if (this.marks.length > 0) this.onExportWhileMarked?.();
    if (this.marks.length > 0) throw new Error(`Store ${this.name}: export while marked (release the marks first)`);
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
    if (this.hooked !== null) sharedHooks.get(this.sql)?.stores.delete(this.hooked);
    this.hooked = null;
    for (const { stmt } of this.statements.values()) stmt.free();
    this.statements.clear();
    this.tableNames.clear();
    this.db.close();
  }

  private openWriter(): NonNullable<Store['writer']> {
    if (!this.pragmasSet) {
      this.db.exec(STORE_PRAGMAS);
      this.pragmasSet = true;
    }
    const shared = sharedHookOf(this.sql);
    const connection = connectionOf(this.db);
    if (shared && connection !== null) {
      // The pointer is unique among open connections; close() forgets it before SQLite may reuse it.
      const internals = this.sql as unknown as SqlJsHookInternals;
      shared.stores.set(connection, (op, table, rowid) => {
        let name = this.tableNames.get(table);
        if (name === undefined) {
          name = internals.UTF8ToString(table);
          this.tableNames.set(table, name);
        }
        this.noteWrite(op, name, rowid);
      });
      (this.sql as unknown as SqlJsHookInternals)._sqlite3_update_hook(connection, shared.pointer, connection);
      this.hooked = connection;
    } else {
      this.db.updateHook((op, _dbName, table, rowid) => this.noteWrite(op, table, rowid));
    }
    this.writer = { begin: this.db.prepare('BEGIN IMMEDIATE'), commit: this.db.prepare('COMMIT'), rollback: this.db.prepare('ROLLBACK') };
    return this.writer;
  }

  private prepare(sqlText: string): Statement {
    return this.prepared(sqlText).stmt;
  }

  private prepared(sqlText: string): Prepared {
    let entry = this.statements.get(sqlText);
    if (!entry) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) {
        const [oldest, old] = this.statements.entries().next().value as [string, Prepared];
        old.stmt.free();
        this.statements.delete(oldest);
      }
      entry = { stmt: this.db.prepare(sqlText), columns: null, ddl: DDL.test(sqlText) };
      this.statements.set(sqlText, entry);
    }
    return entry;
  }

  /** After DDL on this connection: table-name pointers and statements' columns may no longer hold. */
  private forgetSchema(): void {
    this.ranDdl = true;
    this.tableNames.clear();
    for (const entry of this.statements.values()) entry.columns = null;
  }

  private noteWrite(op: 'insert' | 'update' | 'delete', table: string, rowid: number | bigint): void {
    if (!this.current) return;
    const counts = (this.current.writes[table] ??= { insert: 0, update: 0, delete: 0 });
    counts[op] += 1;
    // An operation's first rowid makes its list (one slot, where a push onto [] reserves 17);
    // until then it is the shared empty list. Most transactions write one row per table.
    const rowids = (this.current.rowids[table] ??= { insert: NO_ROWIDS, update: NO_ROWIDS, delete: NO_ROWIDS });
    const list = rowids[op];
    if (list === NO_ROWIDS) rowids[op] = [Number(rowid)];
    else list.push(Number(rowid));
  }

  private finish(outcome: TxRecord['outcome']): void {
    const current = this.current!;
    this.current = null;
    this.generation += 1;
    this.onTransaction({ store: this.name, name: current.name, outcome, writes: current.writes, rowids: current.rowids });
  }
}

/**
 * Runs one read-only statement on a copy of `image`. Errors (syntax, a write attempt,
 * several statements) come back as `{ ok: false, problem }`: a code, with SQLite's message
 * when SQLite refused the statement.
 */
export function readOnlyQuery(sql: SqlJsStatic, image: Uint8Array, sqlText: string): QueryResult {
  const text = sqlText.trim();
  if (!text) return { ok: false, problem: { code: 'empty' } };
  const copy = new sql.Database(image);
  try {
    copy.exec('PRAGMA query_only = ON');
    const iterator = copy.iterateStatements(text);
    const first = iterator.next();
    if (first.done) return { ok: false, problem: { code: 'empty' } };
    const rest = iterator.getRemainingSQL().replace(/^[\s;]+/, '');
    if (rest) return { ok: false, problem: { code: 'several' } };
    const stmt = first.value;
    const columns = stmt.getColumnNames();
    const rows: SqlValue[][] = [];
    while (rows.length < 1000 && stmt.step()) rows.push(stmt.get());
    return { ok: true, columns, rows };
  } catch (error) {
    return { ok: false, problem: { code: 'engine', engine: error instanceof Error ? error.message : String(error) } };
  } finally {
    copy.close();
  }
}

/** A schema with what the models' schemas use: keys, checks, defaults, an index, a view. */
const WARM_UP_SCHEMA = `
CREATE TABLE warm (
  id    INTEGER PRIMARY KEY,
  key   TEXT    NOT NULL UNIQUE,
  state TEXT    NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'done')),
  n     INTEGER NOT NULL CHECK (n >= 0),
  note  TEXT
);
CREATE TABLE warm_log (stamp INTEGER PRIMARY KEY, key TEXT NOT NULL REFERENCES warm (key), at INTEGER NOT NULL);
CREATE INDEX warm_log_key ON warm_log (key, at);
CREATE VIEW warm_done AS SELECT key, n FROM warm WHERE state = 'done';
INSERT INTO warm (key, n) VALUES ('a', 1);
`;

/**
 * Takes a throwaway store through what a World's start does to each of its stores — open,
 * PRAGMAs, DDL, a transaction through the shared update hook, reads, an export — and closes
 * it. The first time sql.js does each of these costs far more than later times (the engine
 * compiles the wasm functions it meets and sql.js registers the shared hook), so running
 * this first, on its own, takes that cost out of the World's start. Changes nothing else.
 */
export function warmUp(sql: SqlJsStatic): void {
  const store = new Store(sql, 'warm-up', WARM_UP_SCHEMA);
  try {
    store.tx('warm_up', () => {
      store.run("INSERT INTO warm (key, n, note) VALUES (?, ?, ?)", ['b', 2, 'x']);
      store.write("UPDATE warm SET state = 'done', n = n + 1 WHERE key = ?", ['a']);
      store.write('INSERT INTO warm_log (key, at) VALUES (?, ?)', ['a', 1]);
      store.write('DELETE FROM warm WHERE key = ?', ['b']);
    });
    store.all('SELECT w.key, w.n, l.at FROM warm w LEFT JOIN warm_log l ON l.key = w.key WHERE w.n > ? ORDER BY w.key LIMIT 5', [0]);
    store.get('SELECT COUNT(*) AS c, MAX(n) AS m FROM warm_done');
    store.getValues('SELECT n FROM warm WHERE key = ?', ['a']);
    store.export();
  } finally {
    store.close();
  }
}
