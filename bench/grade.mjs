/* global process, console */
// npm run bench:grade — grading throughput, start-up included: generates a class of N varied
// submissions (bench/classGenerator.ts, seeded, not timed), then times `npm run grade` over
// it from the command's start to its end and prints `grade: <files/s>` with the machine's
// load average, since the number means little without it. --class=N (default 300),
// --seed=S, --workers=N as for the grader.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const value = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const classSize = Number(value('class', 300));
const seed = value('seed', '1');
const workers = value('workers', undefined);

const root = mkdtempSync(join(tmpdir(), 'grade-bench-'));
try {
  const dir = join(root, 'class');
  const gen = spawnSync('npx', ['tsx', 'bench/classGenerator.ts', dir, `--count=${classSize}`, `--seed=${seed}`], { encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(`the class generator failed:\n${gen.stdout}\n${gen.stderr}`);
  console.log(gen.stdout.trim());
  const load = loadavg()[0].toFixed(1);
  const started = process.hrtime.bigint();
  const run = spawnSync('node', ['scripts/grade.mjs', dir, '--out', join(root, 'report'), ...(workers ? [`--workers=${workers}`] : [])], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`grading failed:\n${run.stdout}\n${run.stderr}`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).length;
  console.log(run.stdout.split('\n').filter((l) => / submission\(s\):|warnings:/.test(l)).join('\n'));
  console.log(`grade: ${(files / seconds).toFixed(2)} files/s (${files} generated files in ${seconds.toFixed(1)} s including start-up; ${workers ?? Math.min(4, availableParallelism())} worker(s), ${availableParallelism()} cores, load average ${load} at the start)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
