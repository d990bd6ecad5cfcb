/**
 * Checker feedback as message keys: the English text every verdict carries is its message
 * rendered in English; every key a checker or the grader emits exists in every locale; a
 * page or a grader in another language reads the feedback in that language, quoting the
 * lab's own translated words; and grading in another language changes only the words —
 * statuses, keys and IDs stay as they are.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { MESSAGE_CATALOGS } from '../i18n/messageCatalogs';
import { LOCALES } from '../i18n/locales';
import { localizeLab } from '../i18n/labStrings';
import { en } from '../messages/en';
import { loadLabsFromDir } from '../nodeFiles';
import { emptyProgress, withExercise } from '../progress';
import type { Lab } from '../schema';
import { buildSubmission, regrade, type Submission } from '../submission';
import { checkExercise } from './check';
import { isAsyncLab } from '../../test/asyncLab';
import { fb, feedbackText, renderFeedback, type FeedbackMessage } from './feedback';
import { exerciseRecordSchema } from './records';
import type { Exercise, ExerciseInput, Verdict } from './schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l07 = labs.find((l) => l.id === 'L07') as Lab;
const exerciseOf = (lab: Lab, id: string) => lab.exercises.find((e) => e.id === id)!;

/** Every key a message uses, its parts' too. */
function keysOf(message: FeedbackMessage): string[] {
  const parts = Object.values(message.parts ?? {}).flatMap((p) => (Array.isArray(p) ? p : [p]) as FeedbackMessage[]);
  return [message.key, ...parts.flatMap(keysOf)];
}

/** One right and one wrong answer per exercise of the synchronous labs (search-judged repairs excluded: slow, and covered elsewhere). */
async function sampleVerdicts(): Promise<{ lab: Lab; exercise: Exercise; verdict: Verdict }[]> {
  const out: { lab: Lab; exercise: Exercise; verdict: Verdict }[] = [];
  for (const lab of labs.filter((l) => !isAsyncLab(l))) {
    for (const exercise of lab.exercises) {
      const inputs: ExerciseInput[] = [];
      if (exercise.kind === 'predict') inputs.push({ kind: 'predict', pick: exercise.answer }, { kind: 'predict', pick: exercise.choices.find((c) => JSON.stringify(c.value) !== JSON.stringify(exercise.answer))!.value });
      if (exercise.kind === 'reproduce') inputs.push({ kind: 'reproduce', actions: exercise.solution }, { kind: 'reproduce', actions: [] }, { kind: 'reproduce', actions: ['no-such-action'] });
      if (exercise.kind === 'repair' && !exercise.environment) inputs.push({ kind: 'repair', choices: exercise.solution }, { kind: 'repair', choices: {} });
      if (exercise.kind === 'explain') inputs.push({ kind: 'explain', text: 'word '.repeat(exercise.minWords) }, { kind: 'explain', text: 'short' });
      for (const input of inputs) out.push({ lab, exercise, verdict: await checkExercise(lab, exercise, input) });
    }
  }
  return out;
}

describe('verdicts carry their feedback as a message', () => {
  let verdicts: Awaited<ReturnType<typeof sampleVerdicts>> = [];
  beforeAll(async () => { verdicts = await sampleVerdicts(); }, 300_000);

  it('every verdict has a message whose English rendering is its feedback text', async () => {
    expect(verdicts.length).toBeGreaterThan(50);
    const bad = verdicts.filter(({ verdict }) => !verdict.message || renderFeedback(verdict.message) !== verdict.feedback);
    expect(bad.map(({ lab, exercise }) => `${lab.id}/${exercise.id}`)).toEqual([]);
  });

  it('every key a checker emits exists in every locale', async () => {
    const keys = new Set(verdicts.flatMap(({ verdict }) => keysOf(verdict.message!)));
    expect(keys.size).toBeGreaterThanOrEqual(8);
    const missing = LOCALES.flatMap((locale) => [...keys].filter((k) => !(k in MESSAGE_CATALOGS[locale])).map((k) => `${locale}: ${k}`));
    expect(missing).toEqual([]);
  });

  it('a key no catalog has shows as the key and its params, never as blank or as some other text', async () => {
    expect(renderFeedback(fb('feedback.no_such_key', { step: 3 }))).toBe('feedback.no_such_key {"step":3}');
  });

  it('is saved with the attempt (progress and submissions keep it)', async () => {
    const { verdict } = verdicts.find(({ verdict }) => verdict.message?.parts)!;
    const record = exerciseRecordSchema.parse({ attempts: [{ at: 'x', input: { kind: 'explain', text: '' }, verdict }] });
    expect(record.attempts[0]!.verdict.message).toEqual(verdict.message);
  });
});

describe('feedback in the reader\'s language', () => {
  const late = exerciseOf(l07, 'late-write');
  let wrong: Verdict;
  beforeAll(async () => { wrong = await checkExercise(l07, late, { kind: 'predict', pick: 'OK' }); });

  it('renders the template of the locale, quoting the lab in that locale when given its exercise', async () => {
    const ja = localizeLab(l07, l07.translations?.ja);
    const text = feedbackText(wrong, 'ja', exerciseOf(ja, 'late-write'));
    expect(text).toMatch(/^惜しい：ステップ 5 でシミュレータは reason = 拒否：STALE_FENCE を示します。/);
    expect(text).toContain((exerciseOf(ja, 'late-write') as Extract<Exercise, { kind: 'predict' }>).explanation);
    expect(text).not.toContain('The write carries fence 1');
    // Without the translated exercise, the template is Japanese and the quotes stay English.
    expect(feedbackText(wrong, 'ja')).toContain('The write carries fence 1');
    expect(feedbackText(wrong, 'en', late)).toBe(wrong.feedback);
  });

  it('renders nested parts (refusal inside "does not replay") in the locale', async () => {
    const overwrite = exerciseOf(l07, 'overwrite');
    const refused = await checkExercise(l07, overwrite, { kind: 'reproduce', actions: ['no-such-action'] });
    expect(refused.message?.parts?.refusal).toBeDefined();
    expect(feedbackText(refused, 'zh-Hans')).toMatch(/^未复现：你记录的步骤无法重放：第 \d+ 步（"no-such-action"，第 \d+ 个动作）被拒绝：/);
  });

  it('a refusal the World gives is quoted in the locale too', async () => {
    const refused = await checkExercise(l07, exerciseOf(l07, 'overwrite'), { kind: 'reproduce', actions: ['heal'] });
    expect(refused.feedback).toMatch(/was refused: No link is cut\.$/);
    expect(feedbackText(refused, 'ja')).toMatch(/拒否されました：切断されているリンクはありません。$/);
  });

  it('a verdict saved before messages existed shows its saved text', async () => {
    expect(feedbackText({ feedback: 'Right: …' }, 'ja')).toBe('Right: …');
  });
});

describe('grading with a language (npm run grade -- --lang)', () => {
  const late = exerciseOf(l07, 'late-write');
  const attempt = async (pick: string) => ({ at: '2026-11-29T10:00:00Z', input: { kind: 'predict' as const, pick }, verdict: await checkExercise(l07, late, { kind: 'predict', pick }) });
  let submission: Submission;
  beforeAll(async () => {
    submission = buildSubmission(withExercise({ ...emptyProgress(), student: { name: 'Eve', id: 's-9' } }, 'L07', 'late-write', { attempts: [await attempt('OK'), await attempt('STALE_FENCE')] }), '0.1.0', '2026-11-29T11:00:00Z');
    submission.labs.L07!.exercises['gone'] = { attempts: [await attempt('OK')] };
  });

  it('changes only the words: statuses, keys and IDs are the same in every language', async () => {
    const english = await regrade(submission, labs, { labs: ['L07'] });
    expect(await regrade(submission, labs, { labs: ['L07'], lang: 'en' })).toEqual(english);
    // The feedback and the graded answer are words (the pick as its option reads in that language).
    const codes = (rows: typeof english) => rows.map(({ feedback: _, answer: _answer, ...rest }) => rest);
    for (const lang of LOCALES) expect(codes(await regrade(submission, labs, { labs: ['L07'], lang }))).toEqual(codes(english));
    expect(english.map((r) => r.feedbackKey)).toEqual([
      'feedback.predict_wrong', ...l07.exercises.slice(1).map(() => 'feedback.not_attempted'), 'feedback.unknown_exercise',
    ]);
  });

  it('writes the feedback in the chosen language, with the lab quoted from its translation', async () => {
    const rows = await regrade(submission, labs, { labs: ['L07'], lang: 'zh-Hant' });
    expect(rows[0]!.feedback).toMatch(/^不太對：在第 5 步，模擬器給出 reason = 拒絕：STALE_FENCE/);
    expect(rows[0]!.feedback).toContain('[以第一次預測為準；之後的 1 次選擇只是練習]');
    expect(rows[0]!.feedback).not.toMatch(/[A-Za-z]{4,} [a-z]{4,} [a-z]{4,}/); // no English sentence left in it
    expect(rows[1]!.feedback).toBe(MESSAGE_CATALOGS['zh-Hant']['feedback.not_attempted']);
    expect(rows.at(-1)!.feedback).toBe('沒有練習 L07/gone');
    // English is what it always was.
    expect((await regrade(submission, labs, { labs: ['L07'] }))[0]!.feedback).toMatch(/^Not quite: at step 5 .* \[first prediction decides; 1 later pick\(s\) are practice\]$/);
    expect(en['feedback.not_attempted']).toBe('not attempted');
  });
});
