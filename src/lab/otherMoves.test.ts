/**
 * Every step a search may take, a student can take: for each reproduce exercise of a
 * synchronous lab, the shortest counterexample search finds from the exercise's start is
 * walked step by step, and each step is either a palette button of the lab or one of the
 * other moves offered at that state. Also: L01's takeover, which its palette lacks, is
 * offered as a business move, and what the palette has is never offered twice.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import canonicalize from 'canonicalize';
import { useSqlJs } from '../test/sqljs';
import { World } from '../sim/world';
import { parseActionFor } from '../sim/parseAction';
import { configFor } from './config';
import { searchStartFor } from './exerciseSearch';
import { loadLabsFromDir } from './nodeFiles';
import { otherMoves } from './otherMoves';
import { offeredActions } from './palette';
import { isAsyncSearch, searchLab } from './search';
import type { Lab } from './schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const key = (a: unknown) => canonicalize(a) ?? '';

function walk(lab: Lab, switches: Record<string, string>, initial: Record<string, unknown> | undefined, actions: readonly unknown[], from: number): string[] {
  const world = World.create(configFor(lab, { switches, initial }));
  const palette = offeredActions(lab, switches);
  const onPalette = new Set(palette.map((e) => key(parseActionFor(world.model, e.action))));
  const missing: string[] = [];
  try {
    actions.forEach((raw, i) => {
      const action = parseActionFor(world.model, raw);
      if (i >= from && !onPalette.has(key(action)) && !otherMoves(lab, world, palette).some((m) => key(m.action) === key(action))) missing.push(`step ${i + 1}: ${key(action)}`);
      world.step(raw);
    });
  } finally {
    world.dispose();
  }
  return missing;
}

describe('other moves: every step of a counterexample can be taken by hand', () => {
  for (const lab of labs) {
    const reproduces = lab.exercises.filter((e) => e.kind === 'reproduce' && 'violates' in e.goal);
    if (reproduces.length === 0) continue;
    it(`${lab.id}: each reproduce exercise's counterexample`, async () => {
      for (const exercise of reproduces) {
        const start = searchStartFor(lab, exercise.id, {});
        if (isAsyncSearch(lab, start.switches)) continue;
        const result = await searchLab(lab, { ...start, stopAtFirst: false });
        const goal = (exercise as { goal: { violates: string } }).goal.violates;
        const found = result.counterexamples.find((c) => c.invariant === goal) ?? result.counterexamples[0];
        if (!found) continue; // the goal lies past the CI bounds: nothing to walk
        expect(walk(lab, start.switches, start.initial, found.actions, start.prefix.length), `${lab.id} ${exercise.id}`).toEqual([]);
      }
    });
  }

  it('L01 offers the takeover its palette lacks, and nothing the palette has', async () => {
    const lab = labs.find((l) => l.id === 'L01')!;
    const switches = { ...lab.world.switches };
    const world = World.create(configFor(lab, { switches }));
    try {
      const palette = offeredActions(lab, switches);
      world.step(palette[0]!.action);
      const moves = otherMoves(lab, world, palette);
      const onPalette = new Set(palette.map((e) => key(parseActionFor(world.model, e.action))));
      expect(moves.every((m) => !onPalette.has(key(m.action)))).toBe(true);
      expect(moves.some((m) => m.kind === 'business')).toBe(true);
      expect(moves.some((m) => m.kind === 'environment')).toBe(true);
    } finally {
      world.dispose();
    }
  });
});
