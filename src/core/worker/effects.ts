/**
 * The receipt boundary of the apply cycle (SPEC §2: "record side-effect receipt" is its own
 * visible transaction). Step 5 of `applyEvent` persists an outbox intent inside the apply
 * transaction; after that commits, the worker performs each intent that has no receipt yet
 * and records the receipt in the named transaction `worker.recordEffectReceipt`.
 *
 * The intent's operation ID is the event that caused it, and receipts survive a rebuild:
 * a replayed event recreates the same intent, finds its receipt, and is not performed
 * again. A crash between performing and recording leaves the intent without a receipt, so
 * it is performed again under the same operation ID — the receiver must dedupe by it; no
 * local transaction can close that window.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';

export const EffectFaultPoint = { beforeReceipt: 'effect.before_receipt' } as const;

export interface Intent {
  operationId: string;
  group: string;
  seq: number;
  intent: string;
}

/** Intents persisted by step 5 that have no receipt yet, oldest first. */
export function pendingIntents(store: Store): Intent[] {
  return store.all(`SELECT o.operation_id, o.group_id, o.seq, o.intent FROM outbox o
      LEFT JOIN effect_receipts r ON r.operation_id = o.operation_id WHERE r.operation_id IS NULL ORDER BY o.id`)
    .map((r) => ({ operationId: String(r.operation_id), group: String(r.group_id), seq: Number(r.seq), intent: String(r.intent) }));
}

/** Records that an intent's effect happened. Returns false if it was already recorded. */
export function recordEffectReceipt(store: Store, operationId: string, receipt: string, now: number): boolean {
  return store.tx('worker.recordEffectReceipt', () => store.run('INSERT OR IGNORE INTO effect_receipts (operation_id, receipt, at) VALUES (?, ?, ?)', [operationId, receipt, now]) === 1);
}

/**
 * Performs every pending intent and records its receipt. Returns the effects performed,
 * as data (the caller narrates them); `perform` is the outside world's side.
 */
export function performPendingIntents(store: Store, faults: FaultPoints, now: number, perform: (intent: Intent) => string): { intent: Intent; receipt: string }[] {
  const done: { intent: Intent; receipt: string }[] = [];
  for (const intent of pendingIntents(store)) {
    const receipt = perform(intent);
    faults.reach(EffectFaultPoint.beforeReceipt);
    recordEffectReceipt(store, intent.operationId, receipt, now);
    done.push({ intent, receipt });
  }
  return done;
}

export function effectReceipts(store: Store): { operation_id: string; receipt: string }[] {
  return store.all('SELECT operation_id, receipt FROM effect_receipts ORDER BY rowid').map((r) => ({ operation_id: String(r.operation_id), receipt: String(r.receipt) }));
}
