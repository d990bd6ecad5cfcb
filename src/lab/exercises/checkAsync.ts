/**
 * The exercise checkers for labs whose World steps asynchronously (L05: LangGraph.js).
 * Same verdicts as check.ts, but every action goes through `stepAsync`, which awaits the
 * engine inside the step. For a synchronous lab `checkExerciseAsync` simply answers what
 * `checkExercise` does.
 *
 * (The verdict wording is kept identical to check.ts on purpose; a later refactor can make
 * check.ts take an already-played World so both share one body.)
 */
import { isAsyncModel, stepAsync } from '../../sim/asyncStep';
import { getModel } from '../../sim/models';
import { World } from '../../sim/world';
import { configFor } from '../config';
import { deepMatch } from '../deepMatch';
import type { Lab } from '../schema';
import { checkExercise, checkExplain, readPath } from './check';
import type { Exercise, ExerciseInput, Goal, PredictExercise, RepairExercise, ReproduceExercise, Verdict } from './schema';

/** True when the lab's model is asynchronous (its checks must be awaited). */
export function isAsyncLab(lab: Lab): boolean {
  return isAsyncModel(getModel(lab.model));
}

async function play(lab: Lab, start: { initial?: Record<string, unknown>; switches?: Record<string, string> }, actions: unknown[]): Promise<{ world: World; error: string | null }> {
  const world = World.create(configFor(lab, start));
  for (const [i, action] of actions.entries()) {
    const outcome = await stepAsync(world, action);
    if (!outcome.ok) return { world, error: `step ${world.trace.length} (${JSON.stringify(action)}, action ${i + 1}) was refused: ${outcome.error}` };
  }
  return { world, error: null };
}

export async function predictOutcomeAsync(lab: Lab, exercise: PredictExercise): Promise<unknown> {
  const { world, error } = await play(lab, exercise.start, [...exercise.start.actions, exercise.step]);
  try {
    if (error) throw new Error(`exercise ${exercise.id}: ${error}`);
    return readPath(world.observe(), exercise.observe);
  } finally {
    world.dispose();
  }
}

async function checkPredict(lab: Lab, exercise: PredictExercise, pick: unknown): Promise<Verdict> {
  const actual = await predictOutcomeAsync(lab, exercise);
  const pass = deepMatch(actual, pick).length === 0 && deepMatch(pick, actual).length === 0;
  const label = exercise.choices.find((c) => deepMatch(c.value, actual).length === 0)?.label ?? JSON.stringify(actual);
  const step = exercise.start.actions.length + 1;
  return {
    pass,
    feedback: `${pass ? 'Right' : 'Not quite'}: at step ${step} the simulator gives ${exercise.observe} = ${label}. ${exercise.explanation}`,
    step, rules: exercise.rules,
  };
}

function goalReachedAt(world: World, goal: Goal): { step: number; detail: string } | null {
  if ('violates' in goal) {
    for (const entry of world.trace) {
      const broken = entry.invariants.find((i) => i.id === goal.violates && !i.ok);
      if (broken) return { step: entry.index, detail: `${broken.id} broke: ${broken.violations[0]}` };
    }
    return null;
  }
  return deepMatch(goal.observe, world.observe()).length === 0 ? { step: world.trace.length - 1, detail: `the World shows ${JSON.stringify(goal.observe)}` } : null;
}

async function checkReproduce(lab: Lab, exercise: ReproduceExercise, actions: unknown[], ran?: Record<string, string>): Promise<Verdict> {
  const switches = { ...exercise.start.switches, ...ran };
  const { world, error } = await play(lab, { ...exercise.start, switches }, [...exercise.start.actions, ...actions]);
  try {
    if (error) return { pass: false, feedback: `Not reproduced: your recorded steps do not replay: ${error}`, rules: exercise.rules };
    const changed = Object.entries(exercise.start.switches ?? {}).filter(([key, value]) => switches[key] !== value);
    const reached = goalReachedAt(world, exercise.goal);
    if (changed.length > 0) {
      const design = changed.map(([key, value]) => `${key} = ${switches[key]} (the exercise sets ${value})`).join(', ');
      return { pass: false, feedback: `Not reproduced: you ran with ${design}${reached ? '' : ', and the goal did not happen'}. Set it back and try again.`, rules: exercise.rules };
    }
    return reached
      ? { pass: true, feedback: `Reproduced at step ${reached.step}: ${reached.detail}.`, step: reached.step, rules: exercise.rules }
      : { pass: false, feedback: `Not reproduced: after ${actions.length} step(s) the goal has not happened.${exercise.hint ? ` Hint: ${exercise.hint}` : ''}`, rules: exercise.rules };
  } finally {
    world.dispose();
  }
}

/** Repair without search: the explorer does not drive asynchronous Worlds (yet); the scenario decides. */
async function checkRepair(lab: Lab, exercise: RepairExercise, choices: Record<string, string>): Promise<Verdict> {
  for (const option of exercise.options) {
    if (!option.values.includes(choices[option.switch] ?? '')) return { pass: false, feedback: `Choose a value for ${option.switch}.`, rules: exercise.rules };
  }
  const switches = { ...exercise.start.switches, ...choices };
  const { world, error } = await play(lab, { ...exercise.start, switches }, exercise.actions);
  try {
    if (error) return { pass: false, feedback: `With this design the scenario cannot run: ${error}`, rules: exercise.rules };
    for (const entry of world.trace) {
      const broken = entry.invariants.find((i) => !i.ok);
      if (broken) {
        return { pass: false, feedback: `At step ${entry.index} ${broken.id} breaks (${broken.rule}): ${broken.violations[0]}.`, step: entry.index, rules: [...exercise.rules, broken.rule] };
      }
    }
    const misses = deepMatch(exercise.expect, world.observe());
    if (misses.length > 0) {
      const m = misses[0]!;
      return { pass: false, feedback: `No invariant breaks, but the scenario does not finish: ${m.path} is ${JSON.stringify(m.actual)}, not ${JSON.stringify(m.expected)}.`, step: world.trace.length - 1, rules: exercise.rules };
    }
    return { pass: true, feedback: 'Every invariant holds at every step, and the scenario ends as it should.', rules: exercise.rules };
  } finally {
    world.dispose();
  }
}

/** `checkExercise` for any lab; awaits the engine for asynchronous ones. */
export async function checkExerciseAsync(lab: Lab, exercise: Exercise, input: ExerciseInput): Promise<Verdict> {
  if (!isAsyncLab(lab)) return checkExercise(lab, exercise, input);
  if (exercise.kind !== input.kind) return { pass: false, feedback: `expected a ${exercise.kind} answer, got ${input.kind}`, rules: exercise.rules };
  switch (exercise.kind) {
    case 'predict': return checkPredict(lab, exercise, (input as { pick: unknown }).pick);
    case 'reproduce': {
      const { actions, switches } = input as { actions: unknown[]; switches?: Record<string, string> };
      return checkReproduce(lab, exercise, actions, switches);
    }
    case 'repair': return checkRepair(lab, exercise, (input as { choices: Record<string, string> }).choices);
    case 'explain': return checkExplain(exercise, (input as { text: string }).text);
  }
}
