// Who a submission says it is, as the grader compares it: student IDs are compared after
// Unicode NFKC normalisation, with invisible characters (zero-width spaces and joiners, BOMs,
// soft hyphens, Hangul fillers) removed, white space trimmed and collapsed, and case folded,
// so `S-001`, `s-001\u200b` and full-width `ｓ－００１` are one student. A course file may
// set the pattern an ID must match. Plain ESM, types in identity.d.mts.
import { readFileSync } from 'node:fs';

// Format characters (Cf) plus the fillers and joiners Unicode leaves out of Cf but renders as nothing.
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|\u034F|\u17B4|\u17B5|[\u115F\u1160\u3164\uFFA0]/gu;

/** An ID as written, quoted with its invisible characters spelled out (`"s-001\\u200b"`). */
export function showId(id) {
  return `"${String(id).replace(/\p{Cc}|\p{Cf}|\p{Variation_Selector}|\u034F|[\u115F\u1160\u3164\uFFA0"\\]/gu, (c) => (c === '"' || c === '\\' ? `\\${c}` : `\\u${c.codePointAt(0).toString(16).padStart(4, '0')}`))}"`;
}

/** The form two IDs are compared in. */
export function normalizeId(id) {
  return String(id ?? '').normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * A course file (`--course course.json`): `{ "idPattern": "^s\\d{6}$" }` — optional, the
 * pattern a student ID must match after normalisation (a JavaScript regular expression,
 * anchored as written). A bad file is an error, never a silent default.
 */
export function readCourse(path) {
  if (!path) return { ok: true, course: {} };
  let json;
  try {
    json = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, error: `course file ${path}: ${error.code ? `cannot be read (${error.code})` : 'not valid JSON'}` };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { ok: false, error: `course file ${path}: expected an object` };
  const unknown = Object.keys(json).filter((k) => k !== 'idPattern' && k !== 'name');
  if (unknown.length > 0) return { ok: false, error: `course file ${path}: unknown key(s) ${unknown.join(', ')} (known: idPattern, name)` };
  if (json.idPattern !== undefined) {
    if (typeof json.idPattern !== 'string') return { ok: false, error: `course file ${path}: idPattern must be a string` };
    try {
      new RegExp(json.idPattern, 'u');
    } catch (error) {
      return { ok: false, error: `course file ${path}: idPattern is not a regular expression: ${error.message}` };
    }
  }
  return { ok: true, course: json };
}

/**
 * Identity warnings across graded files: `missing-student-id` (empty once invisible
 * characters are removed), `malformed-student-id` (does not match the course's pattern),
 * `missing-student-name`, and `duplicate-student` (two files whose IDs normalise alike; the
 * message says when they were written differently). Adds to each summary's `warnings`.
 */
export function addIdentityWarnings(summaries, course = {}) {
  const pattern = course.idPattern ? new RegExp(course.idPattern, 'u') : null;
  const byId = new Map();
  for (const s of summaries) {
    if (!s.student) continue;
    const id = normalizeId(s.student.id);
    if (!id) s.warnings.push({ code: 'missing-student-id', message: 'no student ID (empty or only invisible characters)' });
    else if (pattern && !pattern.test(id)) s.warnings.push({ code: 'malformed-student-id', message: `student ID ${showId(s.student.id)} does not match the course's pattern ${course.idPattern}` });
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
