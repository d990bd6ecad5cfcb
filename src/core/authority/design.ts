/**
 * The authority's design choices that the labs switch between (L09, L12). The defaults are
 * the accept transaction and the lease rules as specified; every other value is a broken
 * design that a lab presents so search can show what it breaks:
 * - `transaction`: `one` — the accept is ONE transaction (MWP-EVT-005); `per_write` — each
 *   write commits on its own, so a crash inside leaves part of the outcome visible.
 * - `dedupe`: `digest` — the original receipt only for byte-identical content, a collision
 *   otherwise (MWP-EVT-003); `action_id` — any content under a used Action ID gets it.
 * - `cas`: `checked` — a revision mismatch rejects the command, and the compare-and-set
 *   kinds must carry one (MWP-EVT-007); `ignored` — the expected revision is not compared.
 * - `charge`: `with_progress` — progress and its charge are one outcome, an overflow rejects
 *   both (MWP-WRK-022); `separate` — progress lands, its charge only if it fits.
 * - `block`: `frees_slot` — blocked work gives up owner and lease (MWP-WRK-017);
 *   `keeps_slot` — it keeps both while it waits.
 * - `new_session`: `revokes` — a replacement session's work returns to the queue
 *   (MWP-WRK-014); `keeps_work` — the old session's leases stay as they were.
 * - `takeover_epoch`: `higher` — each claim is a new, higher ownership epoch (MWP-WRK-019);
 *   `same` — a new owner keeps the epoch it found.
 */
export interface AuthorityDesign {
  transaction: 'one' | 'per_write';
  dedupe: 'digest' | 'action_id';
  cas: 'checked' | 'ignored';
  charge: 'with_progress' | 'separate';
  block: 'frees_slot' | 'keeps_slot';
  new_session: 'revokes' | 'keeps_work';
  takeover_epoch: 'higher' | 'same';
}

export const SPECIFIED: AuthorityDesign = {
  transaction: 'one', dedupe: 'digest', cas: 'checked', charge: 'with_progress', block: 'frees_slot', new_session: 'revokes', takeover_epoch: 'higher',
};

/** The design a World's switches choose (a switch not set, or not one of these, keeps the specified value). */
export function designFrom(switches: Readonly<Record<string, string>>): AuthorityDesign {
  const out = { ...SPECIFIED } as Record<keyof AuthorityDesign, string>;
  for (const key of Object.keys(SPECIFIED) as (keyof AuthorityDesign)[]) if (switches[key] !== undefined) out[key] = switches[key];
  return out as AuthorityDesign;
}
