/** Node IDs and group settings shared by the projection model's files. */
import { seededKeyPair, type KeyPair } from '../../../core/authority/keys';
import { feedGroups } from '../../../core/feed/feed';
import type { ModelContext } from '../../model';

export const AUTHORITY = 'authority';
export const WORKER = 'worker';

/** Every group of the lab, in creation order; the first is the one the flat observables show. */
export function groupsOf(ctx: ModelContext): { org: string; group: string }[] {
  return feedGroups(ctx.store(AUTHORITY));
}

export function settingsOf(ctx: ModelContext): { org: string; group: string } {
  return groupsOf(ctx)[0]!;
}

/** An actor's seeded key pair (core's `seededKeyPair` caches it per seed and actor). */
export function keyOf(ctx: ModelContext, actor: string): KeyPair {
  return seededKeyPair(ctx.rng.seed, actor);
}
export const authorityKey = (ctx: ModelContext) => keyOf(ctx, 'authority');
