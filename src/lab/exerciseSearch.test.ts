import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { loadLabsFromDir } from './nodeFiles';
import { panelSearchBounds, searchableExercises, searchStartFor } from './exerciseSearch';
import type { Lab } from './schema';

const labs = new Map(loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [[l.lab.id, l.lab] as const] : [])));
const lab = (id: string): Lab => labs.get(id)!;

describe('a search run as an exercise', () => {
  it('as the lab: the toolbar switches, from the start, the panel bounds', () => {
    const start = searchStartFor(lab('L07'), null, { resource: 'external' });
    expect(start).toEqual({ switches: { resource: 'external' }, prefix: [], bounds: {} });
    expect(panelSearchBounds(lab('L07'), start).depth).toBe(8);
  });

  it('as a repair: its start and adversary, the toolbar value of each switch it offers', () => {
    let seen = 0;
    for (const l of labs.values()) {
      for (const exercise of searchableExercises(l)) {
        if (exercise.kind !== 'repair') continue;
        seen++;
        const offered = exercise.options.map((o) => o.switch);
        const toolbar = { ...Object.fromEntries(offered.map((k, i) => [k, exercise.options[i]!.values[1]!])), unrelated_switch: 'x' };
        const start = searchStartFor(l, exercise.id, toolbar);
        for (const k of offered) expect(start.switches[k]).toBe(toolbar[k as keyof typeof toolbar]);
        expect(start.switches.unrelated_switch).toBeUndefined();
        expect(start.prefix).toEqual(exercise.environment!.prefix);
        // The exercise's bounds win over the panel's deeper default.
        const bounds = panelSearchBounds(l, start);
        for (const [k, v] of Object.entries(exercise.environment!.bounds)) expect(bounds[k as keyof typeof bounds]).toEqual(v);
      }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('as a reproduce: its own start (switches, state, first steps), whatever the toolbar says', () => {
    let seen = 0;
    for (const l of labs.values()) {
      for (const exercise of searchableExercises(l)) {
        if (exercise.kind !== 'reproduce') continue;
        seen++;
        const start = searchStartFor(l, exercise.id, { some: 'toolbar' });
        expect(start.switches).toEqual({ ...exercise.start.switches });
        expect(start.prefix).toEqual(exercise.start.actions);
        expect(start.initial).toEqual(exercise.start.initial);
      }
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('an unknown exercise falls back to the lab as it stands', () => {
    expect(searchStartFor(lab('L01'), 'no-such-exercise', { a: 'b' }).switches).toEqual({ a: 'b' });
  });
});
