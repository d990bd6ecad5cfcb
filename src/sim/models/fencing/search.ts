/**
 * The fencing model's search hooks (src/sim/explorer): the business actions that can run
 * now, and a canonical text of the logical state with times relative to now and without
 * incidental numbering (write-log sequence numbers, stamps, document versions and values,
 * which embed the time of the write). Two interleavings that reach the same leases,
 * beliefs, fences and prepared writes give the same text.
 */
import { leaseInForceBefore } from '../../../core/fencing/audit';
import { leaseDuration, readLease } from '../../../core/fencing/leaseAuthority';
import { readDocument, readFenceState } from '../../../core/fencing/protectedResource';
import { readBelief, readPendingWrite } from '../../../core/fencing/worker';
import type { ModelContext } from '../../model';
import type { Frame } from '../../network';
import { WORKERS, type FencingAction } from './actions';

export function enabledFencing(ctx: ModelContext): FencingAction[] {
  const out: FencingAction[] = [];
  for (const worker of WORKERS) {
    const status = ctx.status(worker);
    if (status === 'paused') out.push({ type: 'wake', worker });
    if (status !== 'up') continue;
    const belief = readBelief(ctx.store(worker));
    const pending = readPendingWrite(ctx.store(worker));
    out.push({ type: 'acquire', worker });
    if (belief) out.push({ type: 'renew', worker }, { type: 'release', worker });
    // A write whose local check would decline changes nothing: not a transition worth trying.
    if (belief && !pending && ctx.clock.now < belief.leaseUntil) out.push({ type: 'write', worker });
    out.push({ type: 'pause', worker });
  }
  return out;
}

export function fingerprintFencing(ctx: ModelContext): string {
  const rel = relativeTo(ctx.clock.now);
  const authority = ctx.store('authority');
  const lease = readLease(authority);
  const inForce = leaseInForceBefore(authority, Number.MAX_SAFE_INTEGER);
  const known = readFenceState(ctx.store('resource'));
  const doc = readDocument(ctx.store('resource'));
  const parts = [
    `lease ${lease.state} ${lease.fence} ${lease.holder ?? '-'} ${rel(lease.leaseUntil)} d${leaseDuration(authority)}`,
    `inforce ${inForce ? `${inForce.fence} ${rel(inForce.leaseUntil)}` : '-'}`,
    `resource ${known.currentFence ?? '-'} ${known.leaseUntil === null ? '-' : rel(known.leaseUntil)}`,
    `doc ${doc.lastWriter ?? '-'} ${doc.lastFence ?? '-'}`,
  ];
  for (const worker of WORKERS) {
    const belief = readBelief(ctx.store(worker));
    const pending = readPendingWrite(ctx.store(worker));
    parts.push(`${worker} ${belief ? `${belief.fence} ${rel(belief.leaseUntil)}` : '-'} ${pending ? `${pending.token}${pending.sent ? ' sent' : ''}` : '-'}`);
  }
  return parts.join('\n');
}

/** Frames without their incidental parts: write values embed a time; lease ends become relative. */
export function frameFingerprintFencing(ctx: ModelContext, frame: Frame): string {
  const rel = relativeTo(ctx.clock.now);
  const b = frame.body;
  switch (frame.kind) {
    case 'lease_granted':
    case 'fence_update':
      return `${frame.kind} ${String(b.fence)} ${rel(Number(b.lease_until))}`;
    case 'lease_refused':
      return `${frame.kind} ${String(b.holder)} ${rel(Number(b.lease_until))}`;
    case 'write_request':
      return `${frame.kind} ${String(b.writer)} ${String(b.token)}`;
    case 'write_result':
      return `${frame.kind} ${String(b.token)} ${String(b.allowed)} ${String(b.reason)}`;
    default:
      return `${frame.kind} ${String(b.worker ?? '')} ${String(b.fence ?? '')}`;
  }
}

/**
 * Every deadline in this model is compared as `now < until`, and time only moves forward:
 * what matters is how far ahead a deadline is, and all past deadlines are alike.
 */
function relativeTo(now: number): (time: number) => number {
  return (time) => Math.max(0, time - now);
}
