/**
 * The projection labs' rules end to end, on the World: two groups with their own cursors,
 * ACKs and gaps (MWP-WRK-008); tombstones that stop a payload being served anywhere while
 * IDs and sequences stay, with an audit trail (MWP-MSN-009); the archive's signature
 * really verified; the receipt boundary of the apply cycle (SPEC §2: record side-effect
 * receipt). Each broken design is shown caught by the invariant that names it.
 */
import { describe, expect, it } from 'vitest';
import { eventsAfter } from '../../../core/authority/accept';
import { seededKeyPair } from '../../../core/authority/keys';
import { feedGroups } from '../../../core/feed/feed';
import { makeSnapshot } from '../../../core/snapshot/snapshot';
import { emptyState, readState } from '../../../core/authority/fold';
import { decryptAuditLog } from '../../../core/snapshot/archive';
import { decodeFrame } from '../../../core/transport/frames';
import { isMessage, type Message } from '../../../core/message';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../world';
import { DEFAULT_NOTE } from './actions';

useSqlJs();

const broken = (world: World) => world.invariants.filter((i) => !i.ok).map((i) => i.id);
const notesOf = (world: World): Message[] => world.trace.flatMap((e) => e.notes.filter(isMessage));
const performed = (world: World, operation: string) => notesOf(world).filter((n) => n.key === 'worker.effect_receipt' && n.params?.operation === operation);

function run(actions: unknown[], switches: Record<string, string> = {}, initial: Record<string, unknown> = { org: 'acme', group: 'G1' }): World {
  const world = World.create({ model: 'projection', seed: 11, initial, switches });
  for (const action of actions) {
    const outcome = world.step(action);
    if (!outcome.ok) throw new Error(`${JSON.stringify(action)}: ${outcome.error}`);
  }
  return world;
}

describe('MWP-WRK-008: each group has its own projection, cursor and gaps', () => {
  it('a gap in G1 buffers G1 only; G2 advances, ACKs and rebuilds on its own', () => {
    const world = run([{ emit: 3 }, { emit: { count: 2, group: 'G2' } }], { network: 'manual' }, { org: 'acme', group: 'G1', more_groups: ['G2'] });
    const lost = world.network.inFlight.find((f) => f.body.group === 'G1' && f.body.seq === 5)!;
    world.step({ drop: lost.id });
    while (world.step('deliver_next').ok);
    const groups = world.observe().groups as Record<string, Record<string, unknown>>;
    expect(groups.G1).toMatchObject({ cursor: 4, buffer: [6], mode: 'buffering', acked: 4, rebuild_matches: true });
    expect(groups.G2).toMatchObject({ cursor: 5, buffer: [], mode: 'in_order', acked: 5, rebuild_matches: true, work_items: { 'G2-W1': 'running' } });
    expect(broken(world)).toEqual([]);
    // Each group's events are numbered on their own, and the worker keeps one projection per group.
    expect(feedGroups(world.store('authority')).map((g) => g.group)).toEqual(['G1', 'G2']);
    expect(eventsAfter(world.store('authority'), 'G2', 0, 10).map((e) => e.eventId)).toEqual(['E-G2-1', 'E-G2-2', 'E-G2-3', 'E-G2-4', 'E-G2-5']);
    // Reconnecting asks each group for what follows its own cursor; the G1 gap fills.
    world.step('reconnect');
    while (world.step('deliver_next').ok);
    expect((world.observe().groups as Record<string, Record<string, unknown>>).G1).toMatchObject({ cursor: 6, buffer: [], mode: 'in_order' });
  });
});

describe('MWP-MSN-009: a tombstone stops the payload being served anywhere', () => {
  const steps = [{ emit: 2 }, 'report', { tombstone: { event_id: 'E-G1-6', kind: 'legal_deletion', reason: 'erasure request #42' } }];

  it('the note leaves the stored history, replay, snapshots and the archive; IDs and sequences stay; the audit log says who and why', () => {
    const world = run([...steps, 'archive'], { window: '3' });
    const authority = world.store('authority');
    const history = eventsAfter(authority, 'G1', 0, 100);
    expect(history.map((e) => [e.eventId, e.seq])).toEqual([1, 2, 3, 4, 5, 6].map((s) => [`E-G1-${s}`, s]));
    expect(history[5]).toMatchObject({ kind: 'progress_reported', payload: { note: '[redacted]', work_item: 'W1' } });
    // Nothing in the authority's database carries the text any more (the inspector reads these tables).
    for (const table of authority.tables()) expect(JSON.stringify(authority.all(`SELECT * FROM ${table}`))).not.toContain('+44 20');
    const o = world.observe();
    expect(o.feed_text).toEqual({ 'E-G1-6.note': '[redacted]' });
    expect(o.checkpoint_notes).toEqual({ W1: '[redacted]' });
    expect(o.audit).toEqual([{ actor: 'lead', action: 'legal_deletion', subject: 'E-G1-6' }]);
    const archived = decryptAuditLog(11, 'G1', String(authority.get('SELECT audit_log FROM archives')!.audit_log));
    expect(archived).not.toContain('+44 20');
    expect(JSON.parse(archived)).toMatchObject({ tombstones: [{ event_id: 'E-G1-6', by_actor: 'lead', reason: 'erasure request #42', fields: 'note' }] });
    expect(broken(world)).toEqual([]);
  });

  it('replay after a rebuild, and a worker that was away, never see the note again', () => {
    const rebuilt = run([...steps, 'rebuild']);
    expect(rebuilt.observe()).toMatchObject({ cursor: 6, checkpoint_notes: { W1: '[redacted]' } });
    const away = run([{ emit: 2 }, 'report', 'disconnect', steps[2], { emit: 1 }, 'reconnect']);
    expect(away.observe()).toMatchObject({ cursor: 7, checkpoint_notes: { W1: '[redacted]' } });
    // No frame the authority sent after the tombstone carries the note.
    const tombstoneStep = away.trace.findIndex((e) => e.action?.type === 'tombstone');
    const later = away.trace.slice(tombstoneStep).flatMap((e) => e.sent).filter((f) => f.from === 'authority');
    expect(later.length).toBeGreaterThan(0);
    for (const f of later) expect(String(f.body.bytes)).not.toContain('+44 20');
  });

  it('a snapshot made after the tombstone is built from the redacted history', () => {
    const world = run([{ emit: 2 }, 'report', 'disconnect', steps[2], { emit: 4 }, 'reconnect'], { window: '3' });
    expect(world.observe()).toMatchObject({ restored_from: 7, cursor: 10, last_snapshot: 'RESTORED' });
    const snapshots = world.trace.flatMap((e) => e.sent).map((f) => decodeFrame(new TextEncoder().encode(String(f.body.bytes))))
      .filter((d) => d.ok && d.frame.type === 'cursor_too_old');
    expect(snapshots).toHaveLength(1);
    expect(JSON.stringify(snapshots)).not.toContain('+44 20');
  });

  it('broken: a tombstone row that leaves the event as it was — PROJ-5 catches it', () => {
    const world = run([...steps, 'archive'], { window: '3', redaction: 'flag_only' });
    expect(world.observe().feed_text).toEqual({ 'E-G1-6.note': DEFAULT_NOTE });
    expect(broken(world)).toEqual(['PROJ-5']);
  });

  it('broken: deleting the event to erase it — AUTH-1 catches the hole in the history', () => {
    const world = run(steps, { redaction: 'delete_event' });
    expect(world.observe()).toMatchObject({ events_total: 5, sequence: 6 });
    expect(broken(world)).toContain('AUTH-1');
  });

  it('an event without free text cannot be tombstoned: nothing is written', () => {
    const world = run([{ emit: 2 }, { tombstone: 'E-G1-4' }]);
    expect(world.observe().tombstones).toEqual([]);
    expect(notesOf(world).at(-1)?.key).toBe('feed.redact_nothing');
  });
});

describe('the archive', () => {
  it('`signed` verifies the final snapshot\'s signature — a snapshot signed by another key is not signed', () => {
    const world = run([{ emit: 2 }, 'archive']);
    expect(world.observe().archive).toMatchObject({ final_seq: 5, signed: true });
    const forged = makeSnapshot('acme', 'G1', 5, emptyState(), seededKeyPair(11, 'mallory').privateKey);
    world.store('authority').tx('test.forge', () => world.store('authority').run('UPDATE archives SET final_snapshot = ?', [forged]));
    expect(forged).toContain('"signature"');
    expect(world.observe().archive).toMatchObject({ signed: false });
  });
});

describe('SPEC §2: the receipt boundary of the apply cycle; the dedupe receipts are the authority\'s (MWP-FND-023)', () => {
  const already = (world: World, operation: string) => notesOf(world).filter((n) => n.key === 'worker.effect_already' && n.params?.operation === operation);

  it("a claim's outbox intent is carried out once, receipted by the authority, and the worker keeps a copy in worker.recordEffectReceipt", () => {
    const world = run([{ emit: 2 }]);
    expect(world.observe().effects).toEqual(['G1#5']);
    const names = world.trace.flatMap((e) => e.transactions.map((t) => t.name));
    expect(names.filter((n) => n === 'feed.record_effect_receipt')).toHaveLength(1);
    expect(names.filter((n) => n === 'worker.recordEffectReceipt')).toHaveLength(1);
    expect(names.indexOf('worker.recordEffectReceipt')).toBeGreaterThan(names.lastIndexOf('apply_event'));
    expect(world.store('authority').all('SELECT operation_id FROM effect_receipts')).toEqual([{ operation_id: 'G1#5' }]);
    // The note quotes the intent in the reader's language: a message naming the work item and
    // its owner, while the outbox row keeps the text as stored.
    expect(performed(world, 'G1#5')[0]!.params?.intent).toEqual({ key: 'worker.intent_start', params: { work_item: 'W1', owner: 'agent-1' } });
    expect(world.store('worker').all('SELECT intent FROM outbox')).toEqual([{ intent: 'start W1 for agent-1' }]);
  });

  it('the worker loses its whole store, receipts included; the replayed claim gets the authority\'s receipt back and nothing happens twice', () => {
    const world = run([{ emit: 2 }, 'rebuild']);
    expect(world.observe()).toMatchObject({ cursor: 5, effects: ['G1#5'], rebuild_matches: true });
    expect(performed(world, 'G1#5')).toHaveLength(1);
    expect(already(world, 'G1#5')).toHaveLength(1);
    expect(broken(world)).toEqual([]);
  });

  it('broken: with the receipts only in the worker\'s own database, the same rebuild carries the intent out again — EFF-1 catches it', () => {
    const world = run([{ emit: 2 }, 'rebuild'], { receipts: 'worker' });
    expect(world.observe().effects).toEqual(['G1#5', 'G1#5']);
    expect(broken(world)).toContain('EFF-1');
  });

  it('a crash after the effect, before the worker keeps its copy: after restart the dispatch gets the original receipt', () => {
    const world = run([{ crash_at: 'effect.before_receipt' }, { emit: 2 }]);
    expect(world.status('worker')).toBe('crashed');
    expect(world.observe().effects).toEqual(['G1#5']);
    world.step({ restart: 'worker' });
    expect(world.observe().effects).toEqual(['G1#5']);
    expect(already(world, 'G1#5')).toHaveLength(1);
    expect(broken(world)).toEqual([]);
  });
});

describe('MWP-FND-023: the projection is rebuildable; losing it never changes the truth', () => {
  it('wiping the worker and replaying the group rebuilds the same projection rows, and the authority is untouched', () => {
    const world = run([{ emit: 4 }, 'report']);
    const rows = (w: World) => JSON.stringify(w.store('worker').all('SELECT group_id, kind, id, body FROM projection_rows ORDER BY group_id, kind, id'));
    const before = rows(world);
    // The truth: the authoritative state and the group's events (the feed's ACK bookkeeping may move).
    const truth = (w: World) => JSON.stringify([readState(w.store('authority')), eventsAfter(w.store('authority'), 'G1', 0, 100)]);
    const truthBefore = truth(world);
    world.step('rebuild');
    expect(rows(world)).toBe(before);
    expect(truth(world)).toBe(truthBefore);
    expect(world.observe()).toMatchObject({ cursor: 8, rebuild_matches: true });
  });
});

describe('MWP-FND-018 / MWP-WRK-029: at-least-once delivery, deduped by Event ID, never past a gap', () => {
  it('duplicates are ignored, a lost event stops the cursor, and redelivery fills the gap', () => {
    const world = run([{ emit: 3 }], { network: 'manual' });
    const [first, second] = world.network.inFlight;
    world.step({ duplicate: first!.id });
    world.step({ drop: second!.id });
    while (world.step('deliver_next').ok);
    expect(world.observe()).toMatchObject({ cursor: 4, buffer: [6], mode: 'buffering' });
    world.step('redeliver');
    while (world.step('deliver_next').ok);
    expect(world.observe()).toMatchObject({ cursor: 6, buffer: [], inbox: 6, applied: 6 });
    expect(broken(world)).toEqual([]);
  });
});

describe('MWP-WRK-030: the ACK names the highest contiguous durable cursor and never deletes history', () => {
  it('behind a gap the ACK stays at the cursor, not the newest event received; ACKs delete nothing', () => {
    const world = run([{ emit: 3 }], { network: 'manual' });
    world.step({ drop: world.network.inFlight[1]!.id });
    while (world.step('deliver_next').ok);
    expect(world.observe()).toMatchObject({ cursor: 4, acked: 4, sequence: 6, events_total: 6 });
    // Replay after a reconnect may repeat events around the disconnect: they are deduped.
    world.step('disconnect');
    world.step('reconnect');
    world.step('redeliver');
    while (world.step('deliver_next').ok);
    expect(world.observe()).toMatchObject({ cursor: 6, acked: 6, events_total: 6, applied: 6 });
    expect(broken(world)).toEqual([]);
  });
});
