/**
 * Violation lines in every language. Every violation the shipped labs' broken designs
 * produce — each scenario, each card, and each repair exercise under every combination of
 * its options (the wrong designs among them) — is collected from real runs and rendered
 * in every locale: no key may be missing from a catalog, no `{{param}}` left unfilled.
 * The English rendering must read exactly as the line did when models built it as a string
 * (graders, cards and the CLI print it).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { msg } from '../../core/message';
import type { Violation } from '../../sim/model';
import { useSqlJs } from '../../test/sqljs';
import { MESSAGE_CATALOGS } from '../i18n/messageCatalogs';
import { labRuns } from '../labRuns';
import { loadLabsFromDir } from '../nodeFiles';
import { runPlan } from '../play';
import EN_VIOLATIONS from './en/violations.json';
import { formatMessage } from '../i18n/catalogRegistry';
import { createMessageI18n, renderIn, type Catalog } from './render';

useSqlJs();

const LABS_DIR = resolve('labs');

/** The distinct violations (by key and params) the labs' runs produce. */
async function violationsOfLabs(): Promise<Violation[]> {
  const seen = new Map<string, Violation>();
  for (const load of loadLabsFromDir(LABS_DIR)) {
    if (!load.ok) throw new Error(`lab ${load.id} does not load`);
    for (const run of labRuns(load.lab, LABS_DIR)) {
      const found = await runPlan(load.lab, {
        ...run,
        judge: (world) => world.trace.flatMap((entry) => entry.invariants.flatMap((i) => i.violations)),
        cannotStart: () => [],
      });
      for (const v of found) seen.set(JSON.stringify(v), v);
    }
  }
  return [...seen.values()];
}

/** What is wrong with `violations` rendered by each catalog: a missing key or an unfilled parameter. */
export function untranslated(violations: readonly Violation[], catalogs: Readonly<Record<string, Catalog>>): string[] {
  const out: string[] = [];
  const words = createMessageI18n(catalogs);
  for (const [locale, catalog] of Object.entries(catalogs)) {
    for (const v of violations) {
      if (catalog[v.key] === undefined) out.push(`${locale}: no ${v.key}`);
      else if (/\{\{/.test(renderIn(words, locale, v))) out.push(`${locale}: ${v.key} leaves a parameter unfilled`);
    }
  }
  return [...new Set(out)];
}

describe('violation lines', () => {
  it('every violation a broken design produces renders in every locale, with every parameter filled', async () => {
    const found = await violationsOfLabs();
    const keys = new Set(found.map((v) => v.key));
    // The runs reach a broken invariant in every model that has invariants, so the check means something.
    for (const model of ['fencing', 'refund', 'authority', 'projection', 'compensation', 'outage', 'workflow']) {
      expect([...keys].some((k) => k.startsWith(`violations.${model}.`)), `no ${model} violation reached`).toBe(true);
    }
    expect(keys.size).toBeGreaterThanOrEqual(15);
    expect(untranslated(found, MESSAGE_CATALOGS)).toEqual([]);
  }, 600_000);

  it('the check fails on a catalog that lacks a translation', async () => {
    const line = msg('violations.fencing.fence_went_back', { fence: 1, before: 2 });
    const { ['violations.fencing.fence_went_back']: _dropped, ...lacking } = MESSAGE_CATALOGS.ja;
    expect(untranslated([line], { ...MESSAGE_CATALOGS, ja: lacking })).toEqual(['ja: no violations.fencing.fence_went_back']);
    const unfilled = { ...MESSAGE_CATALOGS.ja, 'violations.fencing.fence_went_back': 'フェンス {{fence}} / {{previous}}' };
    expect(untranslated([line], { ja: unfilled })).toEqual(['ja: violations.fencing.fence_went_back leaves a parameter unfilled']);
  });

  it('the English lines read exactly as the strings the models used to build', async () => {
    const cases: [Violation, string][] = [
      [msg('violations.compensation.grant_withdrawn', { step: 1, action: 'cancel_flight', by: 'trip-agent', grant: 'G-3' }), 'compensation step 1 (cancel_flight) was taken by trip-agent on grant G-3, withdrawn before it'],
      [msg('violations.outage.past_grace', { step: '1', at: '6' }), 'step 1 ran offline at t=6, after the grace period'],
      [msg('violations.fencing.write_stale_fence', { seq: 3, writer: 'A', fence: 1, at: 12, current: 2 }), 'write #3 by A (fence 1, t=12) was accepted while the current fence was 2'],
      [msg('violations.fencing.unfenced_write_after_expiry', { seq: 2, writer: 'B', fence: null, at: 11, until: 10 }), 'write #2 by B (fence none, t=11) was accepted after the lease ended at t=10'],
      [msg('violations.refund.refunded_times', { operation: 'op-1', count: 2, refunds: 're_1, re_2' }), 'op-1 was refunded 2 times (re_1, re_2)'],
      [msg('violations.refund.wrong_amount', { refund: 're_1', amount: 500, operation: 'op-1', approved: 300 }), 're_1 refunded $5.00 for op-1, approved for $3.00'],
      [msg('violations.authority.history_gap', { group: 'G1', missing: '2', counter: 3 }), "G1's history is missing sequence(s) 2 of 1–3"],
      [msg('violations.projection.differs_from_rebuild', { group: 'G1', cursor: 4 }), 'G1: the projection at cursor 4 differs from a rebuild of events 1–4'],
      [msg('violations.projection.tombstoned_archived', { group: 'G1', event: 'G1-3', field: 'note' }), 'the archive of G1 still carries G1-3.note'],
      [msg('violations.outage.irreversible_offline', { agent: 'agent-1', what: 'email_customer', at: '4' }), 'agent-1 did "email_customer" offline at t=4'],
      [msg('violations.outage.emailed_offline', { agent: 'agent-1', at: '4' }), 'agent-1 did "email the customer" offline at t=4'],
      [msg('violations.engine.threw', { error: 'boom' }), 'boom'],
    ];
    for (const [violation, english] of cases) expect(formatMessage(violation)).toBe(english);
    expect(Object.keys(EN_VIOLATIONS).every((k) => k.startsWith('violations.'))).toBe(true);
  });
});
