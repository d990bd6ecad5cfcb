// npm run grade -- <folder> [--out <dir>] [--shard=i/n] [--no-build]
//
// Grades every *.json submission in <folder>: a Playwright run against the built lab
// imports each one into a fresh page, RE-EXECUTES every recorded attempt there and
// recomputes its verdict. A claimed verdict that differs is flagged as tampered; a file that
// is not a valid submission is reported as malformed and does not stop the others.
// Writes grades.json, grades.csv and junit.xml (one test case per student per exercise).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findChromium } from './chromium.mjs';

function fail(message) {
  console.error(`grade: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--out');
const outIndex = args.indexOf('--out');
const out = resolve(outIndex >= 0 ? args[outIndex + 1] ?? fail('--out needs a folder') : 'grade-report');
const shard = args.find((a) => a.startsWith('--shard='));
if (!folder) fail('usage: npm run grade -- <folder of submissions> [--out <dir>] [--shard=i/n] [--no-build]');
if (!existsSync(folder) || !statSync(folder).isDirectory()) fail(`no such folder: ${folder}`);
if (readdirSync(folder).filter((f) => f.endsWith('.json')).length === 0) fail(`no .json submissions in ${folder}`);
if (!findChromium()) {
  const check = spawnSync('node', ['scripts/check-chromium.mjs'], { stdio: 'inherit' });
  if (check.status !== 0) process.exit(2);
}

const results = join(out, 'results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (cmd, cmdArgs, env = {}) => spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
if (!args.includes('--no-build') && run('npx', ['vite', 'build', '--logLevel', 'warn']).status !== 0) fail('the lab did not build');
if (!existsSync('dist/index.html')) fail('no built lab in dist/ (run without --no-build)');
const pw = run('npx', ['playwright', 'test', '-c', 'grade/playwright.config.ts', ...(shard ? [shard] : [])], { GRADE_DIR: resolve(folder), GRADE_OUT: results });
if (pw.status !== 0) fail('the grading run failed (see above)');

const graded = readdirSync(results).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(results, f), 'utf8')));
writeReports(out, graded);
const malformed = graded.filter((g) => !g.ok).length;
console.log(`grade: ${graded.length} submission(s), ${malformed} malformed; reports in ${out}/ (grades.json, grades.csv, junit.xml)`);

function writeReports(dir, submissions) {
  const summary = submissions.map((s) => s.ok
    ? { file: s.file, status: 'graded', student: s.student, score: { pass: s.rows.filter((r) => r.status === 'pass').length, total: s.rows.length }, tampered: s.rows.some((r) => r.status === 'tampered'), exercises: s.rows }
    : { file: s.file, status: 'malformed', error: s.error, student: null, exercises: [] });
  writeFileSync(join(dir, 'grades.json'), `${JSON.stringify({ gradedAt: new Date().toISOString(), submissions: summary }, null, 2)}\n`);

  const csv = [['file', 'student_id', 'student_name', 'lab', 'exercise', 'kind', 'status', 'attempts', 'tampered_attempts', 'feedback']];
  for (const s of summary) {
    if (s.status === 'malformed') csv.push([s.file, '', '', '', '', '', 'malformed', '0', '', s.error]);
    for (const r of s.exercises) csv.push([s.file, s.student.id, s.student.name, r.lab, r.exercise, r.kind, r.status, String(r.attempts), r.tamperedAttempts.join(' '), r.feedback]);
  }
  writeFileSync(join(dir, 'grades.csv'), `${csv.map((row) => row.map(csvCell).join(',')).join('\n')}\n`);

  const suites = summary.map((s) => {
    const who = s.student ? `${s.student.id || s.student.name || s.file}` : s.file;
    if (s.status === 'malformed') {
      return `  <testsuite name="${xml(who)}" tests="1" failures="0" errors="1">\n    <testcase classname="submission" name="${xml(`${who} submission`)}"><error message="malformed submission">${xml(s.error)}</error></testcase>\n  </testsuite>`;
    }
    const cases = s.exercises.map((r) => {
      const name = xml(`${who} ${r.lab}/${r.exercise}`);
      const body = r.status === 'pass' ? '' : r.status === 'needs-human' ? '<skipped message="needs a human grader"/>'
        : `<failure message="${xml(r.status)}">${xml(r.status === 'tampered' ? `claimed verdicts differ from re-execution in attempt(s) ${r.tamperedAttempts.join(', ')}` : r.feedback)}</failure>`;
      return `    <testcase classname="${xml(r.lab)}" name="${name}">${body}</testcase>`;
    });
    const failures = s.exercises.filter((r) => r.status !== 'pass' && r.status !== 'needs-human').length;
    return `  <testsuite name="${xml(who)}" tests="${s.exercises.length}" failures="${failures}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  writeFileSync(join(dir, 'junit.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="durable-execution-lab grades">\n${suites.join('\n')}\n</testsuites>\n`);
}

function csvCell(value) {
  const text = String(value ?? '');
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function xml(value) {
  return String(value ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
