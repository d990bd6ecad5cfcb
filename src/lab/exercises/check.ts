/**
 * Checkers for each exercise kind. They run real Worlds (never a stored answer alone), in
 * Node for tests and grading and in the browser for the student — the same code.
 */
import { World } from '../../sim/world';
import { configFor } from '../config';
import { deepMatch } from '../deepMatch';
import type { Lab } from '../schema';
import { repairBySearch } from './repairBySearch';
import type { Exercise, ExerciseInput, Goal, PredictExercise, RepairExercise, ReproduceExercise, Verdict } from './schema';

/** Reads a dotted path (`document.last_writer`) from an observed state. */
export function readPath(observed: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), observed);
}

/** Runs actions from a start; a rejected action stops the run and is reported. */
function play(lab: Lab, start: { initial?: Record<string, unknown>; switches?: Record<string, string> }, actions: unknown[]): { world: World; error: string | null } {
  const world = World.create(configFor(lab, start));
  for (const [i, action] of actions.entries()) {
    const outcome = world.step(action);
    if (!outcome.ok) return { world, error: `step ${world.trace.length} (${JSON.stringify(action)}, action ${i + 1}) was refused: ${outcome.error}` };
  }
  return { world, error: null };
}

/** What the simulator does at a predict exercise's step (the answer key is derived, not trusted). */
export function predictOutcome(lab: Lab, exercise: PredictExercise): unknown {
  const { world, error } = play(lab, exercise.start, [...exercise.start.actions, exercise.step]);
  try {
    if (error) throw new Error(`exercise ${exercise.id}: ${error}`);
    return readPath(world.observe(), exercise.observe);
  } finally {
    world.dispose();
  }
}

export function checkPredict(lab: Lab, exercise: PredictExercise, pick: unknown): Verdict {
  const actual = predictOutcome(lab, exercise);
  const pass = deepMatch(actual, pick).length === 0 && deepMatch(pick, actual).length === 0;
  const label = exercise.choices.find((c) => deepMatch(c.value, actual).length === 0)?.label ?? JSON.stringify(actual);
  const step = exercise.start.actions.length + 1;
  return {
    pass,
    feedback: `${pass ? 'Right' : 'Not quite'}: at step ${step} the simulator gives ${exercise.observe} = ${label}. ${exercise.explanation}`,
    step, rules: exercise.rules,
  };
}

/** The first trace step at which the goal holds, or null. */
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

/**
 * Replays the student's steps under the switches they actually ran with (`ran`, when the
 * attempt recorded them), so the verdict agrees with what their screen showed. A switch the
 * exercise fixes but the student changed means the exercise was not reproduced as posed.
 */
export function checkReproduce(lab: Lab, exercise: ReproduceExercise, actions: unknown[], ran?: Record<string, string>): Verdict {
  const switches = { ...exercise.start.switches, ...ran };
  const { world, error } = play(lab, { ...exercise.start, switches }, [...exercise.start.actions, ...actions]);
  try {
    if (error) return { pass: false, feedback: `Not reproduced: your recorded steps do not replay: ${error}`, rules: exercise.rules };
    const changed = Object.entries(exercise.start.switches ?? {}).filter(([key, value]) => switches[key] !== value);
    const reached = goalReachedAt(world, exercise.goal);
    const design = changed.map(([key, value]) => `${key} = ${switches[key]} (the exercise sets ${value})`).join(', ');
    if (changed.length > 0) {
      return { pass: false, feedback: `Not reproduced: you ran with ${design}${reached ? '' : ', and the goal did not happen'}. Set it back and try again.`, rules: exercise.rules };
    }
    return reached
      ? { pass: true, feedback: `Reproduced at step ${reached.step}: ${reached.detail}.`, step: reached.step, rules: exercise.rules }
      : { pass: false, feedback: `Not reproduced: after ${actions.length} step(s) the goal has not happened.${exercise.hint ? ` Hint: ${exercise.hint}` : ''}`, rules: exercise.rules };
  } finally {
    world.dispose();
  }
}

export function checkRepair(lab: Lab, exercise: RepairExercise, choices: Record<string, string>): Verdict {
  for (const option of exercise.options) {
    if (!option.values.includes(choices[option.switch] ?? '')) return { pass: false, feedback: `Choose a value for ${option.switch}.`, rules: exercise.rules };
  }
  const searched = repairBySearch(lab, exercise, choices);
  if (searched) return searched;
  const switches = { ...exercise.start.switches, ...choices };
  const { world, error } = play(lab, { ...exercise.start, switches }, exercise.actions);
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
    return { pass: true, feedback: `Every invariant holds at every step, and the scenario ends as it should.`, rules: exercise.rules };
  } finally {
    world.dispose();
  }
}

export function checkExplain(exercise: Extract<Exercise, { kind: 'explain' }>, text: string): Verdict {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return words >= exercise.minWords
    ? { pass: null, feedback: `Saved (${words} words) for your instructor to read.`, rules: exercise.rules }
    : { pass: false, feedback: `Write at least ${exercise.minWords} words (${words} so far).`, rules: exercise.rules };
}

/** Checks any exercise against an input of the matching kind. */
export function checkExercise(lab: Lab, exercise: Exercise, input: ExerciseInput): Verdict {
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
