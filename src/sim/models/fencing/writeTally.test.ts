/**
 * observe()'s write counts are a tally moved forward from the rows written since the last
 * call (tallyWrites, kept in ctx.memo). On random L07 schedules with Backs, forks and
 * observes skipped now and then, the tally must equal the full scan (writeCounts) at every
 * step. Two broken variants must be caught: a tally kept outside the World that never
 * notices a Back, and the same with the mark check (the reset) left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countAfter, emptyTally, tallyWrites, writeCounts, type WriteCounts, type WriteTally } from '../../../core/fencing/audit';
import type { Store } from '../../../core/db/store';
import { DEFAULT_HISTORY, DENSE_HISTORY } from '../../history';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';
import type { Model } from '../../model';
import { fencingModel } from './index';
import { WRITE_TALLY } from './view';
import { FENCING_BASE, fencingActionEntries, fencingWorker } from './testSchedules';

useSqlJs();

const BASE = FENCING_BASE;
const actionArb = fc.oneof(
  ...fencingActionEntries,
  // More writes than the shared mix: the tally is about the write log.
  { weight: 2, arbitrary: fencingWorker.map((w) => `${w}_write`) },
  // Not World actions: the lab's Back (one or several steps) and a fork carried on with.
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }).map((steps) => ({ back: steps })) },
  { weight: 1, arbitrary: fc.constant({ fork: true }) },
);

const schedule = fc.record({
  network: fc.constantFrom('auto', 'auto', 'manual'),
  dense: fc.boolean(),
  steps: fc.array(fc.tuple(actionArb, fc.boolean()), { minLength: 10, maxLength: 40 }),
});

type Schedule = typeof schedule extends fc.Arbitrary<infer T> ? T : never;

/** How a variant counts: given the World, what observe() would show as `writes`. */
type Counter = (world: World) => WriteCounts;

/** The production path. */
const observed: Counter = (world) => world.observe().writes as WriteCounts;

/** A tally kept beside the World (not in ctx.memo, so a Back does not put it back). */
function outside(tally: (resource: Store, t: WriteTally) => WriteCounts): () => Counter {
  return () => {
    const tallies = new WeakMap<World, WriteTally>();
    return (world) => {
      if (!tallies.has(world)) tallies.set(world, emptyTally());
      return tally(world.store('resource'), tallies.get(world)!);
    };
  };
}

/** Broken: adds the rows after its seq and never checks that the log still holds them. */
function noReset(resource: Store, t: WriteTally): WriteCounts {
  const fresh = countAfter(resource, t.seq);
  t.accepted += fresh.accepted;
  t.refused += fresh.refused;
  t.seq += fresh.accepted + fresh.refused; // seqs are dense: AUTOINCREMENT, the log is append-only
  return { accepted: t.accepted, refused: t.refused };
}

/** Runs a schedule; true when `count` equalled the full scan at every observed step. */
function agrees(makeCounter: () => Counter, { network, dense, steps }: Schedule): boolean {
  const count = makeCounter();
  const opened: World[] = [];
  let world = World.create({ ...BASE, switches: { network } }, { history: dense ? DENSE_HISTORY : DEFAULT_HISTORY });
  opened.push(world);
  try {
    for (const [action, look] of steps) {
      if (typeof action === 'object' && action !== null && 'back' in action) {
        world.undoTo(Math.max(0, world.actions.length - (action as { back: number }).back));
      } else if (typeof action === 'object' && action !== null && 'fork' in action) {
        world = world.fork({ history: dense ? DENSE_HISTORY : DEFAULT_HISTORY });
        opened.push(world);
      } else {
        world.step(action);
      }
      // Observes skipped now and then: the tally must catch up over several steps at once.
      if (look && JSON.stringify(count(world)) !== JSON.stringify(writeCounts(world.store('resource')))) return false;
    }
    return JSON.stringify(count(world)) === JSON.stringify(writeCounts(world.store('resource')));
  } finally {
    for (const w of opened) w.dispose();
  }
}

describe('observe: incremental write counts equal the full scan', () => {
  it('on random L07 schedules with Backs and forks, at every step', () => {
    fc.assert(fc.property(schedule, (s) => agrees(() => observed, s)), { numRuns: 60 });
  });

  it('a tally kept outside the World still agrees: the mark check notices a Back', () => {
    fc.assert(fc.property(schedule, (s) => agrees(outside(tallyWrites), s)), { numRuns: 80 });
  });

  it('broken variant (no reset after a Back) is caught', () => {
    const found = fc.check(fc.property(schedule, (s) => agrees(outside(noReset), s)), { numRuns: 200 });
    expect(found.failed).toBe(true);
  });

  it('counts by hand: the L07 story, then Backs take the refusal and the writes away', () => {
    const world = World.create({ ...BASE, switches: { network: 'auto' } }, { history: DENSE_HISTORY });
    try {
      world.step('A_write');
      expect(world.observe().writes).toEqual({ accepted: 1, refused: 0 });
      // SPEC 9.7's story: A pauses, its lease runs out, B takes over and writes, A wakes.
      for (const action of ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake']) world.step(action);
      expect(world.observe().writes).toEqual({ accepted: 2, refused: 1 });
      world.undo();
      expect(world.observe().writes).toEqual({ accepted: 2, refused: 0 });
      world.undoTo(0);
      expect(world.observe().writes).toEqual({ accepted: 0, refused: 0 });
    } finally {
      world.dispose();
    }
  });

  it('the tally is current in every checkpoint, observed or not (track); without track a Back counts the log again', () => {
    // Steps nobody observed (a loaded card, undo's replays): the checkpoint after them must
    // hold the tally as of its step, so the observe after a Back adds no more than a step's rows.
    const tallyAfterBack = (model: Model) => {
      const world = World.create(BASE, { model, history: DENSE_HISTORY });
      for (let i = 0; i < 12; i++) world.step('A_write');
      world.undo();
      const kept = (JSON.parse(world.memoText()) as Record<string, WriteTally | undefined>)[WRITE_TALLY];
      world.dispose();
      return kept?.seq ?? 0;
    };
    expect(tallyAfterBack(fencingModel as unknown as Model)).toBe(11);
    expect(tallyAfterBack({ ...(fencingModel as unknown as Model), track: undefined })).toBe(0);
  });
});
