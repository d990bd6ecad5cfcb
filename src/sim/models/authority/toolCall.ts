/**
 * The agent's side of an external tool call (L12), under the lab's two design switches:
 * - `tool_guard`: what the agent checks first. `lease` — it holds the item's current,
 *   unexpired lease (MWP-WRK-013: execution needs the lease, not just ownership; a released
 *   or revoked lease, MWP-WRK-014, allows no externally visible action). `owner` — it owns
 *   the item, which stays true while it is checkpointed or backing off without a lease.
 * - `attempt_key`: what the key is built from. `epoch` — mission / item / ownership epoch /
 *   operation (MWP-WRK-031), stable across every retry and resume of the attempt
 *   (MWP-WRK-018). `lease` — the lease ID in place of the epoch, which changes each time
 *   the work resumes under a new lease, so a retry presents a key the tool has not seen.
 */
import type { AuthorityState } from '../../../core/authority/fold';
import { toolKey } from '../../../core/effects/keys';
import { readState } from '../../../core/authority/fold';
import { msg } from '../../../core/message';
import type { ModelContext, RefusalReason } from '../../model';

type Item = AuthorityState['workItems'][string];

/** Why `actor` may not call the tool for `item` now under the design's guard, or null. */
export function toolGuard(ctx: ModelContext, actor: string, item: string): RefusalReason | null {
  const w = readState(ctx.store('authority')).workItems[item];
  if (!w || w.owner !== actor) return msg('refusals.authority.not_owner', { actor, item });
  if (ctx.switches.tool_guard === 'owner') {
    return w.status === 'running' || w.status === 'owned' ? null : msg('refusals.authority.not_owner', { actor, item });
  }
  const current = w.status === 'running' && w.leaseUntil !== null && ctx.clock.now < w.leaseUntil;
  return current ? null : msg('refusals.authority.no_current_lease', { actor, item });
}

/** The attempt key the design builds for `item`, or null when it has nothing to build it from. */
export function attemptKey(switches: Readonly<Record<string, string>>, item: string, w: Item): string | null {
  if (!w.owner) return null;
  if (switches.attempt_key === 'lease') return `${w.mission}/${item}/${w.leaseId ?? 'no-lease'}/work`;
  return toolKey(w.mission, item, w.epoch, 'work');
}
