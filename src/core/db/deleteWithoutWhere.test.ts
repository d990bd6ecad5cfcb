/**
 * Why the source may not run `DELETE FROM <table>` without a WHERE (the lint rule
 * `sql/delete-needs-where`, scripts/eslint-sql.mjs, finds one): SQLite empties such a table
 * with its truncate optimization and calls no update hook for it, so the Store's record of
 * the transaction (the trace, incremental invariants, the projection's work items) would say
 * nothing was deleted. `WHERE true` deletes the same rows one by one, each reported. Three
 * such deletes got through before the check existed (wipeProjection, takeHeldSend,
 * forgetProcessMemory).
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { requireSqlJs } from './sqljs';
import { Store, type TxRecord } from './store';

useSqlJs();

describe('DELETE without WHERE', () => {
  it('is a truncate SQLite reports to no update hook; WHERE true reports every row', () => {
    const log: TxRecord[] = [];
    const store = new Store(requireSqlJs(), 'probe', 'CREATE TABLE t (id INTEGER PRIMARY KEY);', { onTransaction: (r) => log.push(r) });
    const fill = () => store.tx('fill', () => { for (const id of [1, 2, 3]) store.run('INSERT INTO t (id) VALUES (?)', [id]); });
    fill();
    expect(store.tx('bare', () => store.run('DELETE FROM t'))).toBe(3);
    fill();
    store.tx('where_true', () => store.run('DELETE FROM t WHERE true'));
    expect(log.filter((t) => t.name !== 'fill').map((t) => [t.name, t.writes, t.rowids])).toEqual([
      ['bare', {}, {}],
      ['where_true', { t: { insert: 0, update: 0, delete: 3 } }, { t: { insert: [], update: [], delete: [1, 2, 3] } }],
    ]);
  });
});
