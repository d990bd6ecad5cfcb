/**
 * The lab's snapshot tampering (L11): an armed `tamper.<check>` alters the next snapshot on
 * its way to the worker — a broken transport or a replayed snapshot — in the one way that
 * the named check must catch. The organization, group and sequence cases carry a valid
 * signature. A fault injector of the World, not protocol.
 */
import { eventsAfter } from '../../../core/authority/accept';
import { canonicalJson } from '../../../core/authority/canonical';
import { foldEvents } from '../../../core/authority/fold';
import { makeSnapshot } from '../../../core/snapshot/snapshot';
import type { ModelContext } from '../../model';
import type { TamperKind } from './actions';
import { AUTHORITY, authorityKey, groupsOf, keyOf } from './nodes';

export function tampered(ctx: ModelContext, bytes: string, seq: number, group: string): string {
  const kinds: TamperKind[] = ['schema', 'hash', 'signature', 'organization', 'group', 'sequence'];
  const kind = kinds.find((k) => ctx.consume(`tamper.${k}`));
  if (!kind) return bytes;
  const org = groupsOf(ctx).find((g) => g.group === group)!.org;
  const snap = JSON.parse(bytes) as Record<string, unknown>;
  const stateAt = (s: number) => foldEvents(eventsAfter(ctx.store(AUTHORITY), group, 0, s));
  switch (kind) {
    case 'schema': return canonicalJson({ ...snap, schema: 'durable-lab/projection-snapshot@0' });
    case 'hash': return canonicalJson({ ...snap, state: `${String(snap.state).slice(0, -1)} }` });
    case 'signature': return makeSnapshot(org, group, seq, stateAt(seq), keyOf(ctx, 'mallory').privateKey);
    case 'organization': return makeSnapshot('other-org', group, seq, stateAt(seq), authorityKey(ctx).privateKey);
    case 'group': return makeSnapshot(org, group === 'G2' ? 'G3' : 'G2', seq, stateAt(seq), authorityKey(ctx).privateKey);
    case 'sequence': return makeSnapshot(org, group, Math.max(0, seq - 1), stateAt(Math.max(0, seq - 1)), authorityKey(ctx).privateKey);
  }
}
