/**
 * Chains of driver verbs shared by a Vitest test and a Playwright journey: the same chain
 * on a headless session (`LabDriver`) and on the page (`PageDriver`), so the two cannot
 * drift apart.
 */
import type { LabChain } from '../lab/driver/chain';

/**
 * L07's late write: A pauses past its lease, B takes the lock and writes, A wakes and
 * writes with its old token; the fenced resource refuses it, and the same steps under the
 * unfenced resource let it through. Stepping back and forward on the way changes nothing.
 */
export function lateWrite<C extends LabChain>(lab: C): C {
  return lab
    .act('A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake')
    .expectCursor(5)
    .expectInvariant('FENCE-1', true)
    .expectState({ current_token: 2, reason: 'STALE_FENCE', document: { last_writer: 'B' } })
    .back(2)
    .expectCursor(3)
    .forward(2)
    .flip('resource', 'external')
    .expectCursor(5)
    .expectInvariant('FENCE-1', false)
    .expectState({ reason: 'FENCE_NOT_CHECKED', document: { last_writer: 'A' } });
}
