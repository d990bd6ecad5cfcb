import { describe, expect, it } from 'vitest';
import { requireSqlJs } from './sqljs';
import { Store, type TxRecord } from './store';
import { useSqlJs } from '../../test/sqljs';

useSqlJs();

const SCHEMA = `
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, note TEXT);
`;

let log: TxRecord[] = [];

function makeStore(): Store {
  log = [];
  return new Store(requireSqlJs(), 'test', SCHEMA, { onTransaction: (r) => log.push(r) });
}

describe('Store transactions', () => {
  it('commits a named transaction and records what it wrote, per table', async () => {
    const store = makeStore();
    store.tx('add', () => {
      store.run('INSERT INTO item (id, name) VALUES (?, ?)', [1, 'a']);
      store.run('INSERT INTO item (id, name) VALUES (?, ?)', [2, 'b']);
      store.run('UPDATE item SET name = ? WHERE id = ?', ['c', 1]);
      store.run('INSERT INTO audit (note) VALUES (?)', ['x']);
    });
    expect(store.all('SELECT id, name FROM item ORDER BY id')).toEqual([{ id: 1, name: 'c' }, { id: 2, name: 'b' }]);
    expect(log).toEqual([{
      store: 'test', name: 'add', outcome: 'commit',
      writes: { item: { insert: 2, update: 1, delete: 0 }, audit: { insert: 1, update: 0, delete: 0 } },
      rowids: { item: { insert: [1, 2], update: [1], delete: [] }, audit: { insert: [1], update: [], delete: [] } },
    }]);
  });

  it('records the rowids each transaction wrote, so a check can read exactly those rows', async () => {
    const store = makeStore();
    store.tx('seed', () => {
      for (const id of [10, 20, 30]) store.run('INSERT INTO item (id, name) VALUES (?, ?)', [id, 'x']);
    });
    store.tx('change', () => {
      store.run("UPDATE item SET name = 'y' WHERE id >= 20");
      store.run('DELETE FROM item WHERE id = 10');
    });
    expect(log[1]!.rowids).toEqual({ item: { insert: [], update: [20, 30], delete: [10] } });
    expect(log[1]!.writes).toEqual({ item: { insert: 0, update: 2, delete: 1 } });
  });

  it('moves its write generation on every finished transaction, and only then', async () => {
    const store = makeStore();
    const g0 = store.writeGeneration;
    store.all('SELECT * FROM item');
    store.export();
    expect(store.writeGeneration).toBe(g0);
    store.tx('add', () => store.run("INSERT INTO item (id, name) VALUES (1, 'a')"));
    expect(() => store.tx('broken', () => { throw new Error('x'); })).toThrow();
    expect(store.writeGeneration).toBe(g0 + 2);
  });

  it('rolls back everything when the body throws, and rethrows', async () => {
    const store = makeStore();
    expect(() => store.tx('broken', () => {
      store.run('INSERT INTO item (id, name) VALUES (1, ?)', ['a']);
      throw new Error('boom');
    })).toThrow('boom');
    expect(store.all('SELECT * FROM item')).toEqual([]);
    expect(log[0]).toMatchObject({ name: 'broken', outcome: 'rollback' });
  });

  it('refuses writes outside a transaction and nested transactions', async () => {
    const store = makeStore();
    expect(() => store.run('INSERT INTO item (id, name) VALUES (1, ?)', ['a'])).toThrow(/outside a transaction/);
    expect(() => store.write('INSERT INTO item (id, name) VALUES (1, ?)', ['a'])).toThrow(/outside a transaction/);
    expect(() => store.tx('outer', () => store.tx('inner', () => 1))).toThrow(/inside 'outer'/);
    expect(store.all('SELECT * FROM item')).toEqual([]);
  });

  it('exports an image that restores to the same bytes', async () => {
    const store = makeStore();
    store.tx('add', () => store.run('INSERT INTO item (id, name) VALUES (1, ?)', ['a']));
    const image = store.export();
    const copy = new Store(requireSqlJs(), 'copy', SCHEMA, { image });
    expect(copy.export()).toEqual(image);
    expect(copy.all('SELECT name FROM item')).toEqual([{ name: 'a' }]);
    // cached statements keep working after an export
    expect(store.get('SELECT name FROM item WHERE id = ?', [1])).toEqual({ name: 'a' });
  });

  it('opens with an in-memory journal and an exclusive lock; one restored from an image sets them at its first transaction', async () => {
    const store = makeStore();
    expect(store.all('PRAGMA journal_mode')).toEqual([{ journal_mode: 'memory' }]);
    expect(store.all('PRAGMA locking_mode')).toEqual([{ locking_mode: 'exclusive' }]);
    const copy = new Store(requireSqlJs(), 'copy', SCHEMA, { image: store.export() });
    expect(copy.all('SELECT count(*) AS n FROM item')).toEqual([{ n: 0 }]);
    copy.tx('add', () => copy.run("INSERT INTO item (id, name) VALUES (1, 'a')"));
    expect(copy.all('PRAGMA journal_mode')).toEqual([{ journal_mode: 'memory' }]);
    expect(copy.all('PRAGMA locking_mode')).toEqual([{ locking_mode: 'exclusive' }]);
    const held = new Store(requireSqlJs(), 'held', SCHEMA, { image: store.export() });
    held.hold();
    held.tx('add', () => held.run("INSERT INTO item (id, name) VALUES (1, 'a')"));
    held.letGo();
    expect(held.all('PRAGMA journal_mode')).toEqual([{ journal_mode: 'memory' }]);
  });

  it('tells each of many stores only its own writes (one update hook shared by every connection)', async () => {
    const sql = requireSqlJs();
    const logs: TxRecord[][] = [];
    const image = makeStore().export();
    const open = (i: number) => {
      const own: TxRecord[] = [];
      logs.push(own);
      return new Store(sql, `s${i}`, SCHEMA, { ...(i % 2 ? { image } : {}), onTransaction: (r) => own.push(r) });
    };
    // Interleaved writes on open stores, then closes and reopens: a closed store's connection
    // pointer is reused by a later one, which must get its own writes and nothing else.
    const stores = [0, 1, 2, 3].map(open);
    stores.forEach((s, i) => s.tx('w', () => s.run('INSERT INTO item (id, name) VALUES (?, ?)', [i + 1, `s${i}`])));
    stores[2]!.tx('w', () => s2Update(stores[2]!));
    stores[1]!.close();
    stores[3]!.close();
    const later = [4, 5].map(open);
    later.forEach((s, i) => s.tx('w', () => s.run('INSERT INTO item (id, name) VALUES (?, ?)', [10 + i, 'later'])));
    stores[0]!.tx('w', () => stores[0]!.run('DELETE FROM item WHERE id = 1'));
    expect(logs.map((l) => l.map((r) => r.rowids))).toEqual([
      [{ item: { insert: [1], update: [], delete: [] } }, { item: { insert: [], update: [], delete: [1] } }],
      [{ item: { insert: [2], update: [], delete: [] } }],
      [{ item: { insert: [3], update: [], delete: [] } }, { item: { insert: [], update: [3], delete: [] } }],
      [{ item: { insert: [4], update: [], delete: [] } }],
      [{ item: { insert: [10], update: [], delete: [] } }],
      [{ item: { insert: [11], update: [], delete: [] } }],
    ]);
    for (const s of [stores[0]!, stores[2]!, ...later]) s.close();
  });

  it('an image reopened mid-history continues to the same bytes as a store that never closed', async () => {
    const write = (s: Store, from: number, to: number) => {
      for (let i = from; i < to; i++) {
        s.tx('add', () => {
          s.run('INSERT INTO item (id, name) VALUES (?, ?)', [i, `n${i}`.repeat(i % 7 + 1)]);
          s.run('INSERT INTO audit (note) VALUES (?)', [`row ${i}`]);
          if (i % 3 === 0) s.run('DELETE FROM item WHERE id = ?', [i - 2]);
        });
      }
    };
    const straight = makeStore();
    write(straight, 0, 400);
    const first = makeStore();
    write(first, 0, 150);
    const reopened = new Store(requireSqlJs(), 'test', SCHEMA, { image: first.export() });
    write(reopened, 150, 400);
    expect(reopened.export()).toEqual(straight.export());
    // and the comparison can fail: one more write differs
    write(reopened, 400, 401);
    expect(reopened.export()).not.toEqual(straight.export());
  });

  it('step marks: a rollback in place and the commit of released marks give the bytes of plain transactions', async () => {
    const step = (s: Store, i: number) => s.tx('step', () => {
      s.run('INSERT INTO item (id, name) VALUES (?, ?)', [i, `n${i}`.repeat(i % 37 + 1)]);
      s.run('INSERT INTO audit (note) VALUES (?)', [`row ${i}`.repeat(i % 5 + 1)]);
      if (i % 3 === 0) s.run('DELETE FROM item WHERE id = ?', [i - 2]);
      if (i % 7 === 0) s.run('DELETE FROM audit WHERE seq < ?', [i - 20]);
    });
    const straight = makeStore();
    for (let i = 0; i < 300; i++) step(straight, i);
    const marked = makeStore();
    for (let i = 0; i < 300; i++) {
      if (marked.markCount === 16) marked.releaseMarks();
      marked.mark();
      step(marked, i);
      if (i % 5 === 4 && marked.markCount >= 3) {
        // Back three steps in place (the generation goes back too), then the same steps again.
        const generation = marked.writeGeneration;
        marked.rollbackTo(marked.markCount - 2);
        expect(marked.writeGeneration).toBe(generation - 3);
        expect(marked.get('SELECT count(*) AS n FROM item WHERE id >= ?', [i - 2])).toEqual({ n: 0 });
        for (let j = i - 2; j <= i; j++) {
          marked.mark();
          step(marked, j);
        }
      }
    }
    expect(() => marked.export()).toThrow(/while marked/);
    marked.releaseMarks();
    expect(marked.export()).toEqual(straight.export());
  });

  it('reads rows with the same values and column names as sql.js getAsObject', async () => {
    const store = makeStore();
    store.tx('add', () => store.run("INSERT INTO item (id, name) VALUES (1, 'a'), (2, 'b')"));
    expect(store.all('SELECT id, name, id * 2 AS twice, NULL AS blank FROM item ORDER BY id')).toEqual([
      { id: 1, name: 'a', twice: 2, blank: null }, { id: 2, name: 'b', twice: 4, blank: null },
    ]);
    expect(store.all('SELECT * FROM item WHERE id > 5')).toEqual([]);
  });

  it('write records its rows like run; getValues reads the first row by position', async () => {
    const store = makeStore();
    store.tx('add', () => {
      store.write('INSERT INTO item (id, name) VALUES (?, ?)', [1, 'a']);
      store.write('INSERT INTO item (id, name) VALUES (?, ?)', [2, 'b']);
    });
    expect(log.map((r) => r.writes)).toEqual([{ item: { insert: 2, update: 0, delete: 0 } }]);
    expect(store.getValues('SELECT id, name, NULL FROM item WHERE id >= ? ORDER BY id', [1])).toEqual([1, 'a', null]);
    expect(store.getValues('SELECT id FROM item WHERE id > ?', [5])).toBeUndefined();
    expect(store.getValues('SELECT count(*) FROM item')).toEqual([2]);
  });

  it('keeps names read once (columns per statement, tables per hook pointer) only while the schema holds', async () => {
    const store = makeStore();
    expect(store.tx('add', () => store.run("INSERT INTO item (id, name) VALUES (1, 'a'), (2, 'b')"))).toBe(2);
    expect(store.all('SELECT * FROM item ORDER BY id')).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    // Same statement text after an ALTER: the cached column names must not hide the new column.
    store.tx('alter', () => store.run('ALTER TABLE item ADD COLUMN extra TEXT'));
    expect(store.all('SELECT * FROM item ORDER BY id')).toEqual([{ id: 1, name: 'a', extra: null }, { id: 2, name: 'b', extra: null }]);
    // A table dropped and another created: SQLite puts the new name where the old one was
    // (seen on sql.js 1.17), so a name cached by pointer across DDL would report 'audit'.
    store.tx('log', () => store.run("INSERT INTO audit (note) VALUES ('x')"));
    store.tx('drop', () => store.run('DROP TABLE audit'));
    store.tx('create', () => store.run('CREATE TABLE notes (seq INTEGER PRIMARY KEY, note TEXT)'));
    store.tx('note', () => store.run("INSERT INTO notes (note) VALUES ('y')"));
    expect(log.at(-1)!.writes).toEqual({ notes: { insert: 1, update: 0, delete: 0 } });
    // Dropped and created inside one transaction: each write under the table it went to.
    store.tx('swap', () => {
      store.run('DROP TABLE notes');
      store.run('CREATE TABLE ledger (seq INTEGER PRIMARY KEY, note TEXT)');
      expect(store.run("INSERT INTO ledger (note) VALUES ('x')")).toBe(1);
      expect(store.run("UPDATE item SET extra = 'e'")).toBe(2);
    });
    expect(log.at(-1)!.writes).toEqual({ ledger: { insert: 1, update: 0, delete: 0 }, item: { insert: 0, update: 2, delete: 0 } });
    // DDL rolled back: SQLite rebuilds the schema, and later writes still name their tables.
    expect(() => store.tx('undone', () => {
      store.run('DROP TABLE ledger');
      store.run('CREATE TABLE extra (seq INTEGER PRIMARY KEY)');
      store.run('INSERT INTO extra DEFAULT VALUES');
      throw new Error('crash');
    })).toThrow('crash');
    store.tx('after', () => { store.run("INSERT INTO ledger (note) VALUES ('z')"); store.run("UPDATE item SET extra = 'f'"); });
    expect(log.at(-1)!.writes).toEqual({ ledger: { insert: 1, update: 0, delete: 0 }, item: { insert: 0, update: 2, delete: 0 } });
    expect(store.all('SELECT * FROM ledger ORDER BY seq')).toEqual([{ seq: 1, note: 'x' }, { seq: 2, note: 'z' }]);
  });

  it('lists its tables', async () => {
    expect(makeStore().tables()).toEqual(['audit', 'item']);
  });
});

describe('Store.readOnlyQuery (the inspector path)', () => {
  it('returns columns and rows for a SELECT', async () => {
    const store = makeStore();
    store.tx('add', () => store.run("INSERT INTO item (id, name) VALUES (1, 'a')"));
    expect(store.readOnlyQuery('SELECT id, name FROM item')).toEqual({ ok: true, columns: ['id', 'name'], rows: [[1, 'a']] });
  });

  it('refuses a write with a clear error and changes nothing', async () => {
    const store = makeStore();
    const before = store.export();
    const result = store.readOnlyQuery("INSERT INTO item (id, name) VALUES (9, 'z')");
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.problem).toEqual({ code: 'engine', engine: expect.stringMatching(/readonly/i) });
    expect(store.export()).toEqual(before);
  });

  it('cannot be talked out of read-only mode: the query runs on a throwaway copy', async () => {
    const store = makeStore();
    store.tx('add', () => store.run("INSERT INTO item (id, name) VALUES (1, 'a')"));
    expect(store.readOnlyQuery('PRAGMA query_only = OFF').ok).toBe(true);
    expect(store.readOnlyQuery('DELETE FROM item').ok).toBe(false);
    expect(store.all('SELECT count(*) AS n FROM item')).toEqual([{ n: 1 }]);
  });

  it('reports syntax errors, empty input and several statements', async () => {
    const store = makeStore();
    // Codes, not sentences: the inspector words them in the page's language.
    const err = (sql: string) => { const r = store.readOnlyQuery(sql); return r.ok ? null : r.problem; };
    expect(err('SELEC * FROM item')).toEqual({ code: 'engine', engine: expect.stringMatching(/syntax error/) });
    expect(err('SELECT * FROM nowhere')).toEqual({ code: 'engine', engine: expect.stringMatching(/no such table/) });
    expect(err('   ')).toEqual({ code: 'empty' });
    expect(err(' ;; ')).toEqual({ code: 'empty' });
    expect(err('SELECT 1; SELECT 2')).toEqual({ code: 'several' });
    expect(store.readOnlyQuery('SELECT 1;').ok).toBe(true);
  });
});

function s2Update(store: Store): void {
  store.run("UPDATE item SET name = 'changed' WHERE id = 3");
}

describe('Store on sql.js\'s public API only', () => {
  it('records the same writes when the runtime exports it uses for speed are missing', async () => {
    const hidden = new Set(['_sqlite3_update_hook', '_sqlite3_changes', 'addFunction']);
    const publicOnly = new Proxy(requireSqlJs(), { get: (target, key) => (hidden.has(key as string) ? undefined : Reflect.get(target, key)) });
    const records: TxRecord[][] = [];
    for (const sql of [requireSqlJs(), publicOnly]) {
      const seen: TxRecord[] = [];
      const store = new Store(sql, 'test', SCHEMA, { onTransaction: (r) => seen.push(r) });
      store.tx('add', () => {
        store.run('INSERT INTO item (id, name) VALUES (?, ?)', [1, 'a']);
        store.run('UPDATE item SET name = ? WHERE id = ?', ['b', 1]);
        store.run('DELETE FROM item WHERE id = ?', [1]);
      });
      records.push(seen);
    }
    expect(records[1]).toEqual(records[0]);
    expect(records[0]![0]!.writes.item).toEqual({ insert: 1, update: 1, delete: 1 });
  });

  it('names the sql.js version the private calls were written against, pinned exactly', async () => {
    const { readFileSync } = await import('node:fs');
    const pinned = (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }).dependencies['sql.js'];
    expect(readFileSync('src/core/db/store.ts', 'utf8')).toContain(`pins exactly (${pinned})`);
  });
});
