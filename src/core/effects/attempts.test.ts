import { describe, expect, it } from 'vitest';
import { requireSqlJs } from '../db/sqljs';
import { Store, type TxRecord } from '../db/store';
import { useSqlJs } from '../../test/sqljs';
import { WORKER_SCHEMA } from './schema';
import { holdSend, takeHeldSend } from './attempts';

useSqlJs();

describe('a stalled worker\'s held send', () => {
  // The trace shows each transaction's record (Timeline: "release_held wrote nothing" when it
  // is empty), and incremental checks read only the rows a record names: the release has to
  // name the row it took out, or the step looks as if the worker's database never changed.
  it('taking it out is recorded as the delete of the held row', () => {
    const log: TxRecord[] = [];
    const worker = new Store(requireSqlJs(), 'worker-1', WORKER_SCHEMA, { onTransaction: (r) => log.push(r) });
    holdSend(worker, { operationId: 'op-1', epoch: 1, phase: 'after_check', request: '{"kind":"refund_request"}' });
    const rowid = Number(worker.get('SELECT rowid AS r FROM held_dispatch')!.r);
    expect(takeHeldSend(worker)).toEqual({ operationId: 'op-1', epoch: 1, phase: 'after_check', request: '{"kind":"refund_request"}' });
    expect(worker.all('SELECT * FROM held_dispatch')).toEqual([]);
    expect(log.map((t) => t.name)).toEqual(['hold_dispatch', 'release_held']);
    expect(log[1]).toEqual({
      store: 'worker-1', name: 'release_held', outcome: 'commit',
      writes: { held_dispatch: { insert: 0, update: 0, delete: 1 } },
      rowids: { held_dispatch: { insert: [], update: [], delete: [rowid] } },
    });
    // Nothing held: nothing to take, and no transaction at all.
    expect(takeHeldSend(worker)).toBeNull();
    expect(log).toHaveLength(2);
  });
});
