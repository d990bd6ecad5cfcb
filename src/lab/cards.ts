/**
 * Cards: small JSON test vectors a lab ships and an instructor can drop in.
 * `{"lab":"L07","name":"…","initial":{…},"actions":[…],"expect":{…}}` — `initial` and
 * `switches` override the lab's starting World; `expect` must deep-match a subset of the
 * observable state after the last action. The CLI and the Cards tab both run this code.
 */
import { z } from 'zod';
import { World } from '../sim/world';
import { stepAsync } from '../sim/asyncStep';
import { configFor } from './config';
import { deepMatch, type Mismatch } from './deepMatch';
import { zodProblems } from './loader';
import type { Lab, LabProblem } from './schema';

export const cardSchema = z.object({
  lab: z.string().regex(/^L\d{2}$/, 'a lab ID looks like L07'),
  name: z.string().min(1),
  description: z.string().optional(),
  initial: z.record(z.string(), z.unknown()).optional(),
  switches: z.record(z.string(), z.string()).optional(),
  actions: z.array(z.unknown()),
  expect: z.record(z.string(), z.unknown()),
}).strict();

export type Card = z.infer<typeof cardSchema>;

export type CardParse = { ok: true; card: Card } | { ok: false; problems: LabProblem[] };

export interface CardResult {
  card: Card;
  file: string;
  pass: boolean;
  /** Why the card could not run to the end (a rejected action, a bad starting state). */
  error: string | null;
  mismatches: Mismatch[];
  observed: Record<string, unknown> | null;
}

export function parseCard(file: string, text: string): CardParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ file, field: '(whole file)', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  const parsed = cardSchema.safeParse(json);
  return parsed.success ? { ok: true, card: parsed.data } : { ok: false, problems: zodProblems(file, parsed.error) };
}

/** Runs one card in a fresh World. Needs sql.js initialised. */
export function runCard(lab: Lab, card: Card, file: string): CardResult {
  const fail = (error: string): CardResult => ({ card, file, pass: false, error, mismatches: [], observed: null });
  if (card.lab !== lab.id) return fail(`card is for ${card.lab}, not ${lab.id}`);
  let world: World;
  try {
    world = World.create(configFor(lab, card));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  try {
    for (const [i, action] of card.actions.entries()) {
      const outcome = world.step(action);
      if (!outcome.ok) return fail(`action ${i + 1} (${JSON.stringify(action)}) was rejected: ${outcome.error}`);
    }
    const observed = world.observe();
    const mismatches = deepMatch(card.expect, observed);
    return { card, file, pass: mismatches.length === 0, error: null, mismatches, observed };
  } finally {
    world.dispose();
  }
}

/**
 * `runCard` for any lab, including asynchronous ones (L05's LangGraph World): each action
 * goes through `stepAsync`, which awaits the engine inside the step. Same result shape.
 */
export async function runCardAsync(lab: Lab, card: Card, file: string): Promise<CardResult> {
  const fail = (error: string): CardResult => ({ card, file, pass: false, error, mismatches: [], observed: null });
  if (card.lab !== lab.id) return fail(`card is for ${card.lab}, not ${lab.id}`);
  let world: World;
  try {
    world = World.create(configFor(lab, card));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  try {
    for (const [i, action] of card.actions.entries()) {
      const outcome = await stepAsync(world, action);
      if (!outcome.ok) return fail(`action ${i + 1} (${JSON.stringify(action)}) was rejected: ${outcome.error}`);
    }
    const observed = world.observe();
    const mismatches = deepMatch(card.expect, observed);
    return { card, file, pass: mismatches.length === 0, error: null, mismatches, observed };
  } finally {
    world.dispose();
  }
}

/** One line per card, as the CLI and the Cards tab print it. */
export function formatCardResult(result: CardResult): string {
  const head = `${result.pass ? 'PASS' : 'FAIL'}  ${result.card.lab}  ${result.card.name}  (${result.file})`;
  if (result.pass) return head;
  if (result.error) return `${head}\n      ${result.error}`;
  const lines = result.mismatches.map((m) => `      ${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
  return [head, ...lines].join('\n');
}
