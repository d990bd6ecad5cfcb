/**
 * Exercise declarations in lab.json (a union on `kind`):
 * - predict: pick an outcome, then the step runs and the simulator decides;
 * - reproduce: reach a goal (an invariant broken, or an observed value) with the palette;
 * - repair: pick design options (switches) so a scenario ends well with no invariant broken;
 * - explain: free text for a human grader.
 */
import { z } from 'zod';
import type { FeedbackMessage } from './feedback';

const json = z.unknown();
const jsonObject = z.record(z.string(), z.unknown());
const switches = z.record(z.string(), z.string());

const common = {
  id: z.string().regex(/^[a-z0-9-]+$/, 'use lowercase letters, digits and dashes'),
  title: z.string().min(1),
  prompt: z.string().min(1),
  rules: z.array(z.string()).default([]),
};

/** Where a World starts for an exercise: the lab's starting state with overrides. */
const start = z.object({ initial: jsonObject.optional(), switches: switches.optional(), actions: z.array(json).default([]) }).default({ actions: [] });

/** A goal over the World: an invariant broken at some step, or observed values at the end. */
export const goalSchema = z.union([
  z.object({ violates: z.string().min(1) }).strict(),
  z.object({ observe: jsonObject }).strict(),
]);

export const predictSchema = z.object({
  ...common,
  kind: z.literal('predict'),
  start,
  /** The step whose outcome the student predicts. */
  step: json,
  /** A dotted path into the observable state, e.g. `status` or `document.last_writer`. */
  observe: z.string().min(1),
  choices: z.array(z.object({ value: json, label: z.string().min(1) })).min(2),
  /** The declared answer; a test checks it against what the simulator does. */
  answer: json,
  explanation: z.string().min(1),
}).strict();

export const reproduceSchema = z.object({
  ...common,
  kind: z.literal('reproduce'),
  start,
  goal: goalSchema,
  /** A known way to reach the goal; tests check the checker accepts it. */
  solution: z.array(json).min(1),
  hint: z.string().optional(),
  /**
   * `"allowed"`: a step log loaded from a Search counterexample may be handed in. Absent
   * (the default), such an attempt is refused: the exercise asks the student to find it.
   */
  search: z.literal('allowed').optional(),
}).strict();

export const repairSchema = z.object({
  ...common,
  kind: z.literal('repair'),
  start: z.object({ initial: jsonObject.optional(), switches: switches.optional() }).default({}),
  /** The switches the student chooses, and the values offered for each. */
  options: z.array(z.object({ switch: z.string().min(1), values: z.array(z.string()).min(2) })).min(1),
  /** The scenario the chosen design must survive. */
  actions: z.array(json).min(1),
  /** What must hold at the end, besides every invariant holding at every step. */
  expect: jsonObject,
  /** A choice that passes; tests check it passes and that some other choice does not. */
  solution: switches,
  /**
   * Search is the judge (src/lab/exercises/repairBySearch.ts): when present, a design must
   * also survive every schedule the adversary can build within these bounds (over the
   * lab's defaults), not only the scenario above. `solutions` lists every other choice
   * that passes; a test proves exactly these pass and every other has a counterexample.
   */
  environment: z.object({
    bounds: z.object({
      depth: z.number().int().min(1), maxStates: z.number().int().min(1), crashes: z.number().int().min(0),
      drops: z.number().int().min(0), duplicates: z.number().int().min(0), partitions: z.number().int().min(0),
      advances: z.array(z.number().int().min(1)),
    }).partial().strict().default({}),
    solutions: z.array(switches).default([]),
    /**
     * Steps every searched schedule starts with (the situation the repair is about, e.g. the
     * events already emitted), so the depth goes to what the adversary does next.
     */
    prefix: z.array(json).default([]),
  }).strict().optional(),
}).strict();

export const explainSchema = z.object({ ...common, kind: z.literal('explain'), minWords: z.number().int().min(1).default(20) }).strict();

export const exerciseSchema = z.discriminatedUnion('kind', [predictSchema, reproduceSchema, repairSchema, explainSchema]);

export type Exercise = z.infer<typeof exerciseSchema>;
export type PredictExercise = z.infer<typeof predictSchema>;
export type ReproduceExercise = z.infer<typeof reproduceSchema>;
export type RepairExercise = z.infer<typeof repairSchema>;
export type Goal = z.infer<typeof goalSchema>;

/** What a student handed in for one attempt. */
export type ExerciseInput =
  | { kind: 'predict'; pick: unknown }
  | { kind: 'reproduce'; actions: unknown[]; switches?: Record<string, string>; origin?: 'search' }
  | { kind: 'repair'; choices: Record<string, string> }
  | { kind: 'explain'; text: string };

/** A check's result. `pass` is null for explain (a person grades it). */
export interface Verdict {
  pass: boolean | null;
  /** The feedback in English (what reports and older saved progress carry). */
  feedback: string;
  /** The same feedback as a message key with parameters, for any language (src/lab/exercises/feedback.ts). */
  message?: FeedbackMessage;
  /** The trace step the feedback points at, when there is one. */
  step?: number;
  rules: string[];
}
