/**
 * The payment provider as a node: a request frame in, its answer frame and a note out.
 * The provider's own rules (ledger, idempotency records, deadlines, lookup) live in
 * ../effects/provider.ts; this only speaks the frames.
 */
import type { Store } from '../db/store';
import type { FaultPoints } from '../faults';
import { msg, type Message } from '../message';
import type { Clock } from '../time';
import { providerLookup, providerRefund, type ProviderCapabilities } from '../effects/provider';
import type { LookupRequestFrame, LookupResponseFrame, RefundRequestFrame, RefundResponseFrame } from './frames';

export function serveRefundRequest(store: Store, clock: Clock, faults: FaultPoints, caps: ProviderCapabilities, frame: RefundRequestFrame): { reply: RefundResponseFrame; note: Message } {
  const answer = providerRefund(store, clock, faults, caps, {
    idemKey: frame.idemKey, reference: frame.reference, amountCents: frame.amountCents, paramDigest: frame.paramDigest, expiresAt: frame.expiresAt,
  });
  const note = answer.status === 'OK'
    ? msg(answer.replayed ? 'refund.provider_replays' : 'refund.provider_refunds', { refund: answer.refundId, amount: frame.amountCents })
    : answer.status === 'EXPIRED'
      ? msg('refund.provider_expired', { operation: frame.operationId, deadline: frame.expiresAt })
      : msg('refund.provider_answers', { status: answer.status });
  return { reply: { kind: 'refund_response', attemptId: frame.attemptId, operationId: frame.operationId, epoch: frame.epoch, answer }, note };
}

export function serveLookup(store: Store, clock: Clock, caps: ProviderCapabilities, frame: LookupRequestFrame): { reply: LookupResponseFrame; note: Message } {
  const answer = providerLookup(store, clock, caps, frame.reference);
  return {
    reply: { kind: 'lookup_response', attemptId: frame.attemptId, operationId: frame.operationId, epoch: frame.epoch, answer },
    note: msg('refund.provider_lookup', { reference: frame.reference, status: answer.status }),
  };
}
