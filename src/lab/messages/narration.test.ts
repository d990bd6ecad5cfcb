/**
 * The timeline's narration in Japanese holds no English sentence. Every note the shipped
 * labs write — each scenario, each scenario followed by each palette action, each card and
 * each repair exercise under every choice — is rendered with the ja catalog, the way the
 * page renders it; a run of three English words is a sentence the core still returns as text
 * (codes, identifiers and rule IDs are single tokens and pass). Nor does any note carry
 * English in a parameter, rendered or not: each is an identifier, a number or a message.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessage, type Message } from '../../core/message';
import { useSqlJs } from '../../test/sqljs';
import type { Locale } from '../i18n/locales';
import { formatMessageIn } from '../i18n/messageCatalogs';
import { labRuns } from '../labRuns';
import { loadLabsFromDir } from '../nodeFiles';
import { runPlan } from '../play';
import type { Lab } from '../schema';

useSqlJs();

const LABS_DIR = resolve('labs');

/** Three Latin-script words in a row (`send the expected`): a sentence, not a code or an id. */
const ENGLISH_RUN = /\b[A-Za-z][a-z']+(?:[ ,;:]+[A-Za-z][a-z']+){2,}\b/;

/** The English run in a rendered note, or null. */
export function englishIn(text: string): string | null {
  return ENGLISH_RUN.exec(text)?.[0] ?? null;
}

/** Notes whose rendering in `locale` still carries an English sentence, as `key: text`. */
export function englishNotes(notes: readonly (Message | string)[], locale: Locale): string[] {
  const out = new Set<string>();
  for (const note of notes) {
    const text = formatMessageIn(locale, note);
    if (englishIn(text) !== null) out.add(`${isMessage(note) ? note.key : '(text)'}: ${text}`);
  }
  return [...out];
}

/**
 * Parameters holding English (two or more words that are not identifiers: no digit, `_`, `.`,
 * `-` or `/` in them, not an UPPER code), as `key.param: text`. A parameter is an identifier,
 * a number or a message of its own, never English text the core wrote, which no catalog
 * would translate.
 */
export function englishParams(notes: readonly (Message | string)[]): string[] {
  const out = new Set<string>();
  const visit = (note: Message) => {
    for (const [name, value] of Object.entries(note.params ?? {})) {
      if (isMessage(value)) visit(value);
      else if (typeof value === 'string' && value.split(/[^\w./-]+/).filter((w) => /^[A-Za-z]*[a-z][A-Za-z]+$/.test(w)).length >= 2) out.add(`${note.key}.${name}: ${value}`);
    }
  };
  for (const note of notes) if (isMessage(note)) visit(note);
  return [...out];
}

async function notesOfLab(lab: Lab): Promise<(Message | string)[]> {
  const seen = new Map<string, Message | string>();
  for (const run of labRuns(lab, LABS_DIR, { thenEachAction: true })) {
    const notes = await runPlan(lab, {
      ...run,
      judge: (world) => world.trace.flatMap((entry) => entry.notes),
      cannotStart: () => [],
    });
    for (const n of notes) seen.set(JSON.stringify(n), n);
  }
  return [...seen.values()];
}

describe('the timeline narrates in Japanese without English sentences', () => {
  const labs = loadLabsFromDir(LABS_DIR).flatMap((l) => (l.ok ? [l.lab] : []));

  it.each(labs.map((lab) => [lab.id, lab] as const))('%s: every note a run writes, rendered in ja', async (_, lab) => {
    const notes = await notesOfLab(lab);
    expect(notes.length).toBeGreaterThan(0);
    expect(englishNotes(notes, 'ja')).toEqual([]);
    expect(englishParams(notes)).toEqual([]);
    // A nested reason reads in English exactly as the core's own `message` did (graders and cards print it).
    for (const note of notes) {
      if (!isMessage(note)) continue;
      expect(formatMessageIn('en', note)).not.toMatch(/\{\{|reasons\.|view\.status\./);
    }
  }, 600_000);

  it('the detector finds an English sentence and passes codes, identifiers and rule IDs', async () => {
    expect(englishIn('PARAMETER_CONFLICT：op-1 was issued for 10000¢ by support-bot')).toBe('was issued for');
    expect(englishIn('CAS_REQUIRED lead/claim-3：claim is compare-and-set: send the expected revision of W1')).not.toBeNull();
    expect(englishIn('agent-1 はメールを送りません：現在のリースとトークンが必要です（MWP-WRK-020）。')).toBeNull();
    expect(englishIn('ACCEPTED lead/claim-3：イベント G1-4（seq 4、W1 rev 2）')).toBeNull();
    expect(englishParams([{ key: 'worker.effect_receipt', params: { operation: 'G1#5', intent: 'start W1 for agent-1' } }])).toEqual(['worker.effect_receipt.intent: start W1 for agent-1']);
    expect(englishParams([{ key: 'outer', params: { reason: { key: 'inner', params: { why: 'the shop did not answer' } } } }])).toEqual(['inner.why: the shop did not answer']);
    expect(englishParams([{ key: 'world.crashed', params: { node: 'worker-1', point: 'apply.after_begin', at: 3, reason: { key: 'reasons.x' } } }])).toEqual([]);
  });
});
