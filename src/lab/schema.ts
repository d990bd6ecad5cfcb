/**
 * The lab file format (labs/<id>/lab.json), validated with zod at load time.
 * A lab names its protocol model, the World it starts from, its action palette, its
 * observable keys, its scenarios (each with an expected outcome) and its exercises.
 */
import { z } from 'zod';
import type { MessageParams } from '../core/message';
import { exerciseSchema } from './exercises/schema';
import type { LabTranslation } from './i18n/labStrings';
import type { Locale } from './i18n/locales';

const jsonObject = z.record(z.string(), z.unknown());
const switches = z.record(z.string(), z.string());

/**
 * One-character keys the lab view keeps for itself (src/app/useKeyboard.ts: `.` steps, `,`
 * steps back, `r` resets; src/app/components/LectureKeys.tsx: `?` lists the keys, `:` opens
 * the command palette, `b` shows the crash slide). An action given one of them never ran:
 * L05's "retry" had `r`.
 */
export const STEP_KEYS: readonly string[] = ['.', ',', 'r', '?', ':', 'b'];

export const paletteEntrySchema = z.object({
  /** A token (`"A_acquire"`) or an object (`{"advance": 11}`) of the lab's vocabulary. */
  action: z.unknown().refine((v) => v !== undefined, 'an action is required'),
  label: z.string().min(1),
  group: z.string().min(1).default('Actions'),
  help: z.string().optional(),
  /** Optional keyboard key that plays this action in the lab view. */
  key: z.string().length(1)
    .refine((k) => !STEP_KEYS.includes(k), { message: `${STEP_KEYS.map((k) => `"${k}"`).join(', ')} are the lab's own keys (step, back, reset, key list, command palette, crash slide)` })
    .optional(),
});

export const scenarioSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, 'use lowercase letters, digits and dashes'),
  title: z.string().min(1),
  description: z.string().default(''),
  initial: jsonObject.optional(),
  switches: switches.optional(),
  actions: z.array(z.unknown()).min(1),
  /** Must deep-match a subset of the lab's observable state after the last action. */
  expect: jsonObject,
  /**
   * The predict exercises whose situation this scenario plays (src/lab/predictGate.ts): the
   * step that shows an outcome stays locked until the student has picked.
   */
  asks: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1).optional(),
});

/**
 * A broken variant: a design (switches over the lab's defaults) in which search, from the
 * lab's starting state within the lab's bounds, must find `property` broken — an invariant
 * or, for an end condition, a state the recovery cannot settle (`recover`). Each rule the
 * lab lists needs one (docs/rules.md is built from these; scripts/rules.test.ts searches).
 */
export const variantSchema = z.object({
  rule: z.string().regex(/^(MWP-[A-Z]{3}-\d{3}|M07-\d)$/, 'a rule ID looks like MWP-WRK-020 or M07-3'),
  property: z.string().min(1),
  switches: switches.default({}),
  /** The property is an end condition: search with recoverability on. */
  recover: z.boolean().default(false),
  /** Bounds beyond the lab's defaults, when the variant needs them (say why in `why`). */
  bounds: z.record(z.string(), z.union([z.number(), z.array(z.number())])).optional(),
  /** What is wrong with this design, in a sentence (English; shown in docs/rules.md). */
  why: z.string().min(1),
}).strict();

export const labFileSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string().regex(/^L\d{2}$/, 'a lab ID looks like L07'),
  title: z.string().min(1),
  summary: z.string().min(1),
  spec: z.array(z.string().min(1)).min(1),
  rules: z.array(z.string().min(1)).default([]),
  model: z.string().min(1),
  world: z.object({
    seed: z.number().int(),
    initial: jsonObject,
    switches: switches.default({}),
  }),
  actions: z.array(paletteEntrySchema).min(1),
  observables: z.array(z.object({ key: z.string().min(1), meaning: z.string().min(1) })).min(1),
  scenarios: z.array(scenarioSchema).min(1),
  exercises: z.array(exerciseSchema).default([]),
  variants: z.array(variantSchema).default([]),
}).strict();

export type LabFile = z.infer<typeof labFileSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;
export type PaletteEntry = z.infer<typeof paletteEntrySchema>;
export type Variant = z.infer<typeof variantSchema>;

/** A lab that loaded: its file contents plus its narrative. */
export interface Lab extends LabFile {
  /** Where it came from, e.g. `labs/L07/lab.json`. */
  file: string;
  readme: string;
  /** Complete translations beside the lab (src/lab/i18n/labStrings.ts), by locale. */
  translations?: Partial<Record<Locale, LabTranslation>>;
}

/** One reason a lab did not load: the file, the field (a dotted path) and what is wrong. */
export interface LabProblem {
  file: string;
  field: string;
  /** In English, as the CLI prints it. */
  message: string;
  /**
   * The same problem as a stable code (a `problems.*` key, src/lab/messages/<locale>/problems.json)
   * and its parameters, so the page shows it in the student's language (src/lab/loaderProblems.ts).
   */
  code?: string;
  params?: MessageParams;
}

export type LabLoad =
  | { ok: true; lab: Lab }
  | { ok: false; file: string; id: string | null; problems: LabProblem[] };
