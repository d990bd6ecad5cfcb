/**
 * Every scenario of every lab, played in a LabSession as the page plays it, in each of the
 * four languages: the scenario reaches its expected outcome, and every message the page
 * would render along the way (timeline notes, step labels taken and ahead, violation lines,
 * node names and lines, link labels, machine titles) renders through the page's own i18n
 * instance — created as setup.ts creates it, each language loaded from its chunk — with no
 * key that no catalog has (the raw `key {params}` line) and no English fallback
 * (`englishFallbacks`, what the page's `durableLabI18n.fallbacks()` reports).
 *
 * The browser only has to show that a `?lang=` link starts the page in that language
 * (e2e/i18n.spec.ts); what the narration says in it is decided here.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessage, type Message } from '../../core/message';
import { LOCALES } from '../../lab/i18n/locales';
import { loadLabsFromDir } from '../../lab/nodeFiles';
import type { Lab } from '../../lab/schema';
import { LabSession, type WorldView } from '../../lab/session';
import { stepLabel } from '../../lab/sessionLabels';
import { useSqlJs } from '../../test/sqljs';
import { createLabI18n, whenReady } from './instance';
import { englishFallbacks, renderMessage } from './renderMessage';
import { loadLocaleResources } from './resources';

useSqlJs();

/** A note rendered by the fallback of renderMessage: `namespace.key {"param":…}`. */
const FALLBACK = /^[a-z_]+\.[a-z0-9_.]+ \{.*\}$/i;

/** What the page renders through `renderMessage` for one view (Timeline, InvariantPanel, Topology, MachineDiagram, Inspector). */
function rendered(view: WorldView): (Message | string)[] {
  return [
    ...view.trace.flatMap((entry) => [stepLabel(entry.action, entry.label), ...entry.notes]),
    ...view.upcoming,
    ...view.invariants.flatMap((inv) => inv.violations),
    ...view.nodes.flatMap((n) => [n.spec.label, ...n.said]),
    ...view.edges.map((e) => e.label),
    ...view.machines.map((m) => m.title),
  ];
}

/** Every message of every scenario's run, each once, after checking the run reaches the scenario's outcome. */
async function messagesOfLab(lab: Lab): Promise<(Message | string)[]> {
  const seen = new Map<string, Message | string>();
  const { session } = await LabSession.open(lab);
  try {
    for (const scenario of lab.scenarios) {
      await session.loadScript(scenario);
      const look = () => { for (const m of rendered(session.view())) seen.set(JSON.stringify(m), m); };
      look();
      for (let i = 0; i < scenario.actions.length; i++) {
        expect(await session.forward(), `${lab.id}#${scenario.id} step ${i + 1}`).toEqual({ ok: true });
        look();
      }
      const check = session.view().scenarioCheck;
      expect(check?.scenario.id, `${lab.id}#${scenario.id} is the open scenario`).toBe(scenario.id);
      expect(check?.atEnd, `${lab.id}#${scenario.id} at its end`).toBe(true);
      expect(check?.mismatches, `${lab.id}#${scenario.id} reaches its expected outcome`).toEqual([]);
    }
  } finally {
    session.dispose();
  }
  return [...seen.values()];
}

/** Keys no catalog of the page has (rendered as `key {params}`), nested messages included. */
function unknownKeys(message: Message | string, has: (key: string) => boolean): string[] {
  if (!isMessage(message)) return [];
  const nested = Object.values(message.params ?? {}).flatMap((p) => (isMessage(p) ? unknownKeys(p, has) : []));
  return has(message.key) ? nested : [message.key, ...nested];
}

describe('every scenario narrates in every language through the page\'s catalogs', () => {
  const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

  it('finds every shipped lab', async () => {
    expect(labs.length).toBeGreaterThanOrEqual(14);
  });

  it.each(labs.map((lab) => [lab.id, lab] as const))('%s: each scenario passes, and all it shows renders in every locale with no fallback', async (_, lab) => {
    const messages = await messagesOfLab(lab);
    expect(messages.filter(isMessage).length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      // The page's instance, as setup.ts makes it: English built in, the language from its chunk.
      const page = createLabI18n(locale, { load: loadLocaleResources });
      await whenReady(page);
      expect(page.language).toBe(locale);
      englishFallbacks.clear();
      const texts = messages.map((m) => renderMessage(page, m));
      expect(texts.filter((t) => FALLBACK.test(t.trim())), `${locale}: notes with no catalog entry`).toEqual([]);
      const has = (key: string) => page.getResource(locale, 'messages', key) !== undefined || page.getResource('en', 'messages', key) !== undefined;
      expect([...new Set(messages.flatMap((m) => unknownKeys(m, has)))], `${locale}: keys no catalog has`).toEqual([]);
      expect([...englishFallbacks].sort(), `${locale}: shown in English for want of a translation`).toEqual([]);
    }
  }, 600_000);
});
