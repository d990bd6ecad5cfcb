// npm run grade -- <folder> [--out <dir>] [--labs L01,L07] [--lang ja] [--workers=N] [--shard=i/n] [--no-build]
//
// Grades every *.json submission in <folder>: a Playwright run against the built lab hands
// each file to a page's read-only regrade API, which RE-EXECUTES every recorded attempt and
// recomputes its verdict. A claimed verdict that differs is flagged as tampered; a file that
// is not a valid submission is reported as malformed and does not stop the others.
// Every exercise of the graded set (--labs, or every lab) gets a row, not-attempted included;
// the first prediction decides a predict exercise. Files are graded by several pages in
// parallel (--workers, default: the machine's cores, at most 4); --shard=i/n splits the class
// across machines. The output folder and report files are never graded, wherever --out points.
// Writes grades.json, grades.csv and junit.xml. --lang (en, zh-Hans, zh-Hant, ja; default en)
// sets the language of the feedback text only: statuses, IDs, feedback keys and codes stay as they are.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { findChromium } from './chromium.mjs';
import { parseLang } from './grade/lang.mjs';
import { consoleSummary, listSubmissions, parseLabs, summarize, toCsv, toJunit } from './grade/report.mjs';

function fail(message) {
  console.error(`grade: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
/** `--name value` or `--name=value`. */
function option(name) {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1] ?? fail(`--${name} needs a value`);
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const valued = new Set(['--out', '--labs', '--workers', '--lang']);
const folder = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1]));
const out = resolve(option('out') ?? 'grade-report');
const shard = option('shard');
const labs = parseLabs(option('labs'));
const language = parseLang(option('lang'));
if (!language.ok) fail(language.error);
const lang = language.lang;
const workers = Number(option('workers') ?? Math.min(4, availableParallelism()));
const dist = process.env.LAB_DIST ?? 'dist';
if (!folder) fail('usage: npm run grade -- <folder of submissions> [--out <dir>] [--labs L01,L07] [--lang en|zh-Hans|zh-Hant|ja] [--workers=N] [--shard=i/n] [--no-build]');
if (!existsSync(folder) || !statSync(folder).isDirectory()) fail(`no such folder: ${folder}`);
if (!Number.isInteger(workers) || workers < 1) fail('--workers needs a whole number ≥ 1');
const { files, skipped } = listSubmissions(folder, out);
if (files.length === 0) fail(`no .json submissions in ${folder}${skipped.length ? ` (skipped ${skipped.join(', ')})` : ''}`);
if (!findChromium()) {
  const check = spawnSync('node', ['scripts/check-chromium.mjs'], { stdio: 'inherit' });
  if (check.status !== 0) process.exit(2);
}

const results = join(out, 'results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const manifest = join(out, 'manifest.json');
writeFileSync(manifest, JSON.stringify({ dir: resolve(folder), files, labs, lang }));

const run = (cmd, cmdArgs, env = {}) => spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
if (!args.includes('--no-build') && run('npx', ['vite', 'build', '--logLevel', 'warn']).status !== 0) fail('the lab did not build');
if (!existsSync(join(dist, 'index.html'))) fail(`no built lab in ${dist}/ (run without --no-build)`);
const started = process.hrtime.bigint();
const pw = run('npx', ['playwright', 'test', '-c', 'grade/playwright.config.ts', `--workers=${workers}`, ...(shard ? [`--shard=${shard}`] : [])],
  // Batches big enough that a page loads the lab once for many files, small enough that every worker gets some.
  { GRADE_MANIFEST: manifest, GRADE_OUT: results, GRADE_BATCH: String(Math.max(1, Math.min(25, Math.ceil(files.length / workers)))) });
if (pw.status !== 0) fail('the grading run failed (see above)');
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const graded = readdirSync(results).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(results, f), 'utf8')));
const graderVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;
const report = summarize(graded, graderVersion);
writeFileSync(join(out, 'grades.json'), `${JSON.stringify({ gradedAt: new Date().toISOString(), labs: labs ?? 'all', lang, ...report }, null, 2)}\n`);
writeFileSync(join(out, 'grades.csv'), toCsv(report));
writeFileSync(join(out, 'junit.xml'), toJunit(report));
console.log(consoleSummary(report, { out, skipped, seconds }));
console.log(`grade: ${(graded.length / seconds).toFixed(2)} files/s with ${workers} worker(s)${shard ? ` (shard ${shard})` : ''}`);
