/**
 * Archiving a group (MWP-MSN-009): a signed final snapshot, the event history as an
 * encrypted audit log, with the tombstones (`../feed/redaction.ts`) that recorded legal
 * deletion or security redaction as new, auditable rows. Earlier event IDs and sequences are
 * never rewritten or removed; redacted fields are not in the history any more, so they are
 * not in the archive either.
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { eventsAfter } from '../authority/accept';
import { canonicalJson } from '../authority/canonical';
import { foldEvents } from '../authority/fold';
import type { Store } from '../db/store';
import type { Clock } from '../time';
import { makeSnapshot, verifySnapshot } from './snapshot';

/** The authority's archive table (the feed's own tables are in `../feed/schema.ts`). */
export const ARCHIVE_SCHEMA = `
-- Archived groups: the signed final snapshot and the encrypted audit log of the history as
-- it now stands (redacted fields already removed), with its tombstones and audit entries.
CREATE TABLE archives (
  group_id        TEXT PRIMARY KEY,
  final_seq       INTEGER NOT NULL,
  final_snapshot  TEXT NOT NULL,
  audit_log       TEXT NOT NULL,
  archived_at     INTEGER NOT NULL
);
`;

/** The audit log's cipher: key from the lab seed, nonce from the group (a teaching device, not key management). */
function auditCipher(seed: number, group: string) {
  return xchacha20poly1305(sha256(utf8ToBytes(`audit-key:${seed}`)), sha256(utf8ToBytes(`audit-nonce:${group}`)).slice(0, 24));
}

export function encryptAuditLog(seed: number, group: string, plaintext: string): string {
  return bytesToHex(auditCipher(seed, group).encrypt(utf8ToBytes(plaintext)));
}

export function decryptAuditLog(seed: number, group: string, hex: string): string {
  return new TextDecoder().decode(auditCipher(seed, group).decrypt(hexToBytes(hex)));
}

/** Archives a group: final snapshot (signed) + encrypted audit log, in one transaction. */
export function archiveGroup(store: Store, clock: Clock, seed: number, org: string, group: string, authorityKey: Uint8Array): { finalSeq: number } {
  return store.tx('archive_group', () => writeArchive(store, clock.now, { seed, org, authorityKey }, group));
}

/** What sealing an archive needs besides the store: the audit cipher's seed and the authority's signing key. */
export interface ArchiveSeal {
  seed: number;
  org: string;
  authorityKey: Uint8Array;
}

/**
 * Writes the group's archive row from the history as it stands (inside the caller's
 * transaction). Also used to re-seal an existing archive after a tombstone, so the archive
 * never keeps a field legal deletion removed from the history.
 */
export function writeArchive(store: Store, archivedAt: number, seal: ArchiveSeal, group: string): { finalSeq: number } {
  const events = eventsAfter(store, group, 0, 1_000_000);
  const finalSeq = events.length === 0 ? 0 : events[events.length - 1]!.seq;
  const snapshot = makeSnapshot(seal.org, group, finalSeq, foldEvents(events), seal.authorityKey);
  // The history as stored: a tombstoned field was removed from it when the tombstone was
  // written, so the archive cannot carry it. Tombstones and the audit log say who did what.
  const tombstones = store.all('SELECT event_id, seq, kind, fields, reason, by_actor, at FROM tombstones WHERE group_id = ? ORDER BY n', [group]);
  const audit = store.all('SELECT at, actor, action, subject, detail FROM audit_log ORDER BY n');
  const log = encryptAuditLog(seal.seed, group, canonicalJson({ group, events, tombstones, audit }));
  store.run('INSERT OR REPLACE INTO archives (group_id, final_seq, final_snapshot, audit_log, archived_at) VALUES (?, ?, ?, ?, ?)', [group, finalSeq, snapshot, log, archivedAt]);
  return { finalSeq };
}

/** Re-seals the group's archive, if it has one, keeping when it was archived (a tombstone written after archiving). */
export function resealArchive(store: Store, seal: ArchiveSeal, group: string): boolean {
  const row = store.get('SELECT archived_at FROM archives WHERE group_id = ?', [group]);
  if (!row) return false;
  writeArchive(store, Number(row.archived_at), seal, group);
  return true;
}

export interface ArchiveView {
  final_seq: number;
  audit_log_bytes: number;
  /** The final snapshot's signature verifies with the authority's public key. */
  signed: boolean;
}

/** What the lab shows of an archive; `signed` is a real signature check, not a text search. */
export function readArchive(store: Store, org: string, group: string, authorityPublicKeyHex: string): ArchiveView | null {
  const row = store.get('SELECT final_seq, final_snapshot, audit_log FROM archives WHERE group_id = ?', [group]);
  if (!row) return null;
  const finalSeq = Number(row.final_seq);
  const verified = verifySnapshot(String(row.final_snapshot), { org, group, seq: finalSeq, cursor: 0, authorityPublicKeyHex });
  return { final_seq: finalSeq, audit_log_bytes: String(row.audit_log).length / 2, signed: verified.ok };
}

/** The decrypted archive contents (tests and the redaction oracle read it). */
export function openArchive(store: Store, seed: number, group: string): { events: { eventId: string; payload: Record<string, unknown> }[]; tombstones: unknown[]; audit: unknown[] } | null {
  const row = store.get('SELECT audit_log FROM archives WHERE group_id = ?', [group]);
  return row ? JSON.parse(decryptAuditLog(seed, group, String(row.audit_log))) as ReturnType<typeof openArchive> : null;
}

/** Whether a group is archived: its final snapshot closes its history (MWP-MSN-009). */
export function isArchived(store: Store, group: string): boolean {
  return store.get('SELECT 1 FROM archives WHERE group_id = ?', [group]) !== undefined;
}

/**
 * Archived groups whose history went on after the final snapshot (the oracle for the
 * "final" in MWP-MSN-009): the group's sequence beyond the archive's final sequence.
 */
export function historyAfterArchive(store: Store): { group: string; finalSeq: number; sequence: number }[] {
  return store.all('SELECT a.group_id, a.final_seq, g.sequence FROM archives a JOIN groups g ON g.group_id = a.group_id WHERE g.sequence > a.final_seq ORDER BY a.group_id')
    .map((r) => ({ group: String(r.group_id), finalSeq: Number(r.final_seq), sequence: Number(r.sequence) }));
}
