/**
 * Archiving a group (MWP-MSN-009): a signed final snapshot, the event history as an
 * encrypted audit log, and tombstones that record legal deletion or security redaction as
 * new, auditable rows. Earlier event IDs and sequences are never rewritten or removed.
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { eventsAfter } from '../authority/accept';
import { canonicalJson } from '../authority/canonical';
import { foldEvents } from '../authority/fold';
import type { Store } from '../db/store';
import type { Clock } from '../time';
import { makeSnapshot } from './snapshot';

/** Tables the authority adds for the replay service and archiving. */
export const REPLAY_ARCHIVE_SCHEMA = `
-- What each subscriber last acknowledged, for its current projection generation. A stale
-- or duplicated ACK never moves it back. An ACK allows delivery clean-up, never deletion.
CREATE TABLE subscriptions (
  worker     TEXT PRIMARY KEY,
  acked_seq  INTEGER NOT NULL,
  generation INTEGER NOT NULL DEFAULT 0
);
-- Every ACK received, in order, with the projection generation it came from. Within one
-- generation ACKs must never go down.
CREATE TABLE ack_log (
  n          INTEGER PRIMARY KEY AUTOINCREMENT,
  worker     TEXT NOT NULL,
  generation INTEGER NOT NULL,
  cursor     INTEGER NOT NULL
);
-- Archived groups: the signed final snapshot and the encrypted audit log of all events.
CREATE TABLE archives (
  group_id        TEXT PRIMARY KEY,
  final_seq       INTEGER NOT NULL,
  final_snapshot  TEXT NOT NULL,
  audit_log       TEXT NOT NULL,
  archived_at     INTEGER NOT NULL
);
-- Deletion or redaction, recorded as new rows that name the event they concern.
CREATE TABLE tombstones (
  n        INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  kind     TEXT NOT NULL CHECK (kind IN ('legal_deletion', 'security_redaction')),
  reason   TEXT NOT NULL,
  at       INTEGER NOT NULL
);
`;

/** The audit log key and nonce, derived from the lab seed (a teaching device, not key management). */
function auditKey(seed: number): Uint8Array {
  return sha256(utf8ToBytes(`audit-key:${seed}`));
}

export function encryptAuditLog(seed: number, group: string, plaintext: string): string {
  const nonce = sha256(utf8ToBytes(`audit-nonce:${group}`)).slice(0, 24);
  return bytesToHex(xchacha20poly1305(auditKey(seed), nonce).encrypt(utf8ToBytes(plaintext)));
}

export function decryptAuditLog(seed: number, group: string, hex: string): string {
  const nonce = sha256(utf8ToBytes(`audit-nonce:${group}`)).slice(0, 24);
  const bytes = Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)));
  return new TextDecoder().decode(xchacha20poly1305(auditKey(seed), nonce).decrypt(bytes));
}

export function addTombstone(store: Store, clock: Clock, eventId: string, kind: 'legal_deletion' | 'security_redaction', reason: string): boolean {
  return store.tx('add_tombstone', () => {
    if (!store.get('SELECT 1 FROM events WHERE event_id = ?', [eventId])) return false;
    store.run('INSERT INTO tombstones (event_id, kind, reason, at) VALUES (?, ?, ?, ?)', [eventId, kind, reason, clock.now]);
    return true;
  });
}

/** Archives a group: final snapshot (signed) + encrypted audit log, in one transaction. */
export function archiveGroup(store: Store, clock: Clock, seed: number, org: string, group: string, authorityKey: Uint8Array): { finalSeq: number } {
  return store.tx('archive_group', () => {
    const events = eventsAfter(store, group, 0, 1_000_000);
    const finalSeq = events.length === 0 ? 0 : events[events.length - 1]!.seq;
    const snapshot = makeSnapshot(org, group, finalSeq, foldEvents(events), authorityKey);
    const tombstones = store.all('SELECT event_id, kind, reason FROM tombstones ORDER BY n');
    const audit = encryptAuditLog(seed, group, canonicalJson({ group, events, tombstones }));
    store.run('INSERT OR REPLACE INTO archives (group_id, final_seq, final_snapshot, audit_log, archived_at) VALUES (?, ?, ?, ?, ?)', [group, finalSeq, snapshot, audit, clock.now]);
    return { finalSeq };
  });
}
