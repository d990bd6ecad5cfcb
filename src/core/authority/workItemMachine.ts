/**
 * The work item's authoritative lifecycle, enforced by the accept transaction and drawn by
 * the labs (SPEC §6):
 *   queued ──CLAIM──▶ running (leased) ──COMPLETE──▶ done
 *   running ──CHECKPOINT──▶ owned (no lease) ──RESUME──▶ running        (MWP-WRK-014)
 *   running ──BLOCK──▶ blocked ──RESOLVE──▶ queued                        (MWP-WRK-017)
 *   running ──FAIL──▶ owned (the same owner retries after a backoff, within budget)
 *   running ──GIVE_UP──▶ failed (attempts or deadline spent)            (MWP-WRK-018)
 *   running / owned ──REVOKE──▶ queued  (session replaced, reassigned, lease missed)
 *   any open state ──CANCEL──▶ cancelled
 */
import { setup } from 'xstate';

export type WorkItemEvent = 'CLAIM' | 'RENEW' | 'PROGRESS' | 'COMPLETE' | 'CHECKPOINT' | 'RESUME' | 'BLOCK' | 'RESOLVE' | 'FAIL' | 'GIVE_UP' | 'REVOKE' | 'CANCEL';

export const workItemMachine = setup({
  types: { events: {} as { type: WorkItemEvent } },
}).createMachine({
  id: 'work_item',
  initial: 'queued',
  states: {
    queued: { on: { CLAIM: 'running', CANCEL: 'cancelled' } },
    running: {
      on: {
        RENEW: 'running', PROGRESS: 'running', COMPLETE: 'done', CHECKPOINT: 'owned', BLOCK: 'blocked',
        FAIL: 'owned', GIVE_UP: 'failed', REVOKE: 'queued', CANCEL: 'cancelled',
      },
    },
    owned: { on: { RESUME: 'running', REVOKE: 'queued', CANCEL: 'cancelled' } },
    blocked: { on: { RESOLVE: 'queued', CANCEL: 'cancelled' } },
    done: {},
    failed: {},
    cancelled: {},
  },
});
