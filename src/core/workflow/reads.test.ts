import { describe, expect, it } from 'vitest';
import { requireSqlJs } from '../db/sqljs';
import { Store, type TxRecord } from '../db/store';
import { useSqlJs } from '../../test/sqljs';
import { CHECKPOINT_SCHEMA } from './schema';
import { SqlJsSaver } from './sqlSaver';
import { checkpointCount, forgetProcessMemory, pendingWriteCount } from './reads';

useSqlJs();

const config = { configurable: { thread_id: 't', checkpoint_ns: '' } };
const checkpoint = (id: string) => ({
  v: 4, id, ts: '1970-01-01T00:00:00.000Z',
  channel_values: { messages: ['hi'], node: 'approve' }, channel_versions: { messages: 1, node: 1 }, versions_seen: {},
});

describe('forgetProcessMemory', () => {
  // A crash under 'key_only' wipes A's process memory: the crash step's trace entry (what the
  // Timeline lists for the step) must say which checkpoints, blobs and pending writes went,
  // not "wrote nothing", and an incremental check reading the record must learn rows went away.
  it('records every checkpoint, blob and pending write it wipes, by rowid', async () => {
    const log: TxRecord[] = [];
    const memory = new Store(requireSqlJs(), 'A_memory', CHECKPOINT_SCHEMA, { onTransaction: (r) => log.push(r) });
    const saver = new SqlJsSaver(memory);
    const saved = await saver.put(config, checkpoint('c1'), { source: 'input', step: -1, parents: {} }, { messages: 1, node: 1 });
    await saver.putWrites(saved, [['a', 1], ['b', 2]], 'task-1');
    const rowids = (table: string) => memory.all(`SELECT rowid AS r FROM ${table} ORDER BY rowid`).map((row) => Number(row.r));
    const before = { lg_checkpoint: rowids('lg_checkpoint'), lg_blob: rowids('lg_blob'), lg_write: rowids('lg_write') };
    expect([before.lg_checkpoint.length, before.lg_blob.length, before.lg_write.length]).toEqual([1, 2, 2]);

    log.length = 0;
    forgetProcessMemory(memory);
    expect([checkpointCount(memory), pendingWriteCount(memory), Number(memory.get('SELECT count(*) AS n FROM lg_blob')!.n)]).toEqual([0, 0, 0]);
    expect(log).toEqual([{
      store: 'A_memory', name: 'process_memory_lost', outcome: 'commit',
      writes: {
        lg_checkpoint: { insert: 0, update: 0, delete: 1 },
        lg_blob: { insert: 0, update: 0, delete: 2 },
        lg_write: { insert: 0, update: 0, delete: 2 },
      },
      rowids: {
        lg_checkpoint: { insert: [], update: [], delete: before.lg_checkpoint },
        lg_blob: { insert: [], update: [], delete: before.lg_blob },
        lg_write: { insert: [], update: [], delete: before.lg_write },
      },
    }]);
  });
});
