/**
 * Cards: small JSON test vectors a lab ships and an instructor can drop in.
 * `{"lab":"L07","name":"…","initial":{…},"actions":[…],"expect":{…}}` — `initial` and
 * `switches` override the lab's starting World; `expect` must deep-match a subset of the
 * observable state after the last action. The CLI and the Cards tab both run this code.
 */
import { z } from 'zod';
import { isMessage, type Message } from '../core/message';
import { deepMatch, type Mismatch } from './deepMatch';
import { formatMessage } from './i18n/catalogRegistry';
import { jsonProblem, zodProblems } from './loaderProblems';
import { readJson } from './jsonInput';
import { runPlan, type Plan } from './play';
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
  /** The same reason as data, for the Cards tab to word in the page's language. */
  failure?: CardFailure;
  mismatches: Mismatch[];
  observed: Record<string, unknown> | null;
}

/** Why a card stopped, as data: `error` is its English (what the CLI prints). */
export type CardFailure =
  | { kind: 'wrong_lab'; card: string; lab: string }
  /** `reason` in English; `refusal` the World's message when it gave one, for the page to word. */
  | { kind: 'rejected'; index: number; action: string; reason: string; refusal?: Message }
  | { kind: 'cannot_start'; reason: string };

export function parseCard(file: string, text: string): CardParse {
  const read = readJson(text);
  if (!read.ok) return { ok: false, problems: [jsonProblem(file, read)] };
  const json = read.value;
  const parsed = cardSchema.safeParse(json);
  return parsed.success ? { ok: true, card: parsed.data } : { ok: false, problems: zodProblems(file, parsed.error, json) };
}

/** A card as a plan (src/lab/play.ts): its start, its actions, and the subset match at the end. */
function cardPlan(card: Card, file: string): Plan<CardResult> {
  const fail = (error: string, failure: CardFailure): CardResult => ({ card, file, pass: false, error, failure, mismatches: [], observed: null });
  return {
    start: card,
    actions: card.actions,
    cannotStart: (error) => fail(error, { kind: 'cannot_start', reason: error }),
    judge(world, refused) {
      if (refused) {
        const action = JSON.stringify(refused.action);
        const reason = formatMessage(refused.error); // English, as the CLI prints it
        return fail(`action ${refused.index + 1} (${action}) was rejected: ${reason}`, {
          kind: 'rejected', index: refused.index + 1, action, reason, ...(isMessage(refused.error) ? { refusal: refused.error } : {}),
        });
      }
      const observed = world.observe();
      const mismatches = deepMatch(card.expect, observed);
      return { card, file, pass: mismatches.length === 0, error: null, mismatches, observed };
    },
  };
}

function wrongLab(lab: Lab, card: Card, file: string): CardResult | null {
  return card.lab === lab.id ? null : {
    card, file, pass: false, error: `card is for ${card.lab}, not ${lab.id}`, failure: { kind: 'wrong_lab', card: card.lab, lab: lab.id }, mismatches: [], observed: null,
  };
}

/**
 * Runs one card in a fresh session of its lab (any lab: an asynchronous engine, L05's
 * LangGraph, is awaited inside each step). Needs sql.js initialised.
 */
export async function runCard(lab: Lab, card: Card, file: string): Promise<CardResult> {
  return wrongLab(lab, card, file) ?? runPlan(lab, cardPlan(card, file));
}

/** One line per card, as the CLI and the Cards tab print it. */
export function formatCardResult(result: CardResult): string {
  const head = `${result.pass ? 'PASS' : 'FAIL'}  ${result.card.lab}  ${result.card.name}  (${result.file})`;
  if (result.pass) return head;
  if (result.error) return `${head}\n      ${result.error}`;
  const lines = result.mismatches.map((m) => `      ${m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
  return [head, ...lines].join('\n');
}
