/* global process, console */
// npm run bench:grade — grading throughput against the built lab (needs `vite build`, which
// the npm script runs first; respects LAB_DIST and GRADE_PORT like scripts/grade.mjs).
// Prints `grade: <files/s>` for the fixture set in e2e/fixtures/submissions/, then, with
// --class=N, for a class of N files made by copying the fixtures under new names and student
// IDs (same answers, so it shares verdicts the way a real class partly does: see README).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FIXTURES = 'e2e/fixtures/submissions';
const args = process.argv.slice(2);
const classSize = Number(args.find((a) => a.startsWith('--class='))?.slice(8) ?? 0);
const workers = args.find((a) => a.startsWith('--workers='));

function grade(folder, label) {
  const out = join(root, `report-${label.replace(/\W+/g, '-')}`);
  const run = spawnSync('node', ['scripts/grade.mjs', folder, '--out', out, ...(workers ? [workers] : [])], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`grading failed:\n${run.stdout}\n${run.stderr}`);
  const line = run.stdout.split('\n').find((l) => l.includes('files/s'));
  const seconds = Number(/in ([\d.]+) s/.exec(run.stdout)?.[1]);
  const files = readdirSync(folder).filter((f) => f.endsWith('.json')).length;
  console.log(`grade: ${(files / seconds).toFixed(2)} files/s (${label}: ${files} files in ${seconds.toFixed(1)} s; ${line?.replace(/^grade: /, '')})`);
}

const root = mkdtempSync(join(tmpdir(), 'grade-bench-'));
try {
  grade(FIXTURES, 'fixture set');
  if (classSize > 0) {
    const dir = join(root, 'class');
    mkdirSync(dir);
    const sources = readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && f !== 'malformed.json');
    for (let i = 0; i < classSize; i++) {
      const text = readFileSync(join(FIXTURES, sources[i % sources.length]), 'utf8');
      const id = `bench-${String(i).padStart(4, '0')}`;
      writeFileSync(join(dir, `${id}.json`), text.replace(/"id": "[^"]*"/, `"id": "${id}"`));
    }
    grade(dir, `class of ${classSize}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
