/**
 * The model-side catalogs (`invariants`, `switches`) against the models themselves, every
 * model of the registry (src/lab/models.ts): the English copy is each model's own
 * text, every invariant ID and every switch option has a key in every locale, and no key
 * names an invariant or switch that no model has any more. When a model changes a
 * statement or adds an option, this test names the keys to update.
 */
import { describe, expect, it } from 'vitest';
import type { Model } from '../../sim/model';
import { getModel, modelIds } from '../models';
import { switchesOf } from '../../sim/switches';
import { MODEL_ANSWERS } from '../../core/workflow/refundWorkflow';
import type { Catalog } from '../messages/render';
import { LOCALES, type Locale } from './locales';
import { MESSAGE_CATALOGS } from './messageCatalogs';
import { invariantKey, localizeSwitch, optionKey, optionLabel, statementOf, switchKey, switchLabel } from './modelStrings';

interface Gaps {
  /** `model: key` whose English catalog text differs from the model's own (or is absent). */
  english: string[];
  /** `locale: key` a model needs and the locale lacks. */
  missing: string[];
  /** Keys of the two namespaces that no model needs any more. */
  stale: string[];
}

/** What each model shows, as catalog key → the model's text, tagged with the model's ID. */
function modelTexts(models: readonly { id: string; model: Pick<Model, 'invariants' | 'switches' | 'endConditions'> }[]): { model: string; key: string; text: string }[] {
  const out: { model: string; key: string; text: string }[] = [];
  for (const { id, model } of models) {
    for (const inv of model.invariants) out.push({ model: id, key: invariantKey(inv.id), text: inv.statement });
    // End conditions are statements shown the same way (a search's unrecoverable state).
    for (const end of model.endConditions ?? []) out.push({ model: id, key: invariantKey(end.id), text: end.statement });
    for (const spec of switchesOf(model as Model)) {
      out.push({ model: id, key: switchKey(spec.key), text: spec.label });
      for (const o of spec.options) out.push({ model: id, key: optionKey(spec.key, o.value), text: o.label });
    }
  }
  return out;
}

function modelStringGaps(models: readonly { id: string; model: Pick<Model, 'invariants' | 'switches' | 'endConditions'> }[], catalogs: Readonly<Record<Locale, Catalog>>): Gaps {
  const texts = modelTexts(models);
  const needed = new Set(texts.map((t) => t.key));
  const english = texts.filter((t) => catalogs.en[t.key] !== t.text).map((t) => `${t.model}: ${t.key}`);
  const missing = LOCALES.flatMap((locale) => [...needed].filter((key) => !catalogs[locale][key]?.trim()).map((key) => `${locale}: ${key}`));
  const stale = Object.keys(catalogs.en).filter((key) => /^(invariants|switches)\./.test(key) && !needed.has(key));
  return { english, missing, stale };
}

const MODELS = modelIds().map((id) => ({ id, model: getModel(id) }));

describe('model-side strings (invariants, switches) in every locale', () => {
  it('covers every model: English is the model text, every locale has every key, none is stale', () => {
    expect(MODELS.length).toBeGreaterThanOrEqual(7);
    expect(modelStringGaps(MODELS, MESSAGE_CATALOGS)).toEqual({ english: [], missing: [], stale: [] });
  });

  it('fails when a model changes a statement or a label, or gains an invariant or an option', () => {
    const fencing = getModel('fencing');
    const [fence1, ...rest] = fencing.invariants;
    const [resource] = fencing.switches;
    const changed = {
      ...fencing,
      invariants: [{ ...fence1!, statement: 'Writes under a stale fence are refused.' }, ...rest, { ...fence1!, id: 'FENCE-9' }],
      switches: [{ ...resource!, label: 'Resource', options: [...resource!.options, { value: 'psychic', label: 'knows' }] }],
    };
    const gaps = modelStringGaps([{ id: 'fencing', model: changed }], MESSAGE_CATALOGS);
    expect(gaps.english).toEqual([
      'fencing: invariants.FENCE-1', 'fencing: invariants.FENCE-9', 'fencing: switches.resource', 'fencing: switches.resource.psychic',
    ]);
    expect(gaps.missing).toEqual(LOCALES.flatMap((l) => [`${l}: invariants.FENCE-9`, `${l}: switches.resource.psychic`]));
    // Only the fencing model was given: every other model's keys are stale from its point of view.
    expect(gaps.stale).toContain('invariants.REF-1');
  });

  it('fails when a locale lacks a key a model needs', () => {
    const ja = { ...MESSAGE_CATALOGS.ja };
    delete (ja as Record<string, string>)['switches.window.3'];
    const gaps = modelStringGaps(MODELS, { ...MESSAGE_CATALOGS, ja });
    expect(gaps.missing).toEqual(['ja: switches.window.3']);
  });
});

describe('lookups', () => {
  it('give the locale text, and the model text for an ID no catalog has', () => {
    expect(statementOf('FENCE-1', 'en', 'x')).toBe(getModel('fencing').invariants[0]!.statement);
    expect(statementOf('FENCE-1', 'ja', 'x')).toBe(MESSAGE_CATALOGS.ja['invariants.FENCE-1']);
    expect(statementOf('NEW-1', 'zh-Hans', 'A new rule.')).toBe('A new rule.');
    expect(switchLabel('network', 'zh-Hant', 'Network')).toBe('網路');
    expect(optionLabel('network', 'manual', 'ja', 'x')).toBe(MESSAGE_CATALOGS.ja['switches.network.manual']);
    expect(optionLabel('network', 'carrier-pigeon', 'ja', 'by pigeon')).toBe('by pigeon');
  });

  it('localizeSwitch keeps keys, values and presented, and translates the words', () => {
    const spec = getModel('refund').switches.find((s) => s.key === 'retry_policy')!;
    const zh = localizeSwitch(spec, 'zh-Hans');
    expect(zh.key).toBe('retry_policy');
    expect(zh.default).toBe(spec.default);
    expect(zh.options.map((o) => [o.value, o.presented])).toEqual(spec.options.map((o) => [o.value, o.presented]));
    expect(zh.label).toBe(MESSAGE_CATALOGS['zh-Hans']['switches.retry_policy']);
    expect(zh.options.map((o) => o.label)).not.toEqual(spec.options.map((o) => o.label));
    expect(localizeSwitch(spec, 'en')).toEqual(spec);
  });

  it("quote the model double's answers: English is its own text, every locale has each", () => {
    MODEL_ANSWERS.forEach((text, i) => {
      const key = `workflow.model_answer_${i + 1}`;
      expect(MESSAGE_CATALOGS.en[key]).toBe(text);
      for (const locale of LOCALES) expect(MESSAGE_CATALOGS[locale][key], `${locale}: ${key}`).toBeTruthy();
    });
  });
});
