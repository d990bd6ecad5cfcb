// The grading reports (grades.json, grades.csv, junit.xml) and the console summary, from the
// per-file results the grading run wrote. Plain ESM so `node scripts/grade.mjs` needs no
// build step; types in report.d.mts; tested by report.test.ts.
import { readdirSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

/** File names the grader writes; never graded as a student's file, wherever --out points. */
export const REPORT_FILES = ['grades.json', 'grades.csv', 'junit.xml'];

/**
 * The submission files in `folder` (top level, *.json), skipping the output folder and any
 * report file by name, so a rerun with --out inside the folder never grades its own report.
 */
export function listSubmissions(folder, out) {
  const outAbs = resolve(out);
  const skipped = [];
  const files = [];
  for (const name of readdirSync(folder).sort()) {
    const path = resolve(folder, name);
    if (path === outAbs || outAbs.startsWith(`${path}${sep}`) || REPORT_FILES.includes(name)) {
      if (name.endsWith('.json') || path === outAbs) skipped.push(name);
      continue;
    }
    if (name.endsWith('.json') && statSync(path).isFile()) files.push(name);
  }
  return { files, skipped };
}

/** Labs named by --labs L01,L07 (null: all). */
export function parseLabs(value) {
  if (value === undefined || value === null) return null;
  const labs = String(value).split(',').map((s) => s.trim()).filter(Boolean);
  return labs.length > 0 ? labs : null;
}

/**
 * One summary row per file, plus warnings across files (the same student ID in two files).
 * Score: passes over EVERY exercise of the graded set (not-attempted counts in the total).
 */
export function summarize(results, graderVersion) {
  const summary = results.map((s) => {
    if (!s.ok) return { file: s.file, status: 'malformed', error: s.error, student: null, score: null, tampered: false, warnings: [], exercises: [] };
    const gradable = s.rows.filter((r) => r.status !== 'unknown-exercise');
    return {
      file: s.file, status: 'graded', student: s.student, appVersion: s.appVersion, exportedAt: s.exportedAt,
      score: { pass: gradable.filter((r) => r.status === 'pass').length, total: gradable.length, attempted: gradable.filter((r) => r.status !== 'not-attempted').length, needsHuman: gradable.filter((r) => r.status === 'needs-human').length },
      tampered: s.rows.some((r) => r.status === 'tampered'),
      warnings: [...s.warnings],
      exercises: s.rows,
    };
  });
  const byId = new Map();
  for (const s of summary) {
    const id = s.student?.id.trim();
    if (!id) continue;
    byId.set(id, [...(byId.get(id) ?? []), s]);
  }
  for (const [id, files] of byId) {
    if (files.length < 2) continue;
    for (const s of files) {
      const others = files.filter((o) => o !== s).map((o) => o.file).join(', ');
      s.warnings.push({ code: 'duplicate-student', message: `student ID ${id} also appears in ${others}` });
    }
  }
  return { graderVersion, submissions: summary };
}

/**
 * A CSV cell. Cells a spreadsheet would read as a formula (starting with =, +, -, @, a tab
 * or a carriage return) get a leading single quote, as OWASP recommends for CSV exports;
 * then the usual quoting for commas, quotes and line breaks.
 */
export function csvCell(value) {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(report) {
  const rows = [['file', 'student_id', 'student_name', 'lab', 'exercise', 'kind', 'status', 'attempts', 'practice_attempts', 'tampered_attempts', 'score', 'warnings', 'feedback']];
  for (const s of report.submissions) {
    const warnings = s.warnings.map((w) => `${w.code}: ${w.message}`).join('; ');
    if (s.status === 'malformed') rows.push([s.file, '', '', '', '', '', 'malformed', '0', '', '', '', warnings, s.error]);
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
    if (s.status === 'malformed') {
      return `  <testsuite name="${xml(who)}" tests="1" failures="0" errors="1" skipped="0">\n${props}    <testcase classname="submission" name="${xml(`${who} submission`)}"><error message="malformed submission">${xml(s.error)}</error></testcase>\n  </testsuite>`;
    }
    const cases = s.exercises.map((r) => {
      const name = xml(`${who} ${r.lab}/${r.exercise}`);
      const body = r.status === 'pass' ? '' : r.status === 'needs-human' ? '<skipped message="needs a human grader"/>'
        : r.status === 'not-attempted' ? '<failure message="not-attempted">not attempted</failure>'
          : `<failure message="${xml(r.status)}">${xml(r.status === 'tampered' ? `claimed verdicts differ from re-execution in attempt(s) ${r.tamperedAttempts.join(', ')}` : r.feedback)}</failure>`;
      return `    <testcase classname="${xml(r.lab)}" name="${name}">${body}</testcase>`;
    });
    const failures = s.exercises.filter((r) => r.status !== 'pass' && r.status !== 'needs-human').length;
    const skipped = s.exercises.filter((r) => r.status === 'needs-human').length;
    return `  <testsuite name="${xml(who)}" tests="${s.exercises.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${props}${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="durable-execution-lab grades">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** The console summary: files, malformed, tampered, warnings by kind, skipped names. */
export function consoleSummary(report, { out, skipped = [], seconds } = {}) {
  const subs = report.submissions;
  const malformed = subs.filter((s) => s.status === 'malformed').length;
  const tampered = subs.filter((s) => s.tampered).length;
  const counts = {};
  for (const s of subs) for (const w of s.warnings) counts[w.code] = (counts[w.code] ?? 0) + 1;
  const warned = subs.filter((s) => s.warnings.length > 0).length;
  const lines = [`grade: ${subs.length} submission(s): ${subs.length - malformed} graded, ${malformed} malformed, ${tampered} tampered, ${warned} with warnings${seconds !== undefined ? ` in ${seconds.toFixed(1)} s` : ''}`];
  if (warned > 0) lines.push(`grade: warnings: ${Object.entries(counts).map(([code, n]) => `${code} ×${n}`).join(', ')}`);
  if (skipped.length > 0) lines.push(`grade: skipped (report files / output folder): ${skipped.join(', ')}`);
  if (out) lines.push(`grade: reports in ${relative(process.cwd(), out) || '.'}${sep} (grades.json, grades.csv, junit.xml)`);
  return lines.join('\n');
}


