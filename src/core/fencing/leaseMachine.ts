/**
 * The lease lifecycle, as the lease authority keeps it for one protected resource.
 * The authority asks this machine whether a transition is legal; the UI draws it.
 *
 *   free ──ACQUIRE──▶ held ──EXPIRE──▶ expired ──ACQUIRE──▶ held (a higher fence)
 *                     held ──RENEW──▶ held,  held ──RELEASE──▶ free
 *
 * There is no ACQUIRE from `held`: while a lease is live nobody else may take it. Every
 * ACQUIRE issues a new, higher fence token (SPEC §6, MWP-WRK-019).
 */
import { setup } from 'xstate';

export const LeaseState = { free: 'free', held: 'held', expired: 'expired' } as const;
export type LeaseState = (typeof LeaseState)[keyof typeof LeaseState];

export type LeaseEvent = { type: 'ACQUIRE' } | { type: 'RENEW' } | { type: 'RELEASE' } | { type: 'EXPIRE' };

export const leaseMachine = setup({
  types: { events: {} as LeaseEvent },
}).createMachine({
  id: 'lease',
  initial: LeaseState.free,
  states: {
    free: { on: { ACQUIRE: 'held' } },
    held: { on: { RENEW: 'held', RELEASE: 'free', EXPIRE: 'expired' } },
    expired: { on: { ACQUIRE: 'held' } },
  },
});
