/**
 * Every explain answer of a submission, for an instructor to read (the grader's
 * answers.html): the handed-in text of each explain exercise with the student's attempts
 * around it in the same lab — what they tried just before writing and just after — each in
 * the submission's own language, as the student saw the lab.
 */
import { localizeLab } from '../i18n/labStrings';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales';
import type { Lab } from '../schema';
import { answerText } from './answerWords';
import type { ExerciseRecord } from './records';

/** Attempts shown on each side of an answer. */
const AROUND = 3;

export interface AttemptNote {
  at: string;
  exercise: string;
  title: string;
  kind: string;
  /** The answer in words (answerWords.ts); empty for an explain attempt. */
  answer: string;
  pass: boolean | null;
}

export interface ExplainAnswer {
  lab: string;
  exercise: string;
  title: string;
  prompt: string;
  text: string;
  at: string;
  /** Which attempt this is (the last, the one that counts) and how many versions were handed in. */
  versions: number;
  before: AttemptNote[];
  after: AttemptNote[];
}

export function explainAnswers(labsIn: Record<string, { exercises: Record<string, ExerciseRecord> }>, labs: Lab[], locale: string | undefined, only?: string[]): { locale: Locale; answers: ExplainAnswer[] } {
  const lang: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const answers: ExplainAnswer[] = [];
  for (const original of labs) {
    if (only && !only.includes(original.id)) continue;
    const records = labsIn[original.id]?.exercises;
    if (!records) continue;
    const lab = lang === DEFAULT_LOCALE ? original : localizeLab(original, original.translations?.[lang]);
    // The lab's attempts in time order (their order in the file where times tie or do not parse).
    const timeline = lab.exercises.flatMap((exercise) => (records[exercise.id]?.attempts ?? []).map((attempt, i) => ({ exercise, attempt, i })))
      .map((entry, order) => ({ ...entry, order, time: Date.parse(entry.attempt.at) }))
      .sort((a, b) => (Number.isNaN(a.time) || Number.isNaN(b.time) || a.time === b.time ? a.order - b.order : a.time - b.time));
    const note = (entry: (typeof timeline)[number]): AttemptNote => ({
      at: entry.attempt.at, exercise: entry.exercise.id, title: entry.exercise.title, kind: entry.exercise.kind,
      answer: answerText(original, entry.exercise, entry.attempt.input, lang), pass: entry.attempt.verdict.pass,
    });
    for (const exercise of lab.exercises) {
      if (exercise.kind !== 'explain') continue;
      const attempts = records[exercise.id]?.attempts ?? [];
      const last = attempts[attempts.length - 1];
      if (!last || last.input.kind !== 'explain') continue;
      const at = timeline.findIndex((e) => e.exercise.id === exercise.id && e.i === attempts.length - 1);
      const others = (from: number, to: number) => timeline.slice(Math.max(0, from), Math.max(0, to)).filter((e) => e.exercise.id !== exercise.id).map(note);
      answers.push({
        lab: lab.id, exercise: exercise.id, title: exercise.title, prompt: exercise.prompt, text: last.input.text, at: last.at, versions: attempts.length,
        before: others(at - AROUND, at).slice(-AROUND), after: others(at + 1, at + 1 + AROUND),
      });
    }
  }
  return { locale: lang, answers };
}
