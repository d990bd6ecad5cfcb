/**
 * The work item's authoritative lifecycle as the accept transaction enforces it:
 * queued ──CLAIM──▶ running ──COMPLETE──▶ done; RENEW and PROGRESS keep it running.
 * Handlers ask this machine before changing status; the L09 diagram draws it.
 */
import { setup } from 'xstate';

export const workItemMachine = setup({
  types: { events: {} as { type: 'CLAIM' } | { type: 'RENEW' } | { type: 'PROGRESS' } | { type: 'COMPLETE' } },
}).createMachine({
  id: 'work_item',
  initial: 'queued',
  states: {
    queued: { on: { CLAIM: 'running' } },
    running: { on: { RENEW: 'running', PROGRESS: 'running', COMPLETE: 'done' } },
    done: {},
  },
});
