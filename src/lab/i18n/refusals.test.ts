/**
 * Refusals read back into keys: a real World's refusals (driven to each one the World
 * gives, plus a model's node-status refusal) are recognised, give back their exact English
 * text, and read in every locale; an unknown refusal passes through unchanged. If the World
 * rewords a refusal, the first test names it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { World, type WorldConfig } from '../../sim/world';
import { getModel } from '../../sim/models';
import { useSqlJs } from '../../test/sqljs';
import { configFor } from '../config';
import { loadLabsFromDir } from '../nodeFiles';
import { en } from '../messages/en';
import { fillTemplate } from '../messages/format';
import { LOCALES } from './locales';
import { MESSAGE_CATALOGS } from './messageCatalogs';
import { refusalMessage, refusalText } from './refusals';

useSqlJs();

const CONFIG: WorldConfig = {
  model: 'fencing',
  seed: 7,
  initial: { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } },
  switches: {},
};

/** What the World answers to `action` after `before` (its refusal text). */
function refusalAfter(before: unknown[], action: unknown, switches: Record<string, string> = {}): string {
  const world = World.replay({ ...CONFIG, switches }, before);
  const outcome = world.step(action);
  if (outcome.ok) throw new Error(`${JSON.stringify(action)} was not refused`);
  return outcome.error;
}

/** What L06's World (its own lab file, the executor switched) answers to an action only the other executor has. */
function executorRefusal(executor: string, action: unknown): string {
  const l06 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L06' ? [l.lab] : []))[0]!;
  const world = World.replay(configFor(l06, { switches: { executor } }), []);
  const outcome = world.step(action);
  if (outcome.ok) throw new Error(`${JSON.stringify(action)} was not refused under ${executor}`);
  return outcome.error;
}

describe('the World\'s refusals in every language', () => {
  const point = getModel('fencing').faultPoints[0]!.point;
  // Each refusal the World gives, and how to get it (computed in the tests: sql.js loads first).
  const ways: [string, () => string][] = [
    ['refusals.no_such_frame', () => refusalAfter([], { deliver: 42 })],
    ['refusals.no_frame_deliverable', () => refusalAfter([], 'deliver_next', { network: 'manual' })],
    ['refusals.no_frame_in_flight', () => refusalAfter([], 'drop_next', { network: 'manual' })],
    ['refusals.no_link_cut', () => refusalAfter([], 'heal')],
    ['refusals.not_crashed', () => refusalAfter([], { restart: 'A' })],
    ['refusals.no_node', () => refusalAfter([], { restart: 'Z' })],
    ['refusals.crash_already_armed', () => refusalAfter([{ crash_at: point }], { crash_at: point })],
    ['refusals.cannot_cut', () => refusalAfter([], { partition: ['A', 'A'] })],
    ['refusals.node_not_paused', () => refusalAfter([], 'A_wake')],
    // L06: a button of the other executor (src/sim/models/matrix/vocabulary.ts).
    ['refusals.handwritten_only', () => executorRefusal('langgraph', 'submit')],
    ['refusals.langgraph_only', () => executorRefusal('handwritten', 'ask')],
  ];
  const cases = () => ways.map(([key, get]) => [key, get()] as const);

  it.each(ways)('%s is recognised and gives back the exact text', (key, get) => {
    const text = get();
    const message = refusalMessage(text);
    expect(message?.key, text).toBe(key);
    expect(fillTemplate(key, en[key], message!.params)).toBe(text);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s: every recognised refusal reads in the locale', (locale) => {
    for (const [key, text] of cases()) {
      const shown = refusalText(text, locale);
      expect(shown).not.toBe(text);
      expect(shown).toBe(fillTemplate(key, MESSAGE_CATALOGS[locale][key], refusalMessage(text)!.params));
    }
    expect(refusalText('No node \'Z\'.', locale)).toContain('Z');
  });
});

describe('refusalMessage', () => {
  it('keeps spaced parameters whole and tells similar refusals apart', () => {
    expect(refusalMessage('Cannot cut A – B.')).toEqual({ key: 'refusals.cannot_cut', params: { nodes: 'A – B' } });
    expect(refusalMessage('worker-1 is paused; frame #3 has to wait.')).toEqual({ key: 'refusals.frame_waits_paused', params: { node: 'worker-1', frame: '3' } });
    expect(refusalMessage('Frame #3 is still on its way (arrives at t=12).')).toEqual({ key: 'refusals.frame_on_its_way', params: { frame: '3', at: '12' } });
    expect(refusalMessage('B is crashed.')?.key).toBe('refusals.node_is_crashed');
    expect(refusalMessage('B is not paused.')?.key).toBe('refusals.node_not_paused');
  });

  it('leaves an unknown refusal as it is', () => {
    expect(refusalMessage('There is no operation to retry yet; submit first.')).toBeNull();
    expect(refusalText('The worker is crashed; restart it first.', 'ja')).toBe('The worker is crashed; restart it first.');
  });
});
