// Who a submission says it is, as the grader compares it: the normalisation and the course
// file's rule live in src/lab/courseId.mjs, which the page's export also applies, so a
// student is refused there for the ID the grader would flag. Plain ESM, types in identity.d.mts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkCourse, idProblem, normalizeId, showId } from '../../src/lab/courseId.mjs';

export { normalizeId, showId };

/** The course file the page bundles (course.json at the top of the repository): the grader reads it when no `--course` is given. */
export const DEFAULT_COURSE = fileURLToPath(new URL('../../course.json', import.meta.url));

/** Reads a course file (src/lab/courseId.mjs says what it holds); no path: no rule. */
export function readCourse(path) {
  if (!path) return { ok: true, course: {} };
  let json;
  try {
    json = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: `course file ${path}: ${error.code ? `cannot be read (${error.code})` : 'not valid JSON'}` };
  }
  return checkCourse(json, path);
}

/**
 * Identity warnings across graded files: `missing-student-id` (empty once invisible
 * characters are removed), `malformed-student-id` (does not match the course's pattern),
 * `missing-student-name`, and `duplicate-student` (two files whose IDs normalise alike; the
 * message says when they were written differently). Adds to each summary's `warnings`.
 */
export function addIdentityWarnings(summaries, course = {}) {
  const byId = new Map();
  for (const s of summaries) {
    if (!s.student) continue;
    const id = normalizeId(s.student.id);
    const problem = idProblem(course, s.student.id);
    if (problem === 'missing') s.warnings.push({ code: 'missing-student-id', message: 'no student ID (empty or only invisible characters)' });
    else if (problem === 'malformed') s.warnings.push({ code: 'malformed-student-id', message: `student ID ${showId(s.student.id)} does not match the course's pattern ${course.idPattern}` });
    if (!normalizeId(s.student.name)) s.warnings.push({ code: 'missing-student-name', message: 'no student name' });
    if (id) byId.set(id, [...(byId.get(id) ?? []), s]);
  }
  for (const [id, files] of byId) {
    if (files.length < 2) continue;
    const written = new Set(files.map((s) => s.student.id));
    const how = written.size > 1 ? ` (written ${[...written].map(showId).join(', ')}: the same once case and invisible characters are ignored)` : '';
    for (const s of files) {
      const others = files.filter((o) => o !== s).map((o) => o.file).join(', ');
      s.warnings.push({ code: 'duplicate-student', message: `student ID ${id} also appears in ${others}${how}` });
    }
  }
}
