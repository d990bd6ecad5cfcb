// The course's student-ID rule, shared by the page's export and the grader
// (scripts/grade/identity.mjs): plain ESM with no Node imports, since the grader runs
// without a build and the page bundles it. Types in courseId.d.mts.
//
// Student IDs are compared after Unicode NFKC normalisation, with invisible characters
// (zero-width spaces and joiners, BOMs, soft hyphens, Hangul fillers) removed, white space
// trimmed and collapsed, and case folded, so `S-001`, `s-001\u200b` and full-width
// `ｓ－００１` are one student.

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

const KNOWN = ['name', 'idPattern', 'idExample'];

/**
 * A course file's contents (course.json at the top of the repository, or the grader's `--course`):
 * `{ "name": "…", "idPattern": "^s\\d{6}$", "idExample": "s123456" }`, every key optional.
 * `idPattern` is the pattern a student ID must match after normalisation (a JavaScript
 * regular expression, anchored as written); `idExample` is shown to a student whose ID
 * does not match. A bad file is an error, never a silent default.
 */
export function checkCourse(json, where) {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { ok: false, error: `course file ${where}: expected an object` };
  const unknown = Object.keys(json).filter((k) => !KNOWN.includes(k));
  if (unknown.length > 0) return { ok: false, error: `course file ${where}: unknown key(s) ${unknown.join(', ')} (known: ${KNOWN.join(', ')})` };
  for (const key of KNOWN) {
    if (json[key] !== undefined && typeof json[key] !== 'string') return { ok: false, error: `course file ${where}: ${key} must be a string` };
  }
  if (json.idPattern !== undefined) {
    try {
      new RegExp(json.idPattern, 'u');
    } catch (error) {
      return { ok: false, error: `course file ${where}: idPattern is not a regular expression: ${error.message}` };
    }
  }
  return { ok: true, course: json };
}

/** What is wrong with a student ID for this course: `missing` (nothing visible), `malformed` (off the pattern), or null. */
export function idProblem(course, id) {
  const normal = normalizeId(id);
  if (!normal) return 'missing';
  if (course.idPattern && !new RegExp(course.idPattern, 'u').test(normal)) return 'malformed';
  return null;
}
