// The grading reports (grades.json, grades.csv, exercises.csv, junit.xml; answers.html and
// Gradescope's results.json are in formats.mjs) and the console summary, from the per-file
// results of a grading run, and the merge of several runs' grades.json (--shard, --merge). Plain ESM so `node scripts/grade.mjs` needs no
// build step; types in report.d.mts; tested by report.test.ts.
import { relative, sep } from 'node:path';

export { REPORT_FILES } from './files.mjs';

/** What a run writes to --out (plus results.json with --format gradescope). */
export const REPORTS = ['grades.json', 'grades.csv', 'exercises.csv', 'answers.html', 'junit.xml'];

/** Labs named by --labs L01,L07 (null: all). */
export function parseLabs(value) {
  if (value === undefined || value === null) return null;
  const labs = String(value).split(',').map((s) => s.trim()).filter(Boolean);
  return labs.length > 0 ? labs : null;
}

/**
 * One summary per file. Score: passes over EVERY exercise of the graded set (not-attempted
 * counts in the total). A file that could not be graded is `malformed` (not a valid
 * submission) or `not-graded` (too large, too slow, unreadable: its `error` says which);
 * identity warnings across files are added by identity.mjs.
 */
export function summarize(results, graderVersion) {
  const summary = results.map((s) => {
    if (!s.ok) {
      const status = s.kind === undefined || s.kind === 'malformed' ? 'malformed' : 'not-graded';
      return { file: s.file, status, ...(status === 'not-graded' ? { reason: s.kind } : {}), error: s.error, student: null, score: null, tampered: false, warnings: [], exercises: [] };
    }
    const gradable = s.rows.filter((r) => r.status !== 'unknown-exercise');
    return {
      file: s.file, status: 'graded', student: s.student, appVersion: s.appVersion, exportedAt: s.exportedAt, locale: s.locale ?? 'en',
      score: { pass: gradable.filter((r) => r.status === 'pass').length, total: gradable.length, attempted: gradable.filter((r) => r.status !== 'not-attempted').length, needsHuman: gradable.filter((r) => r.status === 'needs-human').length },
      tampered: s.rows.some((r) => r.status === 'tampered'),
      warnings: [...s.warnings],
      exercises: s.rows,
      answers: s.answers ?? [],
      schemaVersion: s.schemaVersion, notes: s.notes ?? [],
    };
  });
  return { graderVersion, submissions: summary };
}

/** Warnings found across files (identity.mjs): recomputed when shard reports are merged. */
const CROSS_FILE = new Set(['duplicate-student', 'missing-student-id', 'malformed-student-id', 'missing-student-name']);

/**
 * Several runs' grades.json (shards of one class) as one report: their submissions together,
 * the cross-file warnings dropped so the caller recomputes them over the whole class. Two
 * runs that graded one file name are an error (the same class folder graded twice).
 */
export function mergeReports(reports) {
  const versions = new Set(reports.map((r) => r.graderVersion));
  if (versions.size > 1) return { ok: false, error: `the reports come from different grader versions (${[...versions].join(', ')})` };
  const seen = new Set();
  const submissions = [];
  for (const r of reports) {
    for (const s of r.submissions) {
      if (seen.has(s.file)) return { ok: false, error: `${s.file} is in more than one report (the same shard twice?)` };
      seen.add(s.file);
      submissions.push({ ...s, warnings: s.warnings.filter((w) => !CROSS_FILE.has(w.code)) });
    }
  }
  submissions.sort((a, b) => a.file.localeCompare(b.file));
  return { ok: true, report: { graderVersion: reports[0]?.graderVersion, submissions }, skipped: reports.flatMap((r) => r.skipped ?? []) };
}

/**
 * A CSV cell. Cells a spreadsheet would read as a formula (starting with =, +, -, @, a tab
 * or a carriage return — also after leading spaces, which spreadsheets skip, and in their
 * full-width forms) get a leading single quote, as OWASP recommends for CSV exports; then
 * the usual quoting for commas, quotes and line breaks.
 */
export function csvCell(value) {
  let text = String(value ?? '');
  if (/^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/u.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Graded-set exercises in report order (`lab/exercise`), unknown ones left out. */
export function exerciseColumns(report) {
  const seen = new Map();
  for (const s of report.submissions) {
    for (const r of s.exercises) if (r.status !== 'unknown-exercise' && !seen.has(`${r.lab}/${r.exercise}`)) seen.set(`${r.lab}/${r.exercise}`, { lab: r.lab, exercise: r.exercise, kind: r.kind });
  }
  return [...seen.values()];
}

/** The flags of a row or submission as `code ×n` words (flags.mjs reports them; they never change a score). */
function flagWords(flags) {
  return (flags ?? []).map((f) => (f.count && f.count > 1 ? `${f.code} ×${f.count}` : f.code)).join(' ');
}

/**
 * grades.csv: one row per student file — name, ID, file, the score, one column per exercise
 * of the graded set (its status), the exercises' flags and the file's warnings. A file that
 * could not be graded has its status and reason in `note`.
 */
export function toCsv(report) {
  const columns = exerciseColumns(report);
  const rows = [['file', 'student_id', 'student_name', 'status', 'score', 'pass', 'total', 'attempted', 'needs_human', ...columns.map((c) => `${c.lab}/${c.exercise}`), 'flags', 'warnings', 'note']];
  for (const s of report.submissions) {
    const warnings = s.warnings.map((w) => `${w.code}: ${w.message}`).join('; ');
    const byKey = new Map(s.exercises.map((r) => [`${r.lab}/${r.exercise}`, r]));
    const flags = s.exercises.filter((r) => r.flags?.length).map((r) => `${r.lab}/${r.exercise}: ${flagWords(r.flags)}`).join('; ');
    const unknown = s.exercises.filter((r) => r.status === 'unknown-exercise').length;
    const note = s.student ? [...(s.notes ?? []), ...(unknown > 0 ? [`${unknown} row(s) for exercises the labs do not have (see grades.json)`] : [])].join('; ') : s.error;
    rows.push([s.file, s.student?.id ?? '', s.student?.name ?? '', s.status, s.score ? `${s.score.pass}/${s.score.total}` : '', s.score?.pass ?? '', s.score?.total ?? '', s.score?.attempted ?? '', s.score?.needsHuman ?? '',
      ...columns.map((c) => byKey.get(`${c.lab}/${c.exercise}`)?.status ?? ''), flags, warnings, note]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

function median(values) {
  if (values.length === 0) return '';
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The most common value and how often, as `value (n)`. */
function mostCommon(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const [value, n] = [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))[0] ?? [];
  return value === undefined ? '' : `${value} (${n})`;
}

/**
 * exercises.csv: per exercise of the graded set, over the graded files — how many attempted
 * and passed it, the pass rate over the class and over those who attempted, the most common
 * wrong pick (predict) or wrong design (repair), the median number of attempts, and how many
 * students' attempts carry each flag.
 */
export function toExercisesCsv(report) {
  const graded = report.submissions.filter((s) => s.student);
  const rows = [['lab', 'exercise', 'kind', 'students', 'attempted', 'passed', 'pass_rate', 'pass_rate_attempted', 'needs_human', 'unreplayable', 'tampered', 'common_wrong_answer', 'median_attempts', 'flags']];
  const pct = (n, d) => (d > 0 ? `${Math.round((100 * n) / d)}%` : '');
  for (const c of exerciseColumns(report)) {
    const all = graded.map((s) => s.exercises.find((r) => r.lab === c.lab && r.exercise === c.exercise)).filter(Boolean);
    const attempted = all.filter((r) => r.status !== 'not-attempted');
    const passed = all.filter((r) => r.status === 'pass').length;
    const wrong = all.filter((r) => r.status === 'fail' && r.answer && (r.kind === 'predict' || r.kind === 'repair')).map((r) => r.answer);
    const flagCounts = {};
    for (const r of all) for (const f of r.flags ?? []) flagCounts[f.code] = (flagCounts[f.code] ?? 0) + 1;
    rows.push([c.lab, c.exercise, c.kind, all.length, attempted.length, passed, pct(passed, all.length), pct(passed, attempted.length),
      all.filter((r) => r.status === 'needs-human').length, all.filter((r) => r.status === 'unreplayable').length, all.filter((r) => r.status === 'tampered').length,
      mostCommon(wrong), median(attempted.map((r) => r.attempts)), Object.entries(flagCounts).map(([code, n]) => `${code} ×${n}`).join(' ')]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

export function xml(value) {
  // Also drop characters XML 1.0 cannot carry at all (a student's text may contain them).
  // eslint-disable-next-line no-control-regex
  return String(value ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function toJunit(report) {
  const suites = report.submissions.map((s) => {
    const who = s.student ? `${s.student.id || s.student.name || s.file}` : s.file;
    const props = s.warnings.length > 0
      ? `    <properties>\n${s.warnings.map((w) => `      <property name="warning.${xml(w.code)}" value="${xml(w.message)}"/>`).join('\n')}\n    </properties>\n`
      : '';
    if (!s.student) {
      return `  <testsuite name="${xml(who)}" tests="1" failures="0" errors="1" skipped="0">\n${props}    <testcase classname="submission" name="${xml(`${who} submission`)}"><error message="${xml(s.status === 'malformed' ? 'malformed submission' : `not graded: ${s.reason}`)}">${xml(s.error)}</error></testcase>\n  </testsuite>`;
    }
    const cases = s.exercises.map((r) => {
      const name = xml(`${who} ${r.lab}/${r.exercise}`);
      const body = r.status === 'pass' ? '' : r.status === 'needs-human' ? '<skipped message="needs a human grader"/>'
        : r.status === 'not-attempted' ? '<skipped message="not attempted"/>'
          : `<failure message="${xml(r.status)}">${xml(r.status === 'tampered' ? `claimed verdicts differ from re-execution in attempt(s) ${r.tamperedAttempts.join(', ')}` : r.feedback)}</failure>`;
      return `    <testcase classname="${xml(r.lab)}" name="${name}">${body}</testcase>`;
    });
    const failures = s.exercises.filter((r) => r.status !== 'pass' && r.status !== 'needs-human' && r.status !== 'not-attempted').length;
    const skipped = s.exercises.filter((r) => r.status === 'needs-human' || r.status === 'not-attempted').length;
    return `  <testsuite name="${xml(who)}" tests="${s.exercises.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${props}${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="durable-execution-lab grades">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** The console summary: files, malformed, not graded, tampered, warnings by kind, every skipped entry with why. */
export function consoleSummary(report, { out, skipped = [], seconds } = {}) {
  const subs = report.submissions;
  const malformed = subs.filter((s) => s.status === 'malformed').length;
  const notGraded = subs.filter((s) => s.status === 'not-graded');
  const tampered = subs.filter((s) => s.tampered).length;
  const unreplayable = subs.filter((s) => s.exercises.some((r) => r.status === 'unreplayable')).length;
  const counts = {};
  for (const s of subs) for (const w of s.warnings) counts[w.code] = (counts[w.code] ?? 0) + 1;
  const warned = subs.filter((s) => s.warnings.length > 0).length;
  const lines = [`grade: ${subs.length} submission(s): ${subs.length - malformed - notGraded.length} graded, ${malformed} malformed, ${notGraded.length} not graded, ${tampered} tampered, ${unreplayable} with unreplayable exercises, ${warned} with warnings${seconds !== undefined ? ` in ${seconds.toFixed(1)} s` : ''}`];
  for (const s of notGraded) lines.push(`grade: not graded: ${s.file}: ${s.error}`);
  if (warned > 0) lines.push(`grade: warnings: ${Object.entries(counts).map(([code, n]) => `${code} ×${n}`).join(', ')}`);
  for (const s of skipped) lines.push(`grade: skipped: ${s.name}: ${s.why}`);
  if (out) lines.push(`grade: reports in ${relative(process.cwd(), out) || '.'}${sep} (${REPORTS.join(', ')})`);
  return lines.join('\n');
}
