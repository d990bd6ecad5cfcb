/**
 * The receipt boundary of the apply cycle (SPEC §2: "record side-effect receipt" is its own
 * visible transaction). Step 5 of `applyEvent` persists an outbox intent inside the apply
 * transaction; after that commits, the worker dispatches each intent it holds no receipt
 * for, and keeps a copy of the receipt in the named transaction `worker.recordEffectReceipt`.
 *
 * The dedupe receipt itself is authoritative (MWP-FND-023): the dispatch goes through the
 * authority, which carries the intent out only if it holds no receipt for its operation ID
 * (`core/feed/receipts.ts`). The worker's copy is a cache it may lose with the rest of its
 * store: a replayed claim recreates the intent under the same operation ID, the dispatch
 * gets the original receipt back, and nothing happens twice. A crash between the dispatch
 * and the copy (`effect.before_receipt`) is the same case.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import { msg, type Message } from '../message';

export const EffectFaultPoint = { beforeReceipt: 'effect.before_receipt' } as const;

export interface Intent {
  operationId: string;
  group: string;
  seq: number;
  intent: string;
}

/**
 * The intent a claim persists, as the outbox stores it: text, like every row (the same in
 * every language, read by the inspector as stored).
 */
export function startIntent(workItem: string, owner: string): string {
  return `start ${workItem} for ${owner}`;
}

/**
 * A stored intent as the narration quotes it: a start intent (`startIntent`) as a message
 * naming its work item and owner, worded in the reader's language; any other text as stored.
 */
export function intentWords(intent: string): Message | string {
  const start = /^start (\S+) for (\S+)$/.exec(intent);
  return start ? msg('worker.intent_start', { work_item: start[1]!, owner: start[2]! }) : intent;
}

/** Where an intent is carried out: through the authority's receipt check. */
export interface EffectDispatch {
  /** Who keeps the dedupe receipts: the authority, or (the broken design) only the worker. */
  receiptsAt: 'authority' | 'worker';
  carryOut(intent: Intent): { receipt: string; performed: boolean };
}

/** Intents persisted by step 5 that the worker holds no receipt for, oldest first. */
export function pendingIntents(store: Store): Intent[] {
  return store.all(`SELECT o.operation_id, o.group_id, o.seq, o.intent FROM outbox o
      LEFT JOIN effect_receipts r ON r.operation_id = o.operation_id WHERE r.operation_id IS NULL ORDER BY o.id`)
    .map((r) => ({ operationId: String(r.operation_id), group: String(r.group_id), seq: Number(r.seq), intent: String(r.intent) }));
}

/** Keeps the worker's copy of an intent's receipt. Returns false if it was already kept. */
export function recordEffectReceipt(store: Store, operationId: string, receipt: string, now: number): boolean {
  return store.tx('worker.recordEffectReceipt', () => store.run('INSERT OR IGNORE INTO effect_receipts (operation_id, receipt, at) VALUES (?, ?, ?)', [operationId, receipt, now]) === 1);
}

/**
 * Dispatches every pending intent and keeps its receipt. Returns what each dispatch did,
 * as data (the caller narrates it): `performed` false means the authority already held
 * the receipt and the effect did not happen again.
 */
export interface Dispatched { intent: Intent; receipt: string; performed: boolean; receiptsAt: EffectDispatch['receiptsAt'] }

export function performPendingIntents(store: Store, faults: FaultPoints, now: number, dispatch: EffectDispatch): Dispatched[] {
  const done: Dispatched[] = [];
  for (const intent of pendingIntents(store)) {
    const { receipt, performed } = dispatch.carryOut(intent);
    faults.reach(EffectFaultPoint.beforeReceipt);
    recordEffectReceipt(store, intent.operationId, receipt, now);
    done.push({ intent, receipt, performed, receiptsAt: dispatch.receiptsAt });
  }
  return done;
}

export function effectReceipts(store: Store): { operation_id: string; receipt: string }[] {
  return store.all('SELECT operation_id, receipt FROM effect_receipts ORDER BY rowid').map((r) => ({ operation_id: String(r.operation_id), receipt: String(r.receipt) }));
}
