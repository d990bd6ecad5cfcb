/**
 * Checkers for each exercise kind. They run real Worlds (never a stored answer alone), in
 * Node for tests and grading and in the browser for the student — the same code. Each check
 * is a plan (src/lab/play.ts) whose `judge` holds the verdict logic once; `checkExercise`
 * plays it, each step awaited (L05's LangGraph engine runs inside its steps).
 */
import type { MessageParams } from '../../core/message';
import type { InvariantResult } from '../../sim/model';
import type { World } from '../../sim/world';
import { deepMatch } from '../deepMatch';
import { runPlan, type Plan, type Refusal } from '../play';
import type { Lab } from '../schema';
import { fb, renderFeedback, verdictOf, type FeedbackMessage } from './feedback';
import { repairBySearch } from './repairBySearch';
import type { Exercise, ExerciseInput, Goal, PredictExercise, RepairExercise, ReproduceExercise, Verdict } from './schema';

/** Reads a dotted path (`document.last_writer`) from an observed state. */
export function readPath(observed: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), observed);
}

/** How a check reports the action that stopped its run. */
function refusal(world: World, refused: Refusal): FeedbackMessage {
  const params = { step: world.trace.length, action: JSON.stringify(refused.action), index: refused.index + 1 };
  // A refusal message is a part (read in the reader's language); a plain-text one is quoted as it came.
  return typeof refused.error === 'string' ? fb('feedback.refusal', { ...params, error: refused.error }) : fb('feedback.refusal', params, { error: refused.error });
}

/** The run behind a predict exercise: what the simulator shows at its step (the answer key is derived, not trusted). */
export function predictPlan(exercise: PredictExercise): Plan<unknown> {
  return {
    start: exercise.start,
    actions: [...exercise.start.actions, exercise.step],
    judge(world, refused) {
      if (refused) throw new Error(`exercise ${exercise.id}: ${renderFeedback(refusal(world, refused))}`);
      return readPath(world.observe(), exercise.observe);
    },
  };
}

/** What the simulator does at a predict exercise's step. */
export function predictOutcome(lab: Lab, exercise: PredictExercise): Promise<unknown> {
  return runPlan(lab, predictPlan(exercise));
}

function predictCheck(exercise: PredictExercise, pick: unknown): Plan<Verdict> {
  const outcome = predictPlan(exercise);
  return {
    start: outcome.start,
    actions: outcome.actions,
    judge(world, refused) {
      const actual = outcome.judge(world, refused);
      const pass = deepMatch(actual, pick).length === 0 && deepMatch(pick, actual).length === 0;
      // The choice's index travels with the message so a reader's language can quote its own label.
      const choice = exercise.choices.findIndex((c) => deepMatch(c.value, actual).length === 0);
      const label = exercise.choices[choice]?.label ?? JSON.stringify(actual);
      const step = exercise.start.actions.length + 1;
      const params = { step, observe: exercise.observe, label, choice, explanation: exercise.explanation };
      return verdictOf(pass, fb(pass ? 'feedback.predict_right' : 'feedback.predict_wrong', params), exercise.rules, step);
    },
  };
}

export function checkPredict(lab: Lab, exercise: PredictExercise, pick: unknown): Promise<Verdict> {
  return runPlan(lab, predictCheck(exercise, pick));
}

/**
 * A feedback message quoting the invariant's first violation as a part (a message, so a
 * reader sees it in their language; the English text is what the string used to be).
 */
function withViolation(key: string, params: MessageParams, broken: InvariantResult): FeedbackMessage {
  const first = broken.violations[0];
  return first ? fb(key, params, { violation: first }) : fb(key, { ...params, violation: null });
}

/** The first trace step at which the goal holds, or null. */
function goalReachedAt(world: World, goal: Goal): { step: number; detail: FeedbackMessage } | null {
  if ('violates' in goal) {
    for (const entry of world.trace) {
      const broken = entry.invariants.find((i) => i.id === goal.violates && !i.ok);
      if (broken) return { step: entry.index, detail: withViolation('feedback.reproduced_violation', { step: entry.index, invariant: broken.id }, broken) };
    }
    return null;
  }
  const step = world.trace.length - 1;
  return deepMatch(goal.observe, world.observe()).length === 0 ? { step, detail: fb('feedback.reproduced_observed', { step, observed: JSON.stringify(goal.observe) }) } : null;
}

/**
 * Replays the student's steps under the switches they actually ran with (`ran`, when the
 * attempt recorded them), so the verdict agrees with what their screen showed. A switch the
 * exercise fixes but the student changed means the exercise was not reproduced as posed.
 */
function reproduceCheck(exercise: ReproduceExercise, actions: unknown[], ran?: Record<string, string>): Plan<Verdict> {
  const switches = { ...exercise.start.switches, ...ran };
  return {
    start: { ...exercise.start, switches },
    actions: [...exercise.start.actions, ...actions],
    judge(world, refused) {
      if (refused) return verdictOf(false, fb('feedback.not_replayed', undefined, { refusal: refusal(world, refused) }), exercise.rules);
      const changed = Object.entries(exercise.start.switches ?? {}).filter(([key, value]) => switches[key] !== value);
      const reached = goalReachedAt(world, exercise.goal);
      if (changed.length > 0) {
        const design = changed.map(([key, value]) => fb('feedback.changed_switch', { key, value: switches[key] ?? null, expected: value }));
        return verdictOf(false, fb(reached ? 'feedback.ran_with' : 'feedback.ran_with_no_goal', undefined, { design }), exercise.rules);
      }
      return reached
        ? verdictOf(true, reached.detail, exercise.rules, reached.step)
        : verdictOf(false, exercise.hint
          ? fb('feedback.not_reproduced_hint', { count: actions.length, hint: exercise.hint })
          : fb('feedback.not_reproduced', { count: actions.length }), exercise.rules);
    },
  };
}

export async function checkReproduce(lab: Lab, exercise: ReproduceExercise, actions: unknown[], ran?: Record<string, string>, origin?: 'search'): Promise<Verdict> {
  return searchRefused(exercise, origin) ?? runPlan(lab, reproduceCheck(exercise, actions, ran));
}

/** A step log the Search panel found is no answer to an exercise that asks the student to find one. */
function searchRefused(exercise: ReproduceExercise, origin: 'search' | undefined): Verdict | null {
  return origin === 'search' && exercise.search !== 'allowed' ? verdictOf(false, fb('feedback.search_not_allowed'), exercise.rules) : null;
}

/**
 * A repair: an unchosen option or a design search breaks is decided at once (search runs
 * only for models it can drive, see `unsearchable`); otherwise the exercise's scenario
 * decides: no invariant broken at any step, and the expected end state.
 */
async function repairCheck(lab: Lab, exercise: RepairExercise, choices: Record<string, string>): Promise<Verdict | Plan<Verdict>> {
  for (const option of exercise.options) {
    if (!option.values.includes(choices[option.switch] ?? '')) return verdictOf(false, fb('feedback.choose_value', { switch: option.switch }), exercise.rules);
  }
  const searched = await repairBySearch(lab, exercise, choices);
  if (searched) return searched;
  return {
    start: { ...exercise.start, switches: { ...exercise.start.switches, ...choices } },
    actions: exercise.actions,
    judge(world, refused) {
      if (refused) return verdictOf(false, fb('feedback.design_cannot_run', undefined, { refusal: refusal(world, refused) }), exercise.rules);
      for (const entry of world.trace) {
        const broken = entry.invariants.find((i) => !i.ok);
        if (broken) {
          const message = withViolation('feedback.repair_breaks', { step: entry.index, invariant: broken.id, rule: broken.rule }, broken);
          return verdictOf(false, message, [...exercise.rules, broken.rule], entry.index);
        }
      }
      const misses = deepMatch(exercise.expect, world.observe());
      if (misses.length > 0) {
        const m = misses[0]!;
        const message = fb('feedback.repair_unfinished', { path: m.path, actual: String(JSON.stringify(m.actual)), expected: String(JSON.stringify(m.expected)) });
        return verdictOf(false, message, exercise.rules, world.trace.length - 1);
      }
      return verdictOf(true, fb('feedback.repair_ok'), exercise.rules);
    },
  };
}

export async function checkRepair(lab: Lab, exercise: RepairExercise, choices: Record<string, string>): Promise<Verdict> {
  const check = await repairCheck(lab, exercise, choices);
  return isPlan(check) ? runPlan(lab, check) : check;
}

/**
 * ICU's word segmentation: Japanese and Chinese put no spaces between words, so counting
 * runs of non-space counted a 190-character Japanese answer as 4 words and refused it as too
 * short. The segmenter finds the words of either script (and of English), and counts no
 * punctuation or space. Its rules for CJK text do not depend on the locale given (checked in
 * Node: en, ja and zh count the same), so a grader in Node counts as the page did.
 */
const WORDS = new Intl.Segmenter('en', { granularity: 'word' });

/** The number of words in `text`, in any of the course's languages. */
export function wordCount(text: string): number {
  let words = 0;
  for (const segment of WORDS.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

export function checkExplain(exercise: Extract<Exercise, { kind: 'explain' }>, text: string): Verdict {
  const words = wordCount(text);
  return words >= exercise.minWords
    ? verdictOf(null, fb('feedback.explain_saved', { words }), exercise.rules)
    : verdictOf(false, fb('feedback.explain_short', { min: exercise.minWords, words }), exercise.rules);
}

export function isPlan(check: Verdict | Plan<Verdict>): check is Plan<Verdict> {
  return 'judge' in check;
}

/** Any exercise against an input of the matching kind: a verdict at once, or the run that decides it. */
export async function planExercise(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict | Plan<Verdict>> {
  if (exercise.kind !== input.kind) return verdictOf(false, fb('feedback.wrong_kind', { expected: exercise.kind, actual: input.kind }), exercise.rules);
  switch (exercise.kind) {
    case 'predict': return predictCheck(exercise, (input as { pick: unknown }).pick);
    case 'reproduce': {
      const { actions, switches, origin } = input as { actions: unknown[]; switches?: Record<string, string>; origin?: 'search' };
      return searchRefused(exercise, origin) ?? reproduceCheck(exercise, actions, switches);
    }
    case 'repair': return repairCheck(lab, exercise, (input as { choices: Record<string, string> }).choices);
    case 'explain': return checkExplain(exercise, (input as { text: string }).text);
  }
}

/** Checks any exercise of any lab against an input: a verdict from a real run (or at once, where none is needed). */
export async function checkExercise(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict> {
  const check = await planExercise(lab, exercise, input);
  return isPlan(check) ? runPlan(lab, check) : check;
}
