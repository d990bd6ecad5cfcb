/**
 * Keys for external effects.
 * - The intent key is the server-issued operation_id: stable across attempts, restarts
 *   and re-planning (SPEC 9.3). Attempt IDs and tool call IDs are not intents.
 * - MWP-WRK-031's tool key folds in the ownership epoch, so a new owner gets a new key —
 *   which is why a new owner must reconcile the previous epoch's operation first (SPEC §8).
 */
import { contentDigest } from '../authority/canonical';

export interface RefundParams {
  tenant: string;
  caller: string;
  opType: 'refund';
  orderId: string;
  amountCents: number;
}

/** The parameter digest stored with an intent and sent with its idempotency key. */
export function paramDigest(params: RefundParams): string {
  return contentDigest(params);
}

/** MWP-WRK-031: mission / work item / ownership epoch / logical operation. */
export function toolKey(mission: string, workItem: string, epoch: number, logicalOp: string): string {
  return `${mission}/${workItem}/e${epoch}/${logicalOp}`;
}
