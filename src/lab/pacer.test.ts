import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { longL07Run } from '../test/longRun';
import { useSqlJs } from '../test/sqljs';
import { World } from '../sim/world';
import { configFor } from './config';
import { loadLabsFromDir } from './nodeFiles';
import { pacer } from './pacer';
import { LabSession } from './session';
import type { Lab } from './schema';

useSqlJs();

const lab = (loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === 'L07') as { ok: true; lab: Lab }).lab;
const bytes = (w: World) => Object.fromEntries(Object.entries(w.images()).map(([k, v]) => [k, [...v]]));

describe('the pacer', () => {
  it('asks for a pause only once a slice of work has passed, then starts a new slice', async () => {
    let t = 0;
    const pause = pacer(10, () => t);
    t = 9;
    expect(pause()).toBeNull();
    t = 10;
    const waiting = pause();
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    t = 15;
    expect(pause()).toBeNull();
  });

  it('a long replay under another switch lets other tasks run between its slices, and ends where one replay in a go does', async () => {
    const steps = longL07Run(200);
    const { session } = await LabSession.open(lab, { steps, cursor: steps.length, switches: { ...lab.world.switches } });
    let ticks = 0;
    const timer = setInterval(() => { ticks += 1; }, 1);
    await session.setSwitch('resource', 'external');
    clearInterval(timer);
    // 200 steps take well over a 10 ms slice; a 1 ms timer fires meanwhile only if the replay handed the thread back.
    expect(ticks).toBeGreaterThan(0);
    const state = session.snapshot;
    const oneGo = World.replay(configFor(lab, state), state.steps.slice(0, state.cursor));
    expect(await session.read(bytes)).toEqual(bytes(oneGo));
    oneGo.dispose();
    session.dispose();
  });
});
