/** The crash panel's "lost" column, from the trace and the node specs (crashLoss.ts). */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { useLabs } from '../lab/driver/testing';
import { getModel, modelIds } from '../lab/models';
import type { TraceEntry } from '../sim/world';
import { msg } from '../core/message';
import { crashLoss, latestCrash } from './crashLoss';

useSqlJs();
const openLab = useLabs();

const MEMORY_TABLES = ['lg_checkpoint', 'lg_blob', 'lg_write'];

describe('crashLoss on L05 (the worker A and its process memory A_memory)', () => {
  it('key only: the checkpoints kept only in memory are lost, as many rows as the memory held', async () => {
    const lab = openLab('L05', { switches: { recovery: 'key_only' } }).act('ask', { crash_at: 'workflow.before_submit' });
    await lab;
    const memory = lab.world.store('A_memory');
    const count = (table: string) => Number(memory.get(`SELECT count(*) AS n FROM ${table}`)!.n);
    const before = Object.fromEntries(MEMORY_TABLES.map((t) => [t, count(t)]));
    const checkpointsBefore = lab.observed().memory_checkpoints;
    await lab.act('approve');
    const found = latestCrash(lab.world.trace)!;
    expect(found.crash.crash).toEqual({ node: 'A', point: 'workflow.before_submit' });
    const lost = crashLoss(found.crash, lab.world.nodes);
    expect(lost.memory.map((m) => m.store)).toEqual(['A_memory']);
    const removed = Object.fromEntries(lost.memory[0]!.tables.map((t) => [t.table, t.rows]));
    // The numbers the crash step's record carries since fd45566.
    expect(removed).toEqual({ lg_checkpoint: 3, lg_blob: 11, lg_write: 11 });
    expect(removed.lg_checkpoint).toBe(checkpointsBefore);
    // Rows are conserved: what memory held before the step, plus what the step added before
    // the crash, is what the crash removed; afterwards the memory is empty.
    for (const table of MEMORY_TABLES) {
      const added = found.crash.transactions.filter((t) => t.store === 'A_memory' && t.outcome === 'commit')
        .reduce((n, t) => n + (t.writes[table]?.insert ?? 0), 0);
      expect(removed[table], table).toBe(before[table]! + added);
      expect(count(table), table).toBe(0);
    }
    expect(lost.rolledBack).toEqual([]);
  });

  it('all three: the memory held nothing (checkpoints are durable in A), so the store is listed with no rows', async () => {
    const lab = openLab('L05', { switches: { recovery: 'all_three' } }).act('ask', { crash_at: 'workflow.before_submit' }, 'approve');
    await lab;
    const lost = crashLoss(latestCrash(lab.world.trace)!.crash, lab.world.nodes);
    expect(lost.memory).toEqual([{ store: 'A_memory', tables: [] }]);
  });

  it('a checkpoint that rolled back in process memory is the crashed node\'s unfinished work', async () => {
    const lab = openLab('L05', { switches: { recovery: 'key_only' } }).act({ crash_at: 'checkpoint.before_put_commit' }, 'ask');
    await lab;
    const lost = crashLoss(latestCrash(lab.world.trace)!.crash, lab.world.nodes);
    expect(lost.rolledBack.map((t) => `${t.store}.${t.name}`)).toEqual(['A_memory.checkpoint.put']);
  });
});

describe('crashLoss and latestCrash on the refund labs (worker-1 crashes inside a step that restarts it)', () => {
  it('L04 crash-inside: the refund transaction worker-1 held open in the shop\'s database is lost', async () => {
    const lab = openLab('L04').act('approve', 'crash_before_commit');
    await lab;
    const found = latestCrash(lab.world.trace)!;
    expect(found.crash.crash).toEqual({ node: 'worker-1', point: 'local.before_commit' });
    const lost = crashLoss(found.crash, lab.world.nodes);
    expect(lost.rolledBack.map((t) => `${t.store}.${t.name}`)).toEqual(['shop.refund_local']);
    expect(lost.rolledBack[0]!.writes.refund_ledger).toEqual({ insert: 1, update: 0, delete: 0 });
  });

  it('L04 crash-inside, the L01 cards and L06 f1: the restart in the crash step is the restart, its notes the recovery', async () => {
    // What recovery ran after the restart, told from what ran before the crash by the World's
    // restart mark: after a commit the attempt is settled and the operation marked UNKNOWN.
    const cases: [string, string, string, string[]][] = [
      ['L04', 'crash_before_commit', 'refund.recovers_prepared', []],
      ['L01', 'crash_before_commit', 'refund.recovers_prepared', []],
      ['L01', 'crash_after_commit', 'refund.recovers_unknown', ['worker-1.settle_attempt', 'shop.operation_timeout']],
      ['L06', 'crash_before_commit', 'refund.recovers_prepared', []],
    ];
    for (const [id, action, recovers, recovery] of cases) {
      const lab = openLab(id).act('approve', action);
      await lab;
      const found = latestCrash(lab.world.trace)!;
      expect(found.restart, `${id} ${action}`).toMatchObject({ index: 2, inCrashStep: true });
      expect(found.restart!.transactions.map((t) => `${t.store}.${t.name}`), `${id} ${action}`).toEqual(recovery);
      expect(found.restart!.notes.map((n) => (typeof n === 'string' ? n : n.key)), `${id} ${action}`).toEqual(['world.restarted', recovers]);
      // A later step is no restart: the one found stays the crash step's.
      await lab.act('retry');
      expect(latestCrash(lab.world.trace)!.restart?.index, `${id} ${action} then retry`).toBe(2);
    }
  });
});

/** A trace entry with only what crashLoss reads. */
function entry(index: number, over: Partial<TraceEntry>): TraceEntry {
  return { index, action: null, label: { key: 'steps.x' }, time: 0, transactions: [], sent: [], delivered: [], dropped: [], notes: [], crash: null, invariants: [], ...over };
}
const wipe = (store: string, rows: number) => ({ store, name: 'wipe', outcome: 'commit' as const, writes: { t: { insert: 0, update: 0, delete: rows } }, rowids: {} });

describe('crashLoss on a hand-made trace', () => {
  const crash = entry(1, { crash: { node: 'A', point: 'p' }, transactions: [wipe('A_mem', 2), wipe('B_mem', 5), wipe('shop', 7)] });

  it('counts only the stores declared as the crashed node\'s memory', async () => {
    const nodes = [{ id: 'A' }, { id: 'A_mem', memoryOf: 'A' }, { id: 'B' }, { id: 'B_mem', memoryOf: 'B' }, { id: 'shop' }];
    expect(crashLoss(crash, nodes).memory).toEqual([{ store: 'A_mem', tables: [{ table: 't', rows: 2 }] }]);
  });

  it('without memoryOf nothing else is counted as lost (the panel as it was)', async () => {
    expect(crashLoss(crash, [{ id: 'A' }, { id: 'A_mem' }, { id: 'shop' }]).memory).toEqual([]);
  });

  it('every transaction the crash step rolled back is lost, on the crashed node\'s store or another', async () => {
    const rollback = (store: string) => ({ store, name: 'open', outcome: 'rollback' as const, writes: {}, rowids: {} });
    const step = entry(1, { crash: { node: 'A', point: 'p' }, transactions: [wipe('shop', 1), rollback('shop')] });
    expect(crashLoss(step, [{ id: 'A' }, { id: 'shop' }]).rolledBack.map((t) => t.store)).toEqual(['shop']);
  });

  it('a restart noted after the crash in the crash step is its restart; notes from the restart on are the recovery', async () => {
    const notes = [msg('x.before', {}), msg('world.crashed', { node: 'A', point: 'p' }), msg('world.restarted', { node: 'A' }), msg('x.recovers', {})];
    const found = latestCrash([entry(0, {}), entry(1, { crash: { node: 'A', point: 'p' }, notes }), entry(2, { action: { type: 'restart', node: 'A' } })])!;
    expect(found.restart).toMatchObject({ index: 1, inCrashStep: true });
    expect(found.restart!.notes).toEqual(notes.slice(2));
    // Another node's restart is not this crash's.
    const other = [notes[1]!, msg('world.restarted', { node: 'B' })];
    expect(latestCrash([entry(1, { crash: { node: 'A', point: 'p' }, notes: other })])!.restart).toBeNull();
  });

  it('latestCrash finds the latest crash, its restart and the frames to it that died', async () => {
    const frame = { id: 9, from: 'B', to: 'A', kind: 'ping', body: {}, sentAt: 0 };
    const trace = [entry(0, {}), crash, entry(2, { dropped: [frame] }), entry(3, { action: { type: 'restart', node: 'A' } })];
    const found = latestCrash(trace)!;
    expect([found.crash.index, found.restart?.index, found.lostFrames.map((f) => f.id)]).toEqual([1, 3, [9]]);
    expect(found.restart?.inCrashStep).toBe(false);
    expect(latestCrash(trace.slice(0, 1))).toBeNull();
  });
});

describe('memoryOf in the models', () => {
  it('names another node of the same model, under every switch option', async () => {
    for (const id of modelIds()) {
      const model = getModel(id);
      const settings = [{}, ...model.switches.flatMap((s) => s.options.map((o) => ({ [s.key]: o.value })))];
      for (const switches of settings) {
        const nodes = model.nodes(Object.fromEntries(model.switches.map((s) => [s.key, switches[s.key] ?? s.default])));
        for (const node of nodes) {
          if (node.memoryOf === undefined) continue;
          expect(node.memoryOf, `${id}: ${node.id}`).not.toBe(node.id);
          expect(nodes.map((n) => n.id), `${id}: ${node.id}.memoryOf`).toContain(node.memoryOf);
        }
      }
    }
  });

  it('L05\'s workflow and L06\'s LangGraph matrix declare A_memory as A\'s process memory (and B_memory as B\'s)', async () => {
    for (const id of ['workflow', 'matrix_langgraph']) {
      const model = getModel(id);
      const defaults = Object.fromEntries(model.switches.map((s) => [s.key, s.default]));
      expect(model.nodes(defaults).filter((n) => n.memoryOf).map((n) => [n.id, n.memoryOf]), id).toEqual([['A_memory', 'A'], ['B_memory', 'B']]);
    }
  });
});
