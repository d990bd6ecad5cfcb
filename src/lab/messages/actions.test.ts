/**
 * Every step's label is a message every locale can say: each action of each scenario of
 * each lab (played, as the timeline shows it), each action of its palette and of its cards
 * (as the redo tail shows a step not taken yet) must be a message descriptor — not English
 * text — whose key every locale has, with every `{{param}}` filled.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessage } from '../../core/message';
import { isAsyncWorld, runStep } from '../../sim/asyncStep';
import { World } from '../../sim/world';
import { useSqlJs } from '../../test/sqljs';
import { parseCard } from '../cards';
import { configFor } from '../config';
import type { Locale } from '../i18n/locales';
import { formatMessageIn, MESSAGE_CATALOGS } from '../i18n/messageCatalogs';
import { findCardFiles, loadLabsFromDir } from '../nodeFiles';
import type { Lab } from '../schema';

useSqlJs();

/** Problems with one label, in every locale: not a message, a missing key, an unfilled param. */
export function labelProblems(label: unknown, where: string): string[] {
  if (!isMessage(label)) return [`${where}: not a message: ${JSON.stringify(label)}`];
  return Object.entries(MESSAGE_CATALOGS).flatMap(([locale, catalog]) => {
    const template = catalog[label.key];
    if (template === undefined) return [`${where}: ${locale} lacks ${label.key}`];
    const said = formatMessageIn(locale as Locale, label);
    return /\{\{/.test(said) ? [`${where}: ${locale} ${label.key} leaves a param unfilled: ${said}`] : [];
  });
}

function cardActions(lab: Lab): unknown[] {
  return findCardFiles([resolve('labs', lab.id, 'cards')]).flatMap((file) => {
    const parsed = parseCard(file, readFileSync(file, 'utf8'));
    return parsed.ok ? parsed.card.actions : [];
  });
}

describe('action labels speak through the catalogs', () => {
  const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

  it.each(labs.map((lab) => [lab.id, lab] as const))('%s: every scenario step, palette action and card action', async (_, lab) => {
    const problems: string[] = [];
    const keys = new Set<string>();
    const look = (label: unknown, where: string) => {
      if (isMessage(label)) keys.add(label.key);
      problems.push(...labelProblems(label, where));
    };
    for (const scenario of lab.scenarios) {
      const world = World.create(configFor(lab, { switches: { ...lab.world.switches, ...scenario.switches } }));
      try {
        const waiting = [...lab.actions.map((a) => a.action), ...(scenario === lab.scenarios[0] ? cardActions(lab) : []), ...scenario.actions];
        for (const action of waiting) look(world.describe(action), `${scenario.id} ${JSON.stringify(action)}`);
        // An asynchronous engine (L05, L06's LangGraph executor) is stepped the way the app steps it.
        for (const action of scenario.actions) {
          const outcome = isAsyncWorld(world) ? await runStep(world, action).catch(() => ({ ok: false })) : world.step(action);
          if (!outcome.ok) break;
        }
        for (const entry of world.trace) look(entry.label, `${scenario.id} step ${entry.index}`);
      } finally {
        world.dispose();
      }
    }
    expect(problems).toEqual([]);
    // The walk saw the model's own labels, not only the World's steps.
    expect([...keys].some((k) => k.startsWith('actions.')), [...keys].join(', ')).toBe(true);
  });
});
