/**
 * A generated class for `npm run bench:grade`: N varied submissions from one seed (the same
 * seed gives the same bytes), written as the app exports them, each claimed verdict the
 * lab's own (so the class grades honestly). Students differ: which labs and exercises they
 * tried, their picks, designs, reproduce steps (the known solution, a prefix of it, or it
 * with a palette action slipped in), how many attempts and in what order, explain answers
 * of varied length in four languages, hand-ins, resets, spoilers, searches; a few have no
 * ID or share one written differently. As in a real class, answers to one exercise come
 * from a small pool (every prediction, up to POOL designs and step logs per exercise), so
 * students share answers the way a class does and the grader's verdict cache is exercised
 * as it is in use, not as with 300 copies of one file.
 *
 *   npx tsx bench/classGenerator.ts <out folder> [--count 300] [--seed 1]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import { checkExercise } from '../src/lab/exercises/check';
import type { Attempt, ExerciseEvent, ExerciseRecord } from '../src/lab/exercises/records';
import type { Exercise, ExerciseInput, Verdict } from '../src/lab/exercises/schema';
import { LOCALES } from '../src/lab/i18n/locales';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import type { Lab } from '../src/lab/schema';
import { SUBMISSION_FORMAT, type Submission } from '../src/lab/submission';
import { SeededRng } from '../src/sim/rng';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--'));
const flag = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const count = flag('count', 300);
const seed = flag('seed', 1);
if (!out || !Number.isInteger(count) || count < 1) {
  console.error('usage: npx tsx bench/classGenerator.ts <out folder> [--count=300] [--seed=1]');
  process.exit(2);
}

const WORDS = {
  en: 'the worker may crash after the provider booked the refund so a retry must ask first whether it happened and the key makes the second call harmless'.split(' '),
  ja: 'ワーカー が 返金 の 後 に 落ちる と 再試行 は まず 確認 する 必要 が ある キー が あれば 二 回 目 は 無害'.split(' '),
  'zh-Hans': '工作者 可能 在 退款 之后 崩溃 所以 重试 必须 先 查询 是否 已经 发生 幂等 键 让 第二 次 调用 无害'.split(' '),
  'zh-Hant': '工作者 可能 在 退款 之後 當機 所以 重試 必須 先 查詢 是否 已經 發生 冪等 鍵 讓 第二 次 呼叫 無害'.split(' '),
} as const;

const rng = new SeededRng(seed);
const pick = <T>(items: readonly T[]): T => items[rng.int(0, items.length - 1)]!;
const chance = (percent: number) => rng.int(1, 100) <= percent;

/** Verdicts by exercise and answer: the generator checks each distinct answer once, as the grader does. */
const verdicts = new Map<string, Promise<Verdict>>();
function verdict(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict> {
  const key = `${lab.id}/${exercise.id}/${JSON.stringify(input)}`;
  if (!verdicts.has(key)) verdicts.set(key, checkExercise(lab, exercise, input));
  return verdicts.get(key)!;
}

/** Distinct designs and step logs per exercise in the class. */
const POOL = 3;
const pools = new Map<string, ExerciseInput[]>();

function answer(lab: Lab, exercise: Exercise, locale: keyof typeof WORDS): ExerciseInput {
  if (exercise.kind === 'explain') return freshAnswer(lab, exercise, locale);
  const key = `${lab.id}/${exercise.id}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = exercise.kind === 'predict' ? exercise.choices.map((c) => ({ kind: 'predict' as const, pick: c.value }))
      : Array.from({ length: POOL }, () => freshAnswer(lab, exercise, locale));
    pools.set(key, pool);
  }
  return pick(pool);
}

function freshAnswer(lab: Lab, exercise: Exercise, locale: keyof typeof WORDS): ExerciseInput {
  switch (exercise.kind) {
    case 'predict':
      return { kind: 'predict', pick: pick(exercise.choices).value };
    case 'repair':
      return { kind: 'repair', choices: Object.fromEntries(exercise.options.map((o) => [o.switch, pick(o.values)])) };
    case 'reproduce': {
      const way = rng.int(1, 3);
      const actions = [...exercise.solution];
      if (way === 2) actions.length = rng.int(1, actions.length);
      if (way === 3 && lab.actions.length > 0) actions.splice(rng.int(0, actions.length), 0, pick(lab.actions).action);
      return { kind: 'reproduce', actions };
    }
    case 'explain':
      return { kind: 'explain', text: Array.from({ length: rng.int(5, 160) }, () => pick(WORDS[locale])).join(' ') };
  }
}

async function main(): Promise<void> {
  await initSqlJsOnce();
  const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
  mkdirSync(out!, { recursive: true });
  const start = Date.parse('2026-11-20T09:00:00Z');
  for (let n = 0; n < count; n++) {
    const locale = pick(LOCALES);
    let minute = rng.int(0, 60 * 24 * 5);
    const at = () => new Date(start + (minute += rng.int(1, 20)) * 60_000).toISOString();
    const submission: Submission = {
      format: SUBMISSION_FORMAT, schemaVersion: 2, appVersion: '0.1.0', exportedAt: '', locale,
      student: { name: `Student ${n}`, id: chance(2) ? '' : chance(2) ? `S-${String(n - 1).padStart(4, '0')}\u200b` : `s-${String(n).padStart(4, '0')}` },
      labs: {},
    };
    for (const lab of labs) {
      if (!chance(45)) continue;
      const exercises: Record<string, ExerciseRecord> = {};
      for (const exercise of lab.exercises) {
        if (!chance(60)) continue;
        const attempts: Attempt[] = [];
        const events: ExerciseEvent[] = [];
        if (exercise.kind === 'repair' && chance(15)) events.push({ type: 'spoilers', at: at() });
        if (exercise.kind === 'reproduce' && chance(15)) events.push({ type: 'search', at: at() });
        for (let i = rng.int(1, exercise.kind === 'explain' ? 2 : 4); i > 0; i--) {
          const input = answer(lab, exercise, locale);
          attempts.push({ at: at(), input, verdict: await verdict(lab, exercise, input) });
        }
        if ((exercise.kind === 'repair' || exercise.kind === 'reproduce') && chance(70)) events.push({ type: 'hand-in', at: at(), attempt: rng.int(1, attempts.length) });
        if (chance(5)) events.push({ type: 'reset', at: at() });
        exercises[exercise.id] = { attempts, ...(events.length > 0 ? { events } : {}) };
      }
      if (Object.keys(exercises).length > 0) submission.labs[lab.id] = { exercises };
    }
    submission.exportedAt = at();
    writeFileSync(join(out!, `student-${String(n).padStart(4, '0')}.json`), `${JSON.stringify(submission, null, 2)}\n`);
  }
  console.log(`classGenerator: ${count} submissions in ${out} (seed ${seed}, ${verdicts.size} distinct answers)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(2);
});
