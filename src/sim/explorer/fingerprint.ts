/**
 * World-level fingerprint: the model's canonical state plus what the World holds itself —
 * node statuses, armed faults, cut links and the in-flight frames as a sorted multiset
 * (no frame ids, no send times; latency relative to now; a frame meant for an earlier
 * incarnation of its target marked dead, since it can only be lost). Two interleavings
 * that reach the same logical state give the same text.
 */
import canonicalize from 'canonicalize';
import type { Frame } from '../network';
import type { World } from '../world';
import { MissingHookError } from './errors';

export function worldFingerprint(world: World): string {
  const model = world.modelFingerprint();
  if (model === null) throw new MissingHookError(`model '${world.model.id}' has no fingerprint() search hook`);
  const statuses = world.nodes.map((n) => `${n.id}:${world.status(n.id)}`).join(',');
  const frames = world.network.inFlight.map((f) => frameKey(world, f)).sort().join(';');
  return `${model}\n${statuses}\n${world.armedFaults().join(',')}\n${world.cutLinks().join(',')}\n${frames}`;
}

/** One frame as the fingerprint sees it. */
export function frameKey(world: World, frame: Frame): string {
  const body = world.modelFrameFingerprint(frame) ?? `${frame.kind}${canonicalize(frame.body) ?? ''}`;
  const wait = Math.max(0, (frame.notBefore ?? 0) - world.clock.now);
  const dead = (frame.incarnation ?? 0) !== world.incarnation(frame.to) ? '†' : '';
  return `${frame.from}>${frame.to}:${body}@${wait}${dead}`;
}

/**
 * cyrb53: a fast 53-bit string hash. The visited set keeps hashes, not texts; with 10⁶
 * states the chance of any collision is about 10⁻⁴ (a collision could only hide a state).
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
