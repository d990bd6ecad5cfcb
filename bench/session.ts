/**
 * A long lab session: LabSession driving L07 (each step a `play` and the `view()` the app
 * renders after it) with a repeating cycle of legal actions, to 30,000 steps. A session a
 * student leaves open grows its step log, trace and checkpoints for as long as it runs;
 * what a step or a jump costs must not grow with them.
 *
 * - `ratio session step@20000/step@1000`: mean CPU time of a step over 256 steps (four
 *   in-place windows, so each mean holds the same number of window closings) at 20,000
 *   over the same at 1,000; `step@30000/step@1000` the same after 10,000 steps more.
 * - `session bytes/step`: growth of the JavaScript heap plus external memory (images,
 *   sql.js's memory) from step 1,000 to 20,000, after a full GC when `--expose-gc` allows
 *   it, per step.
 * - `session jump@20000 ms`: the slowest of 25 jumps (slider, Back to an old step, and the
 *   way back forward) at 20,000 steps, each with its view, in CPU milliseconds.
 */
import { resolve } from 'node:path';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { LabSession } from '../src/lab/session';
import type { Lab } from '../src/lab/schema';

const CYCLE: unknown[] = [
  'A_write', 'A_renew', { advance: 3 }, 'A_release', 'B_acquire',
  'B_write', 'B_renew', { advance: 3 }, 'B_release', 'A_acquire',
];

const median = (values: readonly number[]): number => [...values].sort((x, y) => x - y)[values.length >> 1]!;
const gc = (globalThis as { gc?: () => void }).gc;
function memory(): number {
  gc?.();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

export async function benchSession(): Promise<void> {
  const lab = (loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === 'L07') as { ok: true; lab: Lab } | undefined)?.lab;
  if (!lab) throw new Error('bench: labs/L07 did not load');
  const { session } = await LabSession.open(lab);
  let n = 0;
  const step = async () => {
    const outcome = await session.play(CYCLE[n++ % CYCLE.length]);
    if (!outcome.ok) throw new Error(`bench: step ${n} refused: ${JSON.stringify(outcome.error)}`);
    session.view();
  };
  const meanMs = async (steps: number) => {
    const start = process.cpuUsage();
    for (let i = 0; i < steps; i++) await step();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / steps;
  };
  const started = performance.now();
  while (n < 1_000) await step();
  const at1000 = await meanMs(256);
  const heap1000 = memory();
  const steps1000 = n;
  while (n < 20_000) await step();
  const heap20000 = memory();
  const bytesPerStep = (heap20000 - heap1000) / (n - steps1000);
  const at20000 = await meanMs(256);

  // Jumps from the end to old steps and back, as a slider does; a seeded sequence, so every run jumps alike.
  const end = session.cursor;
  let seed = 20_000;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  // CPU time, as the other lines: wall-clock time on this shared 2-core machine counted
  // the waits for a core (the same jump printed 21 and 188 ms under load).
  const jumps: number[] = [];
  const walls: number[] = [];
  const jump = async (to: number) => {
    const wall = performance.now();
    const start = process.cpuUsage();
    await session.jumpTo(to);
    session.view();
    const used = process.cpuUsage(start);
    jumps.push((used.user + used.system) / 1000);
    walls.push(performance.now() - wall);
  };
  for (let i = 0; i < 12; i++) {
    await jump(Math.floor(next() * end));
    await jump(i % 2 === 0 ? end : Math.floor(next() * end));
  }
  await jump(end);
  if (session.cursor !== end) throw new Error('bench: the jumps did not come back to the end');
  // On to 30,000: the step cost must still be flat there.
  while (n < 30_000) await step();
  const at30000 = await meanMs(256);
  session.dispose();
  const sorted = [...jumps].sort((a, b) => a - b);

  console.log(`lab session L07 at step 1,000 / 20,000: step ${at1000.toFixed(3)} / ${at20000.toFixed(3)} ms (play + view); ${Math.round((performance.now() - started) / 1000)} s in all`);
  console.log(`session jumps at 20,000: median ${sorted[sorted.length >> 1]!.toFixed(1)} ms CPU over ${jumps.length}; wall-clock median ${median(walls).toFixed(1)}, slowest ${Math.max(...walls).toFixed(1)} ms`);
  console.log(`ratio session step@20000/step@1000: ${(at20000 / at1000).toFixed(2)}`);
  console.log(`ratio session step@30000/step@1000: ${(at30000 / at1000).toFixed(2)}`);
  console.log(`session bytes/step${gc ? '' : ' (no --expose-gc: without a full GC first)'}: ${bytesPerStep.toFixed(0)}`);
  console.log(`session jump@20000 ms: ${sorted[sorted.length - 1]!.toFixed(1)}`);
}
