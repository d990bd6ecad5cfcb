/**
 * The fencing lab's end conditions (liveness): what a settled World looks like once the
 * workers and the authority have done what they do by themselves. Every write a worker
 * checked has come back with the resource's verdict — applied under the current fence or
 * refused — and no lease outlives its time, so a stalled holder never keeps the work from
 * a new owner under a higher fence.
 */
import { readLease } from '../../../core/fencing/leaseAuthority';
import { LeaseState } from '../../../core/fencing/leaseMachine';
import { readPendingWrite } from '../../../core/fencing/worker';
import { msg } from '../../../core/message';
import type { EndCondition } from '../../model';
import { WORKERS } from './actions';

export const fencingEndConditions: EndCondition[] = [
  {
    id: 'FENCE-END-1',
    statement: 'Every write a worker checked reaches the resource and comes back with its verdict: applied under the current fence, or refused.',
    rules: ['M07-7'],
    check: (ctx) => WORKERS.flatMap((worker) => {
      const pending = readPendingWrite(ctx.store(worker));
      if (!pending) return [];
      return [msg(pending.sent ? 'violations.fencing.write_unanswered' : 'violations.fencing.write_unsent', { worker, fence: pending.token })];
    }),
  },
  {
    id: 'FENCE-END-2',
    statement: 'No lease is held past its end: a holder that stalled or went quiet loses it at its time, so a new owner can take over under a higher fence.',
    rules: ['MWP-WRK-019'],
    check(ctx) {
      const lease = readLease(ctx.store('authority'));
      return lease.state === LeaseState.held && ctx.clock.now >= lease.leaseUntil
        ? [msg('violations.fencing.lease_held_past_end', { holder: lease.holder ?? '–', fence: lease.fence, until: lease.leaseUntil, now: ctx.clock.now })] : [];
    },
  },
];
