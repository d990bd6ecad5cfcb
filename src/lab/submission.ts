/**
 * A student's submission: one JSON file with who they are and, per lab and exercise, every
 * recorded attempt with the verdict the page gave it. Grading never trusts those verdicts:
 * `regrade` re-executes every attempt and flags any claimed verdict that differs.
 */
import { z } from 'zod';
import { canonicalJson } from '../core/authority/canonical';
import { checkExercise } from './exercises/check';
import { answerText, attemptSwitches } from './exercises/answerWords';
import { fb, feedbackText, renderFeedback, type FeedbackMessage } from './exercises/feedback';
import { explainAnswers, type ExplainAnswer } from './exercises/explainAnswers';
import { exerciseFlags, type Flag } from './exercises/flags';
import { exerciseRecordSchema, gradedAttempt, LIMITS, studentSchema, withEvent, type ExerciseRecord } from './exercises/records';
import { localizeLab } from './i18n/labStrings';
import { DEFAULT_LOCALE, isLocale, type Locale } from './i18n/locales';
// The registry, not messageCatalogs.ts: this module is in the lab runtime chunk, and importing
// every language's narration here put all of them in the chunk every lab page fetches. A
// language's catalog is registered when it is loaded (the page: src/app/i18n/resources.ts,
// which store.ts `regradeText` awaits; Node graders and tests: messageCatalogs.ts).
import type { Progress } from './progress';
import type { Exercise, ExerciseInput, Verdict } from './exercises/schema';
import type { Lab } from './schema';
import { jsonReadText, readJson } from './jsonInput';
import { readableMessage } from './stepWords';

export const SUBMISSION_FORMAT = 'durable-execution-lab/submission';

export const submissionSchema = z.object({
  format: z.literal(SUBMISSION_FORMAT),
  /**
   * 2: exercise records carry their events (resets, spoilers, searches, imports, hand-ins).
   * 1: exported before events were recorded; still graded, with a note that they are unknown.
   */
  schemaVersion: z.union([z.literal(1), z.literal(2)]),
  appVersion: z.string(),
  exportedAt: z.string(),
  student: studentSchema,
  // The same record schema progress uses: what the app can save, a submission can carry.
  labs: z.record(z.string(), z.object({ exercises: z.record(z.string(), exerciseRecordSchema) })),
  /**
   * The language the student worked in. Optional: files exported before the lab had
   * languages have none. Any string is accepted (a file from a build with more locales still
   * imports); only a locale this build ships is restored.
   */
  locale: z.string().max(35).optional(),
}).strict();

export type Submission = z.infer<typeof submissionSchema>;

export function buildSubmission(progress: Progress, appVersion: string, exportedAt: string): Submission {
  const labs: Submission['labs'] = {};
  for (const [labId, records] of Object.entries(progress.exercises)) {
    const exercises: Record<string, ExerciseRecord> = {};
    // A record with only events (the spoilers shown before any attempt) is exported too: the grader reports it.
    for (const [id, record] of Object.entries(records)) if (record.attempts.length > 0 || record.draft || record.events?.length) exercises[id] = record;
    if (Object.keys(exercises).length > 0) labs[labId] = { exercises };
  }
  return { format: SUBMISSION_FORMAT, schemaVersion: 2, appVersion, exportedAt, student: progress.student, labs, ...(progress.locale ? { locale: progress.locale } : {}) };
}

export type ParsedSubmission = { ok: true; submission: Submission } | { ok: false; error: string };

/**
 * Reads a submission file's text: invalid JSON or a wrong shape is a clear error, never a
 * throw. A leading byte-order mark is dropped (editors on Windows add one), the same in the
 * page and the grader. The error never quotes the file: V8's JSON message carries a snippet
 * of the text, and a grader's report must not leak what a mislabelled file holds — only the
 * position is kept; a schema error names its field path, each key shortened and made printable.
 */
export function parseSubmission(text: string): ParsedSubmission {
  const read = readJson(text);
  if (!read.ok) {
    const position = read.code === 'not_json' ? /position (\d+)/.exec(read.detail)?.[1] : undefined;
    return { ok: false, error: read.code === 'not_json' ? `not valid JSON${position ? ` (at character ${position})` : ''}` : jsonReadText(read) };
  }
  const json = read.value;
  const parsed = submissionSchema.safeParse(json);
  if (parsed.success) return { ok: true, submission: parsed.data };
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? `: ${issue.keys.slice(0, 3).map(safeKey).join(', ')}${issue.keys.length > 3 ? ', …' : ''}` : '';
  const message = issue.code === 'unrecognized_keys' ? 'unrecognized key(s)' : issue.message;
  return { ok: false, error: `${issue.path.map((k) => safeKey(String(k))).join('.') || '(root)'}: ${message}${keys}` };
}

/** A key from a file, fit to quote in a report: printable, at most 40 characters. */
function safeKey(key: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = key.replace(/[\u0000-\u001f\u007f-\u009f\p{Cf}]/gu, '?');
  return printable.length > 40 ? `${printable.slice(0, 39)}…` : printable;
}

/**
 * Merges a submission's exercise records into progress (the caller confirms first). Attempts
 * are append-only: the browser's own attempts stay first and in order (an import can never
 * replace a first prediction), the file's attempts not already there follow, events are
 * joined, and an `import` event is recorded on every exercise the file touched.
 */
export function importSubmission(progress: Progress, submission: Submission, at = new Date().toISOString()): Progress {
  const exercises = { ...progress.exercises };
  for (const [labId, lab] of Object.entries(submission.labs)) {
    const merged = { ...exercises[labId] };
    for (const [id, incoming] of Object.entries(lab.exercises)) {
      const own = merged[id];
      const seen = new Set((own?.attempts ?? []).map((a) => canonicalJson({ at: a.at, input: a.input })));
      const attempts = [...(own?.attempts ?? []), ...incoming.attempts.filter((a) => !seen.has(canonicalJson({ at: a.at, input: a.input })))].slice(0, LIMITS.attempts);
      const events = [...(own?.events ?? []), ...(incoming.events ?? [])];
      const draft = own?.draft ?? incoming.draft;
      merged[id] = withEvent({ attempts, ...(draft !== undefined ? { draft } : {}), ...(events.length > 0 ? { events } : {}) }, { type: 'import', at });
    }
    exercises[labId] = merged;
  }
  return { ...progress, exercises, student: submission.student, ...(isLocale(submission.locale) ? { locale: submission.locale } : {}) };
}

/** True when importing would replace exercise records the browser already has. */
export function importWouldOverwrite(progress: Progress, submission: Submission): boolean {
  return Object.entries(submission.labs).some(([labId, lab]) =>
    Object.keys(lab.exercises).some((id) => (progress.exercises[labId]?.[id]?.attempts.length ?? 0) > 0));
}

/** The first recorded verdict an import found that the lab does not give (1-based attempt). */
export interface VerdictMismatch {
  lab: string;
  exercise: string;
  attempt: number;
}

/**
 * Re-checks every attempt of a file the student imports, against the labs this page has, and
 * returns the first whose recorded verdict differs from the lab's. Stricter than the grader's
 * pass-only comparison: the exercise panel shows the recorded pass AND words the recorded
 * message and step, so an edit to any of them would make the page say what the lab never
 * said ("✓ right" above "Not quite", or the wrong step). A file saved before verdicts carried
 * a message is compared on pass and step only. Records of labs or exercises this build does
 * not have cannot be checked and are left to the grader (it reports them as unknown).
 */
export async function verifySubmission(submission: Submission, labs: Lab[]): Promise<VerdictMismatch | null> {
  for (const [labId, entry] of Object.entries(submission.labs)) {
    const lab = labs.find((l) => l.id === labId);
    if (!lab) continue;
    for (const [exerciseId, record] of Object.entries(entry.exercises)) {
      const exercise = lab.exercises.find((e) => e.id === exerciseId);
      if (!exercise) continue;
      for (const [i, attempt] of record.attempts.entries()) {
        const given = await recheck(lab, exercise, attempt.input);
        if (!sameVerdict(attempt.verdict, given)) return { lab: labId, exercise: exerciseId, attempt: i + 1 };
      }
    }
  }
  return null;
}

function sameVerdict(claimed: Verdict, given: Verdict): boolean {
  if (claimed.pass !== given.pass || claimed.step !== given.step) return false;
  // Canonical JSON (sorted keys): a file's key order, which any JSON editor may change, does not matter.
  if (!claimed.message) return true;
  return given.message !== undefined && canonicalJson(claimed.message) === canonicalJson(given.message);
}

/** `unreplayable`: an attempt could not be re-executed at all (e.g. a switch the lab does not have); the reason is the feedback. */
export type GradeStatus = 'pass' | 'fail' | 'needs-human' | 'tampered' | 'unknown-exercise' | 'not-attempted' | 'unreplayable';

export interface GradeRow {
  lab: string;
  exercise: string;
  kind: string;
  status: GradeStatus;
  attempts: number;
  /** Attempts other than the graded one (1-based): practice, kept and reported, never scored. */
  practiceAttempts: number[];
  /** The graded attempt (1-based): predict the first, repair/reproduce the handed-in one (records.ts `gradedAttempt`). */
  gradedAttempt?: number;
  /** How it was answered (spoilers, resets, searches, imports, no hand-in): reported, never scored. */
  flags?: Flag[];
  /** The recomputed verdict of the deciding attempt (predict: the first; others: the last), in the grader's language. */
  feedback: string;
  /** The feedback's message key (`feedback.predict_wrong`…): the same in every language, for scripts. */
  feedbackKey?: string;
  /** Attempts whose claimed verdict differs from the recomputed one (1-based). */
  tamperedAttempts: number[];
  /** The deciding attempt's answer in the grader's language: the choice picked, the design, the steps (answerWords.ts). */
  answer?: string;
}

export interface RegradeOptions {
  /** The graded set: these labs' exercises (all loaded labs when absent). */
  labs?: string[];
  /** The language of the feedback text (default English); statuses, keys and IDs never change with it. */
  lang?: Locale;
}

/** Feedback words in the grader's language: message text, with the lab's own quotes from its translation. */
class Wording {
  private readonly localized = new WeakMap<Lab, Lab>();
  constructor(readonly locale: Locale) {}
  text(message: FeedbackMessage): string {
    return renderFeedback(message, this.locale);
  }
  /** The lab as read in this language (its exercises' labels, explanations, hints). */
  lab(lab: Lab): Lab {
    if (this.locale === DEFAULT_LOCALE) return lab;
    let shown = this.localized.get(lab);
    if (!shown) this.localized.set(lab, (shown = localizeLab(lab, lab.translations?.[this.locale])));
    return shown;
  }
  /** A verdict in this language, steps named by their labels rather than their JSON. */
  verdict(lab: Lab, exercise: Exercise, verdict: Verdict, switches: Record<string, string>): string {
    if (!verdict.message) return verdict.feedback;
    const message = readableMessage(verdict.message, lab, switches, this.locale);
    return feedbackText({ ...verdict, message }, this.locale, this.lab(lab).exercises.find((e) => e.id === exercise.id));
  }
  answer(lab: Lab, exercise: Exercise, input: ExerciseInput): string {
    return answerText(lab, this.lab(lab).exercises.find((e) => e.id === exercise.id) ?? exercise, input, this.locale);
  }
}

/**
 * Re-executes every attempt of every exercise against the labs. Every exercise of the graded
 * set gets a row (not-attempted when the file has none), so the score's denominator is the
 * whole set. Predict: the FIRST attempt decides; later ones are practice. Other kinds: the
 * last attempt decides. Any attempt whose claimed verdict differs from re-execution makes the
 * exercise tampered.
 */
export async function regrade(submission: Submission, labs: Lab[], options: RegradeOptions = {}): Promise<GradeRow[]> {
  const words = new Wording(options.lang ?? DEFAULT_LOCALE);
  const rows = collectRows(submission, labs, options, words, (lab, exercise, record) => async (): Promise<GradeRow> => {
    try {
      const verdicts: Verdict[] = [];
      for (const attempt of record.attempts) verdicts.push(await recheck(lab, exercise, attempt.input));
      return gradeRow(lab, exercise, record, verdicts, words, submission.schemaVersion >= 2);
    } catch (error) {
      return unreplayableRow(lab, exercise, record, error, words);
    }
  });
  // One row at a time: each re-execution opens its own Worlds, and a run awaits no I/O, so
  // rows in flight together would only hold more databases open at once.
  const graded: GradeRow[] = [];
  for (const row of rows) graded.push(typeof row === 'function' ? await row() : row);
  return graded;
}

function collectRows<T>(submission: Submission, labs: Lab[], options: RegradeOptions, words: Wording, grade: (lab: Lab, exercise: Exercise, record: ExerciseRecord) => T): (GradeRow | T)[] {
  const graded = options.labs ? labs.filter((l) => options.labs!.includes(l.id)) : labs;
  const inSet = (labId: string) => !options.labs || options.labs.includes(labId);
  const rows: (GradeRow | T)[] = [];
  for (const lab of graded) {
    const records = submission.labs[lab.id]?.exercises ?? {};
    for (const exercise of lab.exercises) {
      const record = records[exercise.id];
      if (!record || record.attempts.length === 0) {
        const message = fb('feedback.not_attempted');
        rows.push({ lab: lab.id, exercise: exercise.id, kind: exercise.kind, status: 'not-attempted', attempts: 0, practiceAttempts: [], feedback: words.text(message), feedbackKey: message.key, tamperedAttempts: [] });
      } else {
        rows.push(grade(lab, exercise, record));
      }
    }
  }
  // Exercises the labs do not have: listed one by one up to a bound, then counted, so a file
  // with 200,000 made-up exercises makes a report of ordinary size.
  let unknown = 0;
  for (const [labId, entry] of Object.entries(submission.labs)) {
    if (!inSet(labId)) continue;
    const lab = labs.find((l) => l.id === labId);
    for (const [exerciseId, record] of Object.entries(entry.exercises)) {
      if (lab?.exercises.some((e) => e.id === exerciseId)) continue;
      if (++unknown > UNKNOWN_ROWS) continue;
      const message = fb('feedback.unknown_exercise', { lab: labId, exercise: exerciseId });
      rows.push({ lab: labId, exercise: exerciseId, kind: '?', status: 'unknown-exercise', attempts: record.attempts.length, practiceAttempts: [], feedback: words.text(message), feedbackKey: message.key, tamperedAttempts: [] });
    }
  }
  if (unknown > UNKNOWN_ROWS) {
    const message = fb('feedback.unknown_more', { count: unknown - UNKNOWN_ROWS });
    rows.push({ lab: '?', exercise: '…', kind: '?', status: 'unknown-exercise', attempts: 0, practiceAttempts: [], feedback: words.text(message), feedbackKey: message.key, tamperedAttempts: [] });
  }
  return rows;
}

/** Unknown exercises listed by name in one file's rows; the rest are counted in one more row. */
export const UNKNOWN_ROWS = 20;

/**
 * The row of an exercise whose attempts cannot be re-executed (a switch or action the lab does
 * not have throws in the World): reported with its reason, never stopping the other
 * exercises or files. The reason is the lab's own error, shortened and made printable.
 */
function unreplayableRow(lab: Lab, exercise: Exercise, record: ExerciseRecord, error: unknown, words: Wording): GradeRow {
  // eslint-disable-next-line no-control-regex
  const text = (error instanceof Error ? error.message : String(error)).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  const message = fb('feedback.unreplayable', { reason: text.length > 200 ? `${text.slice(0, 199)}…` : text });
  return { lab: lab.id, exercise: exercise.id, kind: exercise.kind, status: 'unreplayable', attempts: record.attempts.length, practiceAttempts: [], feedback: words.text(message), feedbackKey: message.key, tamperedAttempts: [] };
}

/** One attempted exercise's row from its recomputed verdicts (records.ts `gradedAttempt` picks the one that counts). */
function gradeRow(lab: Lab, exercise: Exercise, record: ExerciseRecord, recomputed: Verdict[], words: Wording, hasEvents: boolean): GradeRow {
  const tampered = record.attempts.flatMap((attempt, i) => (attempt.verdict.pass !== recomputed[i]!.pass ? [i + 1] : []));
  // The graded attempt is found with the RECOMPUTED verdicts: a claimed pass cannot move it.
  const index = gradedAttempt(exercise.kind, record, (i) => recomputed[i]!.pass === true);
  const practice = record.attempts.flatMap((_, i) => (i === index ? [] : [i + 1]));
  const deciding = recomputed[index]!;
  const input = record.attempts[index]!.input;
  const status: GradeStatus = tampered.length > 0 ? 'tampered' : deciding.pass === null ? 'needs-human' : deciding.pass ? 'pass' : 'fail';
  const note = exercise.kind === 'predict' && practice.length > 0 ? words.text(fb('feedback.practice_note', { count: practice.length })) : '';
  const answer = words.answer(lab, exercise, input);
  const flags = exerciseFlags(exercise.kind, record, index, hasEvents);
  return {
    lab: lab.id, exercise: exercise.id, kind: exercise.kind, status, attempts: record.attempts.length, practiceAttempts: practice, gradedAttempt: index + 1,
    ...(flags.length > 0 ? { flags } : {}),
    feedback: `${words.verdict(lab, exercise, deciding, attemptSwitches(lab, exercise, input))}${note}`, ...(deciding.message ? { feedbackKey: deciding.message.key } : {}), tamperedAttempts: tampered,
    ...(answer ? { answer } : {}),
  };
}

/**
 * Verdicts are deterministic (seeded Worlds, no clock), so one answer to one exercise of one
 * lab gives the same verdict for every student: a page grading a class re-executes each
 * distinct answer once (most students pick among the same few predictions and solutions).
 * The lab is part of the key — a verdict depends on its World (seed, starting state,
 * switches), not only on the exercise — and an entry is the promise, so files graded at the
 * same time share one run.
 */
const verdicts = new WeakMap<Lab, WeakMap<Exercise, Map<string, Promise<Verdict>>>>();

function recheck(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict> {
  let byExercise = verdicts.get(lab);
  if (!byExercise) verdicts.set(lab, (byExercise = new WeakMap()));
  let known = byExercise.get(exercise);
  if (!known) byExercise.set(exercise, (known = new Map()));
  const key = JSON.stringify(input);
  let verdict = known.get(key);
  if (!verdict) known.set(key, (verdict = checkExercise(lab, exercise, input)));
  return verdict;
}

export type WarningCode = 'app-version' | 'bad-time' | 'attempt-after-export' | 'attempts-out-of-order' | 'duplicate-student';

/** What a grader should know to read a file's rows, not a fault: a schema version 1 file records no events. */
export function submissionNotes(submission: Submission): string[] {
  return submission.schemaVersion < 2
    ? ['schema version 1: exported before resets, spoilers, searches, imports and hand-ins were recorded, so those flags cannot be known (steps loaded from a Search are); repair and reproduce count their first passing attempt']
    : [];
}

export interface GradeWarning {
  code: WarningCode;
  message: string;
}

/**
 * What a grader should look at in one file, beyond the verdicts: an app version other than
 * the grader's, times that cannot be read, attempts timed after the export or out of order.
 * (The same student in two files is found across files, in the report.)
 */
export function submissionWarnings(submission: Submission, graderVersion: string): GradeWarning[] {
  const warnings: GradeWarning[] = [];
  if (submission.appVersion !== graderVersion) {
    warnings.push({ code: 'app-version', message: `exported by app version ${submission.appVersion}, graded with ${graderVersion}` });
  }
  const exported = Date.parse(submission.exportedAt);
  if (Number.isNaN(exported)) warnings.push({ code: 'bad-time', message: `exportedAt "${submission.exportedAt}" is not a time` });
  for (const [labId, lab] of Object.entries(submission.labs)) {
    for (const [exerciseId, record] of Object.entries(lab.exercises)) {
      let previous = -Infinity;
      record.attempts.forEach((attempt, i) => {
        const where = `${labId}/${exerciseId} attempt ${i + 1}`;
        const at = Date.parse(attempt.at);
        if (Number.isNaN(at)) {
          warnings.push({ code: 'bad-time', message: `${where}: time "${attempt.at}" is not a time` });
          return;
        }
        if (!Number.isNaN(exported) && at > exported) warnings.push({ code: 'attempt-after-export', message: `${where} is timed ${attempt.at}, after the export at ${submission.exportedAt}` });
        if (at < previous) warnings.push({ code: 'attempts-out-of-order', message: `${where} is timed ${attempt.at}, before the attempt it follows` });
        previous = at;
      });
    }
  }
  return warnings;
}

export type GradedSubmission =
  | {
    ok: true; student: Submission['student']; appVersion: string; exportedAt: string; rows: GradeRow[]; warnings: GradeWarning[];
    /** The language the student worked in (a shipped locale; English when the file names none), and their explain answers in it. */
    locale: Locale; answers: ExplainAnswer[]; schemaVersion: number; notes: string[];
  }
  | { ok: false; error: string };

/** One file's text → its grade: parse with the one schema, re-execute, collect warnings. */
export async function gradeSubmissionText(text: string, labs: Lab[], graderVersion: string, options: RegradeOptions = {}): Promise<GradedSubmission> {
  const parsed = parseSubmission(text);
  if (!parsed.ok) return parsed;
  const { submission } = parsed;
  return {
    ok: true, student: submission.student, appVersion: submission.appVersion, exportedAt: submission.exportedAt,
    rows: await regrade(submission, labs, options), warnings: submissionWarnings(submission, graderVersion),
    ...explainAnswers(submission.labs, labs, submission.locale, options.labs), schemaVersion: submission.schemaVersion, notes: submissionNotes(submission),
  };
}
