/**
 * The authority's feed tables (SPEC §4, §5): what each worker acknowledged per group, every
 * ACK received, tombstones and the audit log. They sit beside the authority's own schema
 * (`../authority/schema.ts`) in the authority's database; none of them is Group history.
 */
export const FEED_SCHEMA = `
-- What each subscriber last acknowledged, per group (MWP-WRK-008: each group has its own
-- cursor), for its current projection generation. A stale or duplicated ACK never moves it
-- back. An ACK allows delivery clean-up, never deletion of history (MWP-WRK-030).
CREATE TABLE subscriptions (
  worker     TEXT NOT NULL,
  group_id   TEXT NOT NULL,
  acked_seq  INTEGER NOT NULL DEFAULT 0,
  generation INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (worker, group_id)
);
-- Every ACK received, in order, with the projection generation it came from.
CREATE TABLE ack_log (
  n          INTEGER PRIMARY KEY AUTOINCREMENT,
  worker     TEXT NOT NULL,
  group_id   TEXT NOT NULL,
  generation INTEGER NOT NULL,
  cursor     INTEGER NOT NULL
);
-- Legal deletion or security redaction (MWP-MSN-009), as new rows naming the event they
-- concern and the fields they removed. The event keeps its ID and sequence.
CREATE TABLE tombstones (
  n        INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  group_id TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  kind     TEXT NOT NULL CHECK (kind IN ('legal_deletion', 'security_redaction')),
  fields   TEXT NOT NULL,
  reason   TEXT NOT NULL,
  by_actor TEXT NOT NULL,
  at       INTEGER NOT NULL
);
-- The authority's audit log: who did what to the history, and why. Append-only.
CREATE TABLE audit_log (
  n       INTEGER PRIMARY KEY AUTOINCREMENT,
  at      INTEGER NOT NULL,
  actor   TEXT NOT NULL,
  action  TEXT NOT NULL,
  subject TEXT NOT NULL,
  detail  TEXT NOT NULL
);
-- The dedupe receipts of side effects (MWP-FND-023: authoritative, like the accept
-- receipts): one per intent, named by its operation ID. A worker that lost its whole store
-- and replays the claim that caused an intent gets the original receipt back, and the
-- effect is not carried out again.
CREATE TABLE effect_receipts (
  operation_id TEXT PRIMARY KEY,
  group_id     TEXT NOT NULL,
  intent       TEXT NOT NULL,
  receipt      TEXT NOT NULL,
  at           INTEGER NOT NULL
);
-- The outside world's own record: every time an intent was really carried out, in order.
-- Nothing in the protocol reads it; it is here so the lab can count (EFF-1, EFF-END).
CREATE TABLE effects_performed (
  n            INTEGER PRIMARY KEY AUTOINCREMENT,
  operation_id TEXT NOT NULL,
  at           INTEGER NOT NULL
);
`;
