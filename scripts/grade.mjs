// npm run grade -- <folder> [--out <dir>] [--labs L01,L07] [--lang ja] [--course course.json]
//   [--workers=N] [--shard=i/n] [--file-timeout=S] [--max-kb=K] [--format gradescope]
// npm run grade -- --merge <report folder>… [--out <dir>] [--course course.json]
//
// Grades every *.json submission in <folder>: each file goes to a grading process that
// RE-EXECUTES every recorded attempt (the lab's own code, in Node) and recomputes its verdict.
// A claimed verdict that differs is flagged as tampered. One file never stops the others: a
// file that is not a valid submission is `malformed`, one that is too large, too slow or
// kills its process is `not-graded` with the reason, and an exercise whose attempts cannot be
// re-executed is `unreplayable` while the rest of the file is graded. Every entry of the
// folder that is not graded is listed with why (links are never followed). Every exercise of
// the graded set (--labs, or every lab) gets a row, not-attempted included; the first
// prediction decides a predict exercise. --lang (en, zh-Hans, zh-Hant, ja; default en) sets
// the language of the feedback text only. --course names a course file (an ID pattern);
// without it, course.json at the top of the repository, the file the page's export checks IDs against.
// Writes grades.json, grades.csv (a row per student), exercises.csv (a row per exercise),
// answers.html (every explain answer) and junit.xml; --format gradescope also writes
// Gradescope's results.json (one submission per run). --merge joins shard runs' grades.json.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_MAX_BYTES, inShard, listSubmissions, parseShard } from './grade/files.mjs';
import { addIdentityWarnings, DEFAULT_COURSE, readCourse } from './grade/identity.mjs';
import { parseLang } from './grade/lang.mjs';
import { gradeFiles } from './grade/pool.mjs';
import { toAnswersHtml, toGradescope } from './grade/formats.mjs';
import { consoleSummary, mergeReports, parseLabs, summarize, toCsv, toExercisesCsv, toJunit } from './grade/report.mjs';

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
const valued = new Set(['--out', '--labs', '--workers', '--lang', '--shard', '--course', '--file-timeout', '--max-kb', '--format']);
const flags = new Set([...valued, '--merge'].map((v) => v.slice(2)));
for (const a of args) if (a.startsWith('--') && !flags.has(a.slice(2).split('=')[0])) fail(`unknown option ${a.split('=')[0]} (known: ${[...valued].join(', ')})`);
const positional = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1]));
const folder = positional[0];
const out = resolve(option('out') ?? 'grade-report');
const shard = parseShard(option('shard'));
if (!shard.ok) fail(shard.error);
const labs = parseLabs(option('labs'));
const language = parseLang(option('lang'));
if (!language.ok) fail(language.error);
const lang = language.lang;
const course = readCourse(option('course') ?? (existsSync(DEFAULT_COURSE) ? DEFAULT_COURSE : undefined));
if (!course.ok) fail(course.error);
const format = option('format');
if (format !== undefined && format !== 'gradescope') fail(`unknown --format '${format}' (one of: gradescope)`);

/** Every report of `report` into `out`; the console summary. */
function writeReports(report, meta, seconds) {
  addIdentityWarnings(report.submissions, course.course);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'grades.json'), `${JSON.stringify({ ...meta, ...report }, null, 2)}\n`);
  writeFileSync(join(out, 'grades.csv'), toCsv(report));
  writeFileSync(join(out, 'exercises.csv'), toExercisesCsv(report));
  writeFileSync(join(out, 'answers.html'), toAnswersHtml(report));
  writeFileSync(join(out, 'junit.xml'), toJunit(report));
  console.log(consoleSummary(report, { out, skipped: meta.skipped, seconds }));
}

if (args.includes('--merge')) {
  if (positional.length === 0) fail('--merge needs the report folders of the runs to join (each with a grades.json)');
  const reports = positional.map((dir) => {
    const file = join(dir, 'grades.json');
    if (!existsSync(file)) fail(`no grades.json in ${dir}`);
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return fail(`${file} is not valid JSON`);
    }
  });
  const merged = mergeReports(reports);
  if (!merged.ok) fail(merged.error);
  writeReports(merged.report, { gradedAt: new Date().toISOString(), labs: reports[0].labs, lang: reports[0].lang, merged: positional, skipped: merged.skipped });
  process.exit(0);
}
const workers = Number(option('workers') ?? Math.min(4, availableParallelism()));
const timeoutS = Number(option('file-timeout') ?? 300);
const maxKb = Number(option('max-kb') ?? DEFAULT_MAX_BYTES / 1024);
if (!folder) fail('usage: npm run grade -- <folder of submissions> [--out <dir>] [--labs L01,L07] [--lang en|zh-Hans|zh-Hant|ja] [--course course.json] [--workers=N] [--shard=i/n] [--file-timeout=S] [--max-kb=K]');
if (!existsSync(folder) || !statSync(folder).isDirectory()) fail(`no such folder: ${folder}`);
if (!Number.isInteger(workers) || workers < 1) fail('--workers needs a whole number ≥ 1');
if (!(timeoutS > 0)) fail('--file-timeout needs a number of seconds > 0');
if (!(maxKb > 0)) fail('--max-kb needs a number > 0');
const listing = listSubmissions(folder, out);
const files = inShard(listing.files, shard.shard);
const { skipped } = listing;
if (files.length === 0) fail(`no .json submissions in ${folder}${shard.shard ? ` for shard ${shard.shard.index}/${shard.shard.count}` : ''}${skipped.length ? ` (skipped ${skipped.map((s) => s.name).join(', ')})` : ''}`);

const graderVersion = JSON.parse(readFileSync('package.json', 'utf8')).version;
const started = process.hrtime.bigint();
let graded;
try {
  graded = await gradeFiles(folder, files, { workers, setup: { labs, lang, graderVersion }, timeoutMs: timeoutS * 1000, maxBytes: Math.floor(maxKb * 1024) });
} catch (error) {
  fail(`the grader could not start: ${error.message}`);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const report = summarize(graded, graderVersion);
writeReports(report, { gradedAt: new Date().toISOString(), labs: labs ?? 'all', lang, ...(shard.shard ? { shard: `${shard.shard.index}/${shard.shard.count}` } : {}), skipped }, seconds);
if (format === 'gradescope') {
  // An autograder run grades one student's upload: results.json describes that one file.
  if (report.submissions.length !== 1) fail(`--format gradescope grades one submission per run; ${folder} holds ${report.submissions.length}`);
  writeFileSync(join(out, 'results.json'), `${JSON.stringify(toGradescope(report.submissions[0], { executionTime: Math.ceil(seconds) }), null, 2)}\n`);
}
console.log(`grade: ${(graded.length / seconds).toFixed(2)} files/s with ${workers} worker(s)${shard.shard ? ` (shard ${shard.shard.index}/${shard.shard.count})` : ''}`);
