/**
 * The projection cursor's lifecycle (SPEC §4, §5): in order; buffering behind a gap (the
 * cursor stops); restoring from a snapshot when replay history is gone.
 */
import { setup } from 'xstate';

export type CursorEvent = 'GAP_DETECTED' | 'GAP_FILLED' | 'CURSOR_TOO_OLD' | 'RESTORED' | 'REFUSED';

export const cursorMachine = setup({
  types: { events: {} as { type: CursorEvent } },
}).createMachine({
  id: 'cursor',
  initial: 'in_order',
  states: {
    in_order: { on: { GAP_DETECTED: 'buffering', CURSOR_TOO_OLD: 'restoring' } },
    buffering: { on: { GAP_FILLED: 'in_order', CURSOR_TOO_OLD: 'restoring' } },
    restoring: { on: { RESTORED: 'in_order', REFUSED: 'in_order' } },
  },
});
