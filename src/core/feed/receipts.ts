/**
 * Side effects behind the authority's dedupe receipts (MWP-FND-023, SPEC §2 "record
 * side-effect receipt"). A worker's intent — persisted in its outbox by the apply cycle,
 * named by the event that caused it — is carried out through here: in ONE transaction the
 * authority looks up the receipt for the operation ID; with none, the effect happens and
 * its receipt is recorded; with one, the original receipt comes back and nothing happens.
 * The receipt lives with the authority, so a worker that loses its whole store, replays
 * the claim and dispatches the same intent again cannot make it happen twice.
 *
 * `dedupe: false` is the broken design of the lab (receipts kept only in the worker's
 * own, rebuildable database): the outside world does what it is told each time.
 */
import type { Store } from '../db/store';

export interface EffectIntent {
  operationId: string;
  group: string;
  intent: string;
}

export interface EffectOutcome {
  receipt: string;
  /** True when this call carried the effect out; false when a receipt already existed. */
  performed: boolean;
}

/** What the outside world answers when it carries out an intent. */
export const receiptFor = (intent: EffectIntent) => `performed: ${intent.intent}`;

export function carryOutEffect(store: Store, intent: EffectIntent, now: number, dedupe = true): EffectOutcome {
  return store.tx('feed.record_effect_receipt', (): EffectOutcome => {
    const held = dedupe ? store.get('SELECT receipt FROM effect_receipts WHERE operation_id = ?', [intent.operationId]) : undefined;
    if (held) return { receipt: String(held.receipt), performed: false };
    const receipt = receiptFor(intent);
    store.run('INSERT INTO effects_performed (operation_id, at) VALUES (?, ?)', [intent.operationId, now]);
    if (dedupe) store.run('INSERT INTO effect_receipts (operation_id, group_id, intent, receipt, at) VALUES (?, ?, ?, ?, ?)', [intent.operationId, intent.group, intent.intent, receipt, now]);
    return { receipt, performed: true };
  });
}

/** How many times each intent was really carried out, oldest first (the outside world's record). */
export function performedCounts(store: Store): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of store.all('SELECT operation_id, count(*) AS times FROM effects_performed GROUP BY operation_id ORDER BY min(n)')) out.set(String(r.operation_id), Number(r.times));
  return out;
}

/** Operation IDs in the order the outside world carried them out (repeats included). */
export function performedLog(store: Store): string[] {
  return store.all('SELECT operation_id FROM effects_performed ORDER BY n').map((r) => String(r.operation_id));
}
