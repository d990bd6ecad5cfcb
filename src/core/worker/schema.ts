/**
 * A worker's own projection database (MWP-WRK-008, MWP-FND-023): everything here is
 * rebuildable from the group's accepted events and what the authority holds (its receipts
 * and tombstones), so the worker may lose all of it.
 */
export const PROJECTION_SCHEMA = `
-- The projection's generation: bumped each time the worker wipes and rebuilds it, so the
-- authority can tell ACKs of a discarded projection from ACKs of the current one.
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
INSERT INTO meta (key, value) VALUES ('generation', 0);
-- The groups this worker follows, and the organization each belongs to: what it expects a
-- snapshot to be bound to.
CREATE TABLE followed (
  group_id TEXT PRIMARY KEY,
  org_id   TEXT NOT NULL
);
-- Per group: the durable cursor (highest contiguous applied sequence), the last ACK this
-- worker sent, the cursor machine's mode, and the sequence a snapshot restored it to.
CREATE TABLE cursors (
  group_id TEXT PRIMARY KEY,
  seq      INTEGER NOT NULL DEFAULT 0,
  acked    INTEGER NOT NULL DEFAULT 0,
  mode     TEXT NOT NULL DEFAULT 'in_order',
  base     INTEGER NOT NULL DEFAULT 0
);
-- The inbox: event IDs already processed (local dedupe, MWP-WRK-029).
CREATE TABLE inbox (
  event_id TEXT PRIMARY KEY,
  group_id TEXT NOT NULL,
  seq      INTEGER NOT NULL
);
-- Events that arrived early, waiting for the gap before them to fill.
CREATE TABLE buffer (
  group_id TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  event    TEXT NOT NULL,
  PRIMARY KEY (group_id, seq)
);
-- The group projection, one row per aggregate (a group, membership, mission, work item,
-- session, approval, organization) as canonical JSON: applying an event rewrites only the
-- rows it changes, never the whole state.
CREATE TABLE projection_rows (
  group_id TEXT NOT NULL,
  kind     TEXT NOT NULL,
  id       TEXT NOT NULL,
  body     TEXT NOT NULL,
  PRIMARY KEY (group_id, kind, id)
);
-- The per-group work queue derived from the events.
CREATE TABLE work_queue (
  group_id     TEXT NOT NULL,
  work_item_id TEXT NOT NULL,
  status       TEXT NOT NULL,
  PRIMARY KEY (group_id, work_item_id)
);
-- Checkpoint markers: the last progress event seen per work item.
CREATE TABLE checkpoints (
  work_item_id TEXT PRIMARY KEY,
  group_id     TEXT NOT NULL,
  seq          INTEGER NOT NULL,
  note         TEXT
);
-- Local intents produced by applying events (step 5), for the worker to act on after
-- commit. operation_id names the intent by the event that caused it, so replaying that
-- event recreates the same intent, never a second one.
CREATE TABLE outbox (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id     TEXT NOT NULL,
  seq          INTEGER NOT NULL,
  intent       TEXT NOT NULL,
  operation_id TEXT NOT NULL UNIQUE
);
-- The worker's copies of the receipts of its intents' side effects, written by the named
-- transaction worker.recordEffectReceipt. A cache: the dedupe receipts themselves are the
-- authority's (MWP-FND-023), so losing these with the rest of the store loses nothing.
CREATE TABLE effect_receipts (
  operation_id TEXT PRIMARY KEY,
  receipt      TEXT NOT NULL,
  at           INTEGER NOT NULL
);
-- Every ACK this worker sent, in order (they must never go down).
CREATE TABLE acks_sent (
  n        INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id TEXT NOT NULL,
  cursor   INTEGER NOT NULL
);
-- Every snapshot this worker was offered, and what it did with it (restored or refused, and why).
CREATE TABLE snapshot_log (
  n      INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id TEXT NOT NULL,
  seq    INTEGER NOT NULL,
  result TEXT NOT NULL
);
-- Append-only record of every application of an event: the exactly-once invariant reads it.
CREATE TABLE applied_log (
  n        INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  group_id TEXT -- always written by applyEvent; nullable only so bench/'s raw baseline statement stays valid
);
-- Redaction notices received from the authority (MWP-MSN-009) and what they scrubbed here.
CREATE TABLE redactions (
  event_id TEXT PRIMARY KEY,
  group_id TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  fields   TEXT NOT NULL
);
`;
