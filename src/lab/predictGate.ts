/**
 * A prediction is posed before the step that shows its outcome. A scenario that plays a
 * predict exercise's situation (its start, then its step) names it in `asks`; until the
 * student has picked, stepping that scenario past the predict's start is refused, so the
 * observed state never answers the question first.
 */
import { deepMatch } from './deepMatch';
import type { ExerciseRecord } from './exercises/records';
import type { PredictExercise } from './exercises/schema';
import type { Lab, Scenario } from './schema';

const same = (a: unknown, b: unknown) => deepMatch(a, b).length === 0 && deepMatch(b, a).length === 0;

/** Whether the scenario starts where the exercise starts and plays the exercise's step next. */
export function playsPredict(lab: Lab, scenario: Scenario, exercise: PredictExercise): boolean {
  const switches = (s: Record<string, string> | undefined) => ({ ...lab.world.switches, ...s });
  if (!same(switches(scenario.switches), switches(exercise.start.switches))) return false;
  if (!same(scenario.initial ?? {}, exercise.start.initial ?? {})) return false;
  const path = [...exercise.start.actions, exercise.step];
  return path.length <= scenario.actions.length && path.every((action, i) => same(action, scenario.actions[i]));
}

/** A predict a scenario asks, and the cursor the scenario may not pass before its pick. */
export interface Gate { exercise: PredictExercise; cursor: number }

/** The scenario's gates, earliest first, whatever the student has done. */
export function gatesOf(lab: Lab, scenarioId: string | undefined): Gate[] {
  const scenario = lab.scenarios.find((s) => s.id === scenarioId);
  return (scenario?.asks ?? [])
    .flatMap((id) => lab.exercises.filter((e): e is PredictExercise => e.kind === 'predict' && e.id === id))
    .map((exercise) => ({ exercise, cursor: exercise.start.actions.length }))
    .sort((a, b) => a.cursor - b.cursor);
}

/** The first gate still closed for this student: a predict the scenario asks that they have not picked. */
export function closedGate(lab: Lab, scenarioId: string | undefined, records: Record<string, ExerciseRecord> | undefined): Gate | null {
  return gatesOf(lab, scenarioId).find((g) => (records?.[g.exercise.id]?.attempts.length ?? 0) === 0) ?? null;
}
