// The grading reports (grades.json, grades.csv, junit.xml) and the console summary, from the
// per-file results the grading run wrote. Plain ESM so `node scripts/grade.mjs` needs no
// build step; types in report.d.mts; tested by report.test.ts.
import { relative, sep } from 'node:path';

export { REPORT_FILES } from './files.mjs';

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
      file: s.file, status: 'graded', student: s.student, appVersion: s.appVersion, exportedAt: s.exportedAt,
      score: { pass: gradable.filter((r) => r.status === 'pass').length, total: gradable.length, attempted: gradable.filter((r) => r.status !== 'not-attempted').length, needsHuman: gradable.filter((r) => r.status === 'needs-human').length },
      tampered: s.rows.some((r) => r.status === 'tampered'),
      warnings: [...s.warnings],
      exercises: s.rows,
    };
  });
  return { graderVersion, submissions: summary };
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

export function toCsv(report) {
  const rows = [['file', 'student_id', 'student_name', 'lab', 'exercise', 'kind', 'status', 'attempts', 'practice_attempts', 'tampered_attempts', 'score', 'warnings', 'feedback']];
  for (const s of report.submissions) {
    const warnings = s.warnings.map((w) => `${w.code}: ${w.message}`).join('; ');
    if (!s.student) rows.push([s.file, '', '', '', '', '', s.status, '0', '', '', '', warnings, s.error]);
    const score = s.score ? `${s.score.pass}/${s.score.total}` : '';
    for (const r of s.exercises) {
      rows.push([s.file, s.student.id, s.student.name, r.lab, r.exercise, r.kind, r.status, String(r.attempts), r.practiceAttempts.join(' '), r.tamperedAttempts.join(' '), score, warnings, r.feedback]);
    }
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
  if (out) lines.push(`grade: reports in ${relative(process.cwd(), out) || '.'}${sep} (grades.json, grades.csv, junit.xml)`);
  return lines.join('\n');
}
