/**
 * `npm run explore` as a judge: a search cut short by a limit never ends in "no violation"
 * (its own last line and exit code), --recover reports states the recovery cannot settle, and
 * a search over worker_threads ends as one in this thread does.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function explore(...args: string[]): { code: number | null; last: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/explore.ts', ...args], { encoding: 'utf8', timeout: 120_000 });
  const lines = run.stdout.trim().split('\n');
  return { code: run.status, last: lines[lines.length - 1] ?? '' };
}

describe('npm run explore', () => {
  it('says incomplete, with exit 3, when --max-states stops it', () => {
    const run = explore('L07', '--max-states', '5');
    expect(run.last).toMatch(/^incomplete: stopped by --max-states 5 after \d+ states, \d+ transitions \(depth \d+ complete\)$/);
    expect(run.code).toBe(3);
  }, 120_000);

  it('runs one search over worker_threads with the verdict of one thread', () => {
    const one = explore('L07', '--depth', '3', '--switch', 'resource=external', '--workers', '1');
    const two = explore('L07', '--depth', '3', '--switch', 'resource=external', '--workers', '2', '--reduce');
    expect(one.last).toMatch(/^counterexample: FENCE-1 in 3 steps$/);
    expect(two.last).toBe(one.last);
    expect(two.code).toBe(1);
    expect(explore('L07', '--workers', '0').code).toBe(2);
  }, 240_000);

  it('passes a search that finished (exit 0) and refuses --recover with --swarm (exit 2)', () => {
    const done = explore('L07', '--depth', '2', '--recover');
    expect(done.last).toMatch(/^no violation: \d+ states/);
    expect(done.code).toBe(0);
    expect(explore('L07', '--recover', '--swarm', '--seed', '1').code).toBe(2);
  }, 120_000);
});
