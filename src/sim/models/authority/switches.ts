/**
 * The authority model's design switches (L09, L12). Each presents the design the rules ask
 * for as right and one broken design as wrong, so search can show which property it breaks
 * (the labs' `variants`); labels describe, never judge. The accept-side ones are read by
 * core (src/core/authority/design.ts), the agent-side ones by the model (toolCall.ts, the
 * client's resend in index.ts), the sweep by the model's clock hook.
 */
import type { SwitchSpec } from '../../model';

const pair = (key: string, label: string, right: [string, string], wrong: [string, string]): SwitchSpec => ({
  key, label, default: right[0],
  options: [{ value: right[0], label: right[1], presented: 'right' }, { value: wrong[0], label: wrong[1], presented: 'wrong' }],
});

export const AUTHORITY_SWITCHES: SwitchSpec[] = [
  {
    key: 'lease_sweep', label: 'Missed renewals', default: 'off',
    options: [
      { value: 'off', label: 'stay until someone reassigns' },
      { value: 'on', label: 'are swept back to the queue' },
      // Sweeps lapsed leases but not checkpointed work past its start deadline (MWP-WRK-019).
      { value: 'leases_only', label: 'are swept back when a lease lapses; checkpointed work waits', presented: 'wrong' },
    ],
  },
  // MWP-EVT-005
  pair('transaction', 'The accept writes its outcome', ['one', 'in one transaction'], ['per_write', 'one statement at a time, each committed']),
  // MWP-EVT-003
  pair('dedupe', 'A used Action ID is answered with the original receipt when', ['digest', 'the content digest matches'], ['action_id', 'the Action ID matches']),
  // MWP-EVT-007
  pair('cas', "The command's expected revision is", ['checked', 'compared with the current one'], ['ignored', 'not compared']),
  // MWP-WRK-022
  pair('charge', 'A progress report and its charge', ['with_progress', 'land together or not at all'], ['separate', 'land apart: the charge only if it fits']),
  // MWP-WRK-017
  pair('block', 'Blocked work', ['frees_slot', 'gives up its owner and lease'], ['keeps_slot', 'keeps its owner and lease while it waits']),
  // MWP-WRK-014
  pair('new_session', "A new session for an agent leaves the old session's work", ['revokes', 'revoked and back in the queue'], ['keeps_work', 'leased as it was']),
  // MWP-WRK-019
  pair('takeover_epoch', 'A new owner claims at', ['higher', 'a higher ownership epoch'], ['same', 'the ownership epoch it found']),
  // MWP-EVT-003, the client's side
  pair('resend', 'A client with no answer resends its command', ['same_action_id', 'unchanged, same Action ID'], ['new_action_id', 'under a new Action ID']),
  // MWP-WRK-013 / -014
  pair('tool_guard', 'Before calling the tool, the agent checks that it', ['lease', 'holds the current, unexpired lease'], ['owner', 'owns the work item']),
  // MWP-WRK-018
  pair('attempt_key', 'The attempt key is built from', ['epoch', 'mission, work item, ownership epoch, operation'], ['lease', 'mission, work item, lease ID, operation']),
];
