/**
 * Manual reconciliation: an operator compares a parked operation with the provider's
 * statement. A refund in the statement settles it as CONFIRMED. An empty statement settles
 * nothing while a request sent for the operation may still be applied — the same rule the
 * executor follows for a NOT_FOUND lookup (operationMachine.ts): only when every request is
 * past the deadline the provider enforces is the operation back to PREPARED, safe to send.
 */
import type { Store } from '../db/store';
import { msg, type Message } from '../message';
import type { Clock } from '../time';
import { findRefund, type ProviderCapabilities } from './provider';
import { applyTransition, latestOperation } from './shop';

export function operatorReconciles(shop: Store, provider: Store, clock: Clock, caps: ProviderCapabilities): Message {
  const op = latestOperation(shop)!;
  const found = findRefund(provider, op.operationId);
  if (found) {
    shop.tx('operator_confirms', () => {
      shop.run('UPDATE operations SET reconciliation = NULL WHERE operation_id = ?', [op.operationId]);
      applyTransition(shop, clock, op.operationId, 'CONFIRM', op.ownerEpoch, `operator found ${found} in the provider's statement`, { externalRef: found });
    });
    return msg('refund.operator_found', { operation: op.operationId, refund: found });
  }
  const settled = caps.deadline && (op.sendDeadline === null || clock.now >= op.sendDeadline);
  if (!settled) {
    return caps.deadline
      ? msg('refund.operator_wait', { operation: op.operationId, deadline: op.sendDeadline ?? clock.now })
      : msg('refund.operator_cannot_settle', { operation: op.operationId });
  }
  shop.tx('operator_not_found', () => {
    shop.run('UPDATE operations SET reconciliation = NULL WHERE operation_id = ?', [op.operationId]);
    applyTransition(shop, clock, op.operationId, 'NOT_FOUND_SETTLED', op.ownerEpoch, "operator: not in the provider's statement, and no request can still land");
  });
  return msg('refund.operator_not_found', { operation: op.operationId });
}
