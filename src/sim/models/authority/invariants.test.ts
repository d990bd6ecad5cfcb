/**
 * AUTH-1 and AUTH-2's step forms (a kept shape / kept findings plus rowid marks in
 * `ctx.memo`, moved by only the rows a step inserted) agree with the full-history `check`:
 * on random schedules of the authority (L09/L12) with a scribbler that breaks both through
 * inserts alone (so the incremental path, not the start-over path, is what is judged), with
 * undo and fork, and on L10/L11's feed including L11's erase-by-delete. Each step form is
 * shown failing on a broken variant: one that drops the rows it was handed, one that skips
 * the receipts a step inserted, and one whose memo lives outside the World (Back leaves it ahead).
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Model, ModelContext } from '../../model';
import { checkStepAgreement, undoForkAgreement } from '../../oracle';
import type { WorldConfig } from '../../world';
import { authorityModel } from './index';
import { advanceShape, historyStep, receiptStep } from './invariants';
import { groupOf } from './view';

useSqlJs();

const INITIAL = { org: 'acme', group: 'G1', members: { 'agent-1': 'worker', 'agent-2': 'worker' }, missions: { M1: 1000 }, work_items: { W1: 'M1', W2: 'M1' } };
const config = (switches: Record<string, string> = {}): WorldConfig => ({ model: 'authority', seed: 9, initial: INITIAL, switches });
const OPTIONS = { runs: 6, steps: 30, seed: 3, maxAdvance: 6, crashRate: 0.1 };

/**
 * A broken authority that, after each command it receives, writes behind the accept path's
 * back with INSERTs (plus the counter) only, in turn: an event two past the counter with the
 * counter moved over the gap (AUTH-1 gap, AUTH-2 event without receipt or outbox); a receipt
 * for an event that does not exist yet (orphan); that event, at the next number (orphan
 * resolved, no outbox row); an outbox row for it; an event numbered below 1 (outside).
 */
let scribbles = 0;
const scribbler: Model = {
  ...(authorityModel as unknown as Model),
  receive(ctx, frame) {
    authorityModel.receive(ctx, frame);
    if (frame.to !== 'authority') return;
    const store = ctx.store('authority');
    const group = groupOf(ctx);
    const k = ++scribbles;
    const counter = () => Number(store.get('SELECT sequence FROM groups WHERE group_id = ?', [group])!.sequence);
    const event = (id: string, seq: number) => store.run("INSERT INTO events (event_id, group_id, seq, aggregate_id, aggregate_revision, kind, payload, at) VALUES (?, ?, ?, 'x', 0, 'member_removed', ?, 0)", [id, group, seq, '{"agent":"nobody"}']);
    store.tx('scribble', () => {
      switch (k % 5) {
        case 1: {
          const seq = counter() + 2;
          event(`gap-${k}`, seq);
          store.run('UPDATE groups SET sequence = ? WHERE group_id = ?', [seq, group]);
          break;
        }
        case 2:
          store.run("INSERT INTO receipts (receipt_id, actor_id, action_id, digest, event_id) VALUES (?, 'ghost', ?, 'd', ?)", [`r-${k}`, `a-${k}`, `ghost-${k}`]);
          break;
        case 3: {
          const seq = counter() + 1;
          event(`ghost-${k - 1}`, seq);
          store.run('UPDATE groups SET sequence = ? WHERE group_id = ?', [seq, group]);
          break;
        }
        case 4:
          store.run('INSERT INTO outbox (event_id, group_id, seq) VALUES (?, ?, 0)', [`ghost-${k - 2}`, group]);
          break;
        default:
          event(`below-${k}`, -k);
      }
    });
  },
};

const withStep = (model: Model, id: string, checkStep: (ctx: ModelContext) => ReturnType<NonNullable<Model['invariants'][number]['checkStep']>>): Model => ({
  ...model, invariants: model.invariants.map((inv) => (inv.id === id ? { ...inv, checkStep } : inv)),
});

/** Random steps with Back (undo, undoTo), fork and deliveries; the first step where `ids` disagree with the full check, or null. */
const undoForkRun = (cfg: WorldConfig, model: Model | undefined, ids: string[], seed: number, prefix: readonly unknown[] = []) =>
  undoForkAgreement(cfg, { ...(model ? { model } : {}), ids, seed, moves: 60, spread: 10, prefix, deliver: true });

describe('AUTH-1 / AUTH-2 step forms agree with the full check', () => {
  it('on a scribbler that breaks both through inserts alone', () => {
    scribbles = 0;
    const report = checkStepAgreement(config(), { ...OPTIONS, model: scribbler });
    expect(report.disagreements).toEqual([]);
    expect(report.violatingSteps, 'the scribbles must show, or agreement is vacuous').toBeGreaterThan(20);
  }, 300_000);

  it('with Back and fork, on the real authority and on the scribbler (the memo goes back with the World)', () => {
    let violating = 0;
    for (const [i, model] of [undefined, scribbler].entries()) {
      scribbles = 0;
      const result = undoForkRun(config(), model, ['AUTH-1', 'AUTH-2'], 50 + i);
      expect(result.disagreement).toBeNull();
      violating += result.violating;
    }
    expect(violating, 'AUTH-1/2 must break somewhere, or agreement is vacuous').toBeGreaterThan(0);
  }, 300_000);

  it("on L10/L11's feed (AUTH-1), including L11's erase-by-delete, with Back and fork", () => {
    const feed = (switches: Record<string, string>): WorldConfig => ({
      model: 'projection', seed: 10, initial: { org: 'acme', group: 'G1' }, switches: { network: 'manual', ...switches },
    });
    let violating = 0;
    // L11's card: two emits, a report, then a tombstone of the note (E-G1-6), before the random steps.
    const tombstone = [{ emit: 2 }, 'report', { tombstone: 'E-G1-6' }];
    for (const [i, switches] of ([{}, { redaction: 'delete_event' }, { redaction: 'flag_only' }] as Record<string, string>[]).entries()) {
      const report = checkStepAgreement(feed(switches), { runs: 3, steps: 40, seed: 30 + i });
      expect(report.disagreements, JSON.stringify(switches)).toEqual([]);
      const result = undoForkRun(feed({ window: '3', ...switches }), undefined, ['AUTH-1'], 60 + i, tombstone);
      expect(result.disagreement, JSON.stringify(switches)).toBeNull();
      violating += result.violating; // steps where AUTH-1 itself was broken
    }
    expect(violating, 'erase-by-delete must break AUTH-1 somewhere').toBeGreaterThan(0);
  }, 600_000);
});

describe('AUTH-1 / AUTH-2 step forms fail on broken variants', () => {
  it('AUTH-1: a step form that drops the events it was handed (keeps only the counter) is caught on the real authority', () => {
    const blind = withStep(authorityModel as unknown as Model, 'AUTH-1', (ctx) => historyStep(ctx, [groupOf(ctx)], (shape, counter) => advanceShape(shape, counter, [])));
    const report = checkStepAgreement(config(), { ...OPTIONS, model: blind });
    expect(report.disagreements.map((d) => d.invariant)).toContain('AUTH-1');
  }, 300_000);

  it('AUTH-1: a step form that keeps the old counter is caught on the scribbler (its counter jumps)', () => {
    scribbles = 0;
    const stale = withStep(scribbler, 'AUTH-1', (ctx) => historyStep(ctx, [groupOf(ctx)], (shape, _counter, added) => advanceShape(shape, shape.counter + added.length, added)));
    const report = checkStepAgreement(config(), { ...OPTIONS, model: stale });
    expect(report.disagreements.map((d) => d.invariant)).toContain('AUTH-1');
  }, 300_000);

  it('AUTH-2: a step form that skips the receipts a step inserted is caught on the scribbler (its orphan receipt goes unseen)', () => {
    scribbles = 0;
    const skipping = withStep(scribbler, 'AUTH-2', (ctx) => receiptStep(ctx, { receipts: true }));
    const report = checkStepAgreement(config(), { ...OPTIONS, model: skipping });
    expect(report.disagreements.map((d) => d.invariant)).toContain('AUTH-2');
  }, 300_000);

  it('AUTH-1 and AUTH-2: a memo kept outside the World is caught after a Back', () => {
    for (const id of ['AUTH-1', 'AUTH-2']) {
      const outside = new Map<string, object>();
      const outsideMemo = <T extends object>(key: string, init: () => T): T => {
        if (!outside.has(key)) outside.set(key, init());
        return outside.get(key) as T;
      };
      const step = id === 'AUTH-1' ? (ctx: ModelContext) => historyStep(ctx, [groupOf(ctx)]) : (ctx: ModelContext) => receiptStep(ctx);
      const leaky = withStep(scribbler, id, (ctx) => step({ ...ctx, memo: outsideMemo }));
      const caught = [0, 1, 2, 3, 4, 5].some((i) => {
        outside.clear();
        scribbles = 0;
        return undoForkRun(config(), leaky, [id], 70 + i).disagreement !== null;
      });
      expect(caught, `${id}: a memo outside the World must be caught after a Back`).toBe(true);
    }
  }, 600_000);
});
