import { describe, expect, it } from 'vitest';
import { requireSqlJs } from '../db/sqljs';
import { Store, type TxRecord } from '../db/store';
import { CrashSignal, type FaultPoints } from '../faults';
import { useSqlJs } from '../../test/sqljs';
import { CHECKPOINT_SCHEMA } from './schema';
import { AbandonedRunError, PUT_FAULT, SqlJsSaver, WRITES_FAULT } from './sqlSaver';
import { newIdTable, sequenceNaming } from './checkpointIds';

useSqlJs();

function armedAt(point: string | null): FaultPoints {
  return { reach: (p) => { if (p === point) throw new CrashSignal('A', p); } };
}

const checkpoint = (id: string) => ({
  v: 4, id, ts: '1970-01-01T00:00:00.000Z',
  channel_values: { messages: ['hi'], node: 'approve' }, channel_versions: { messages: 1, node: 1 }, versions_seen: {},
});
const config = { configurable: { thread_id: 't', checkpoint_ns: '' } };

describe('SqlJsSaver in the worker database', () => {
  it('saves a checkpoint as one named transaction: the checkpoint row and one blob per channel version', async () => {
    const log: TxRecord[] = [];
    const store = new Store(requireSqlJs(), 'A', CHECKPOINT_SCHEMA, { onTransaction: (r) => log.push(r) });
    const saver = new SqlJsSaver(store, { now: () => 42 });
    await saver.put(config, checkpoint('c1'), { source: 'input', step: -1, parents: {} }, { messages: 1, node: 1 });
    expect(log).toMatchObject([{ store: 'A', name: 'checkpoint.put', outcome: 'commit', writes: {
      lg_blob: { insert: 2, update: 0, delete: 0 }, lg_checkpoint: { insert: 1, update: 0, delete: 0 },
    } }]);
    expect(store.get('SELECT saved_at FROM lg_checkpoint')).toEqual({ saved_at: 42 });
    const tuple = await saver.getTuple(config);
    expect(tuple?.checkpoint.channel_values).toEqual({ messages: ['hi'], node: 'approve' });
  });

  it('a crash before the put commits leaves no trace of the checkpoint (rolled back whole)', async () => {
    const store = new Store(requireSqlJs(), 'A', CHECKPOINT_SCHEMA);
    const saver = new SqlJsSaver(store, { faults: armedAt(PUT_FAULT) });
    await expect(saver.put(config, checkpoint('c1'), { source: 'input', step: -1, parents: {} }, { messages: 1 })).rejects.toBeInstanceOf(CrashSignal);
    expect(store.all('SELECT * FROM lg_checkpoint')).toEqual([]);
    expect(store.all('SELECT * FROM lg_blob')).toEqual([]);
  });

  it('a crash before a task\'s writes commit loses all of them, not some', async () => {
    const store = new Store(requireSqlJs(), 'A', CHECKPOINT_SCHEMA);
    const ok = new SqlJsSaver(store);
    const saved = await ok.put(config, checkpoint('c1'), { source: 'input', step: -1, parents: {} }, {});
    const crashing = new SqlJsSaver(store, { faults: armedAt(WRITES_FAULT) });
    await expect(crashing.putWrites(saved, [['a', 1], ['b', 2]], 'task-1')).rejects.toBeInstanceOf(CrashSignal);
    expect(store.all('SELECT * FROM lg_write')).toEqual([]);
    await ok.putWrites(saved, [['a', 1], ['b', 2]], 'task-1');
    expect((await ok.getTuple(saved))?.pendingWrites).toEqual([['task-1', 'a', 1], ['task-1', 'b', 2]]);
  });

  it('an abandoned incarnation cannot reach the database any more', async () => {
    const store = new Store(requireSqlJs(), 'A', CHECKPOINT_SCHEMA);
    let alive = true;
    const saver = new SqlJsSaver(store, { alive: () => alive });
    const saved = await saver.put(config, checkpoint('c1'), { source: 'input', step: -1, parents: {} }, {});
    alive = false;
    await expect(saver.putWrites(saved, [['a', 1]], 'task-1')).rejects.toBeInstanceOf(AbandonedRunError);
    await expect(saver.getTuple(saved)).rejects.toBeInstanceOf(AbandonedRunError);
    expect(store.all('SELECT * FROM lg_write')).toEqual([]);
  });

  it('ids stored by sequence: the rows hold sequence names and the virtual time, every read hands back the engine\'s ids', async () => {
    const store = new Store(requireSqlJs(), 'A', CHECKPOINT_SCHEMA);
    const saver = new SqlJsSaver(store, { now: () => 7, naming: sequenceNaming(newIdTable()) });
    const engineCp = { ...checkpoint('1f1ec35a-77ce-6cc0-ffff-d66a725f7ad5'), ts: '2026-11-29T20:44:21.260Z' };
    // The task's writes arrive first (LangGraph does not wait for the put): the checkpoint is named then.
    await saver.putWrites({ configurable: { ...config.configurable, checkpoint_id: engineCp.id } }, [['a', 1]], '44196072-975f-5196-9707-42c7a957bbd7');
    const saved = await saver.put(config, engineCp, { source: 'input', step: -1, parents: {} }, {});
    expect(store.all('SELECT checkpoint_id, checkpoint FROM lg_checkpoint').map((r) => [r.checkpoint_id, JSON.parse(String(r.checkpoint)).ts])).toEqual([
      ['00000001-0000-6000-8000-000000000000', '1970-01-01T00:00:00.007Z'],
    ]);
    expect(store.all('SELECT checkpoint_id, task_id FROM lg_write')).toEqual([
      { checkpoint_id: '00000001-0000-6000-8000-000000000000', task_id: '00000001-0000-5000-8000-000000000000' },
    ]);
    const tuple = await saver.getTuple(config);
    expect(tuple?.config.configurable?.checkpoint_id).toBe(engineCp.id);
    expect(tuple?.checkpoint).toMatchObject({ id: engineCp.id, ts: engineCp.ts });
    expect(tuple?.pendingWrites).toEqual([['44196072-975f-5196-9707-42c7a957bbd7', 'a', 1]]);
    expect((await saver.getTuple(saved))?.checkpoint.id).toBe(engineCp.id);
  });

  it('ids stored by sequence keep the engine\'s order: a checkpoint first seen after a newer one is named below it', async () => {
    // A stalled run's checkpoint (created first, saved last) beside another worker's newer ones: "latest" and
    // `before` must follow the engine's time-ordered ids, not the order the saver happened to see them.
    const [older, newer, newest] = ['1f1ec35a-0001-6000-8000-000000000000', '1f1ec35a-0002-6000-8000-000000000000', '1f1ec35a-0003-6000-8000-000000000000'];
    const store = new Store(requireSqlJs(), 'A', CHECKPOINT_SCHEMA);
    const saver = new SqlJsSaver(store, { naming: sequenceNaming(newIdTable()) });
    const meta = { source: 'loop' as const, step: 0, parents: {} };
    await saver.put(config, checkpoint(newer), meta, {});
    await saver.put(config, checkpoint(older), meta, {});
    expect((await saver.getTuple(config))?.checkpoint.id).toBe(newer);
    await saver.put(config, checkpoint(newest), meta, {});
    expect((await saver.getTuple(config))?.checkpoint.id).toBe(newest);
    const listed = [];
    for await (const t of saver.list(config)) listed.push(t.checkpoint.id);
    expect(listed).toEqual([newest, newer, older]);
    const before = [];
    for await (const t of saver.list(config, { before: { configurable: { checkpoint_id: newer } } })) before.push(t.checkpoint.id);
    expect(before).toEqual([older]);
    expect(store.all('SELECT checkpoint_id FROM lg_checkpoint ORDER BY checkpoint_id').map((r) => r.checkpoint_id)).toEqual([
      '00000000-8000-6000-8000-000000000000', '00000001-0000-6000-8000-000000000000', '00000002-0000-6000-8000-000000000000',
    ]);
  });
});
