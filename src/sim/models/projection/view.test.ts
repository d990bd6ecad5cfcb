/**
 * The view the lab shows (`observeProjection` with KEPT sources: PROJ-4's verdict for
 * `rebuild_matches`, the tracked memo for `feed_text`) equals the full-history read
 * (FULL_HISTORY: every event folded and read again) after every move of random schedules
 * that step, go Back, undo to an earlier step and fork (`work_items` too, kept by workItems.ts) — on the correct design and the
 * broken ones, where the projection does differ from its rebuild (counted: not vacuous) and
 * events are deleted. A memo that misses a redaction is caught, and one that misses a rebuild.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import type { Model } from '../../model';
import { World } from '../../world';
import { trackFeedText } from './feedText';
import { trackWorkItems } from './workItems';
import { projectionModel } from './index';
import { FULL_HISTORY, observeProjection } from './view';

useSqlJs();

/** The model, observing both ways at once. */
const both = (base: Model): Model => ({
  ...base,
  observe: (ctx) => ({ kept: base.observe(ctx), full: observeProjection(ctx, FULL_HISTORY) }),
});
const MODEL = both(projectionModel as unknown as Model);
/** Broken on purpose: the feed's text is never read again after a redaction rewrote an event. */
const MISSES_REDACTION = both({ ...(projectionModel as unknown as Model), track: (ctx) => { trackFeedText(ctx, () => false); trackWorkItems(ctx); } });
/** Broken on purpose: the work items' statuses are not read again after a rebuild or a snapshot restore deleted rows. */
const MISSES_WIPE = both({ ...(projectionModel as unknown as Model), track: (ctx) => { trackFeedText(ctx); trackWorkItems(ctx, 'ignore'); } });

const DESIGNS: Record<string, string>[] = [
  { network: 'auto', window: '3' },
  { network: 'manual' },
  { network: 'auto', redaction: 'delete_event' },
  { network: 'auto', apply: 'no_dedupe', redaction: 'flag_only' },
  { network: 'auto', apply: 'cursor_on_receipt', window: '3' },
];
// Starts with a note on the main group and its tombstone, which random moves rarely reach.
const PREFIX: unknown[] = [{ emit: 2 }, 'report', { tombstone: 'E-G1-6' }];

/** How often the full read found the projection differing from its rebuild (0 would make the agreement vacuous). */
const seen = { differsFromRebuild: 0 };

/** The first move after which the two views differ (its step log), or null. */
function firstDifference(model: Model, switches: Record<string, string>, choices: readonly number[]): string | null {
  let world = World.create({ model: 'projection', seed: 10, initial: { org: 'acme', group: 'G1', more_groups: ['G2'] }, switches }, { model, history: { recent: 2, every: 4 } });
  try {
    const moves = [...PREFIX.map(() => -1), ...choices];
    for (const [i, choice] of moves.entries()) {
      if (i < PREFIX.length) world.step(PREFIX[i]);
      else if (choice % 17 === 0 && world.actions.length > 0) world.undo();
      else if (choice % 17 === 1 && world.actions.length > 0) world.undoTo(choice % world.actions.length);
      else if (choice % 17 === 2) {
        const child = world.fork();
        world.dispose();
        world = child;
      } else {
        const options: unknown[] = [...(world.modelEnabled() ?? []), ...world.network.inFlight.map((f) => ({ deliver: f.id }))];
        world.step(options[choice % options.length]);
      }
      const { kept, full } = world.observe() as { kept: unknown; full: { rebuild_matches: boolean } };
      if (!full.rebuild_matches) seen.differsFromRebuild += 1;
      if (JSON.stringify(kept) !== JSON.stringify(full)) return JSON.stringify(world.actions);
    }
    return null;
  } finally {
    world.dispose();
  }
}

const schedules = fc.tuple(fc.constantFrom(...DESIGNS), fc.array(fc.nat({ max: 10_000 }), { minLength: 10, maxLength: 40 }));

describe('projection view: the kept view equals the full-history read', () => {
  it('after every move of random schedules (steps, Back, undo-to, fork), on every design', () => {
    fc.assert(fc.property(schedules, ([switches, choices]) => firstDifference(MODEL, switches, choices) === null), { numRuns: 25, seed: 10 });
    expect(seen.differsFromRebuild).toBeGreaterThan(0);
  }, 600_000);

  it('catches a feed-text memo that misses a redaction', () => {
    const found = fc.check(fc.property(schedules, ([switches, choices]) => firstDifference(MISSES_REDACTION, switches, choices) === null), { numRuns: 25, seed: 10 });
    expect(found.failed).toBe(true);
  }, 600_000);

  it('catches a work-items memo that misses a rebuild', () => {
    const found = fc.check(fc.property(schedules, ([switches, choices]) => firstDifference(MISSES_WIPE, switches, choices) === null), { numRuns: 25, seed: 10 });
    expect(found.failed).toBe(true);
  }, 600_000);
});
