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

/** Seeded key pairs are derived once per (seed, actor): deriving one costs an Ed25519 point multiplication. */
const keyCache = new Map<string, KeyPair>();
export function keyOf(ctx: ModelContext, actor: string): KeyPair {
  const id = `${ctx.rng.seed}:${actor}`;
  let keys = keyCache.get(id);
  if (!keys) keyCache.set(id, (keys = seededKeyPair(ctx.rng.seed, actor)));
  return keys;
}
export const authorityKey = (ctx: ModelContext) => keyOf(ctx, 'authority');
