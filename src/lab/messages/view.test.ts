/**
 * The diagrams' words (namespace `view`, the World's own steps in `steps`) come from the
 * catalogs: every scenario of every lab is played, and at each step every node name, link
 * label, machine title and node line a model reports must be a message whose key every
 * locale has and whose `{{params}}` are all given. Models listed in ENGLISH_STILL may still
 * report English text (shown as is); every other model must report none.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessage } from '../../core/message';
import { isAsyncWorld, runStep } from '../../sim/asyncStep';
import { World } from '../../sim/world';
import { useSqlJs } from '../../test/sqljs';
import { configFor } from '../config';
import type { Locale } from '../i18n/locales';
import { formatMessageIn, MESSAGE_CATALOGS } from '../i18n/messageCatalogs';
import { loadLabsFromDir } from '../nodeFiles';

useSqlJs();

/** Models whose diagrams are not converted yet (text shown in English). */
const ENGLISH_STILL = new Set<string>([]);

/** A lowercase status word shown bare (not as the code beside its translation, `実行中（running）`). */
const BARE_STATUS = /(?<![（\w-])(queued|running|owned|blocked|done|failed|cancelled|granted|expired|used)(?![）\w-])/;

/** Node names that are identifiers (`worker-1`, `agent-2`): code, the same in every language. */
const isIdentifier = (text: string) => /^[\w-]+$/.test(text);

function viewParts(world: World): unknown[] {
  return [
    ...world.nodes.map((n) => n.label),
    ...world.model.edges.map((e) => e.label),
    ...world.machines().map((m) => m.title),
    ...Object.values(world.describeNodes()).flat(),
  ];
}

describe('the diagrams speak through the catalogs', () => {
  const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

  it.each(labs.map((lab) => [lab.id, lab] as const))('%s: every node name, link, machine title and node line at every step', async (_, lab) => {
    const english: string[] = [];
    const bareStatus = new Set<string>();
    const models = new Set<string>();
    const keys = new Set<string>();
    for (const scenario of lab.scenarios) {
      const world = World.create(configFor(lab, { switches: { ...lab.world.switches, ...scenario.switches } }));
      try {
        models.add(world.model.id);
        const look = () => {
          for (const part of viewParts(world)) {
            if (isMessage(part)) {
              keys.add(part.key);
              for (const [locale, catalog] of Object.entries(MESSAGE_CATALOGS)) {
                expect(catalog[part.key], `${locale} lacks ${part.key}`).toBeTypeOf('string');
                expect(formatMessageIn(locale as Locale, part), `${locale} ${part.key} ${JSON.stringify(part.params)}`).not.toMatch(/\{\{/);
              }
              // Status words nested in a node line (W1 running, approval used) read in the page's language.
              const ja = formatMessageIn('ja', part);
              if (BARE_STATUS.test(ja)) bareStatus.add(`${part.key}: ${ja}`);
            } else if (typeof part === 'string' && part !== '' && !isIdentifier(part)) {
              english.push(`${world.model.id}: ${part}`);
            }
          }
        };
        look();
        // An asynchronous engine (L05, L06's LangGraph executor) is stepped the way the app steps it.
        for (const action of scenario.actions) {
          const outcome = isAsyncWorld(world) ? await runStep(world, action).catch(() => ({ ok: false })) : world.step(action);
          if (!outcome.ok) break;
          look();
        }
      } finally {
        world.dispose();
      }
    }
    const unconverted = english.filter((e) => !ENGLISH_STILL.has(e.split(':')[0]!));
    expect([...new Set(unconverted)], 'English text a model still reports in its diagrams').toEqual([]);
    expect([...bareStatus], 'a status word left in English in a ja node line').toEqual([]);
    expect([...models].length).toBeGreaterThan(0);
    // A converted model's diagrams are read through keys (the walk saw them, it did not skip them).
    if ([...models].some((m) => !ENGLISH_STILL.has(m))) expect(keys.size).toBeGreaterThan(0);
  });

  it('a rule citation with words has its English in namespace rules, equal to the model\'s', async () => {
    const seen = new Set<string>();
    for (const lab of labs) {
      const world = World.create(configFor(lab, {}));
      try {
        for (const inv of world.model.invariants) {
          if (seen.has(inv.id) || !/\b[a-z]{3,}\b/.test(inv.rule)) continue;
          seen.add(inv.id);
          expect(MESSAGE_CATALOGS.en[`rules.${inv.id}`], inv.id).toBe(inv.rule);
        }
      } finally {
        world.dispose();
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
