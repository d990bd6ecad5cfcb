/**
 * Why a card stopped, as data (CardResult.failure) beside the CLI's English `error`: the
 * Cards tab words it in the page's language from this, so it must match the English.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { parseCard, runCard } from './cards';
import { formatMessageIn } from './i18n/messageCatalogs';
import { loadLabsFromDir } from './nodeFiles';
import type { Lab } from './schema';

useSqlJs();

const L07 = (): Lab => {
  const load = loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === 'L07');
  if (!load?.ok) throw new Error('L07 should load');
  return load.lab;
};

async function run(text: string) {
  const parsed = parseCard('c.json', text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return await runCard(L07(), parsed.card, 'c.json');
}

describe('a card\'s failure as data', () => {
  it('a rejected action: its place, the action and the World\'s refusal as a message, the same as the CLI\'s English', async () => {
    const result = await run('{"lab":"L07","name":"x","actions":["deliver_next"],"expect":{}}');
    expect(result.failure).toMatchObject({ kind: 'rejected', index: 1, action: '"deliver_next"' });
    const failure = result.failure as Extract<typeof result.failure, { kind: 'rejected' }>;
    // What the Cards tab words: the World's message.
    const said = failure.refusal;
    expect(said?.key).toMatch(/^refusals\./);
    expect(formatMessageIn('en', said!)).toBe(failure.reason);
    expect(result.error).toBe(`action 1 ("deliver_next") was rejected: ${failure.reason}`);
    expect(formatMessageIn('ja', said!)).not.toBe(failure.reason);
  });

  it('a card for another lab', async () => {
    const parsed = parseCard('c.json', '{"lab":"L08","name":"x","actions":[],"expect":{}}');
    if (!parsed.ok) throw new Error('should parse');
    const result = await runCard(L07(), parsed.card, 'c.json');
    expect(result.failure).toEqual({ kind: 'wrong_lab', card: 'L08', lab: 'L07' });
    expect(result.error).toBe('card is for L08, not L07');
  });
});
