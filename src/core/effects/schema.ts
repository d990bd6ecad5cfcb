/**
 * Databases of the refund course. The shop (business database), each worker's attempt log,
 * the payment provider, and a key-value store used only by the wrong examples of SPEC 9.4.
 * Each is its own node's own sql.js database.
 */

/** The business database: orders, approvals, refund intents, the local ledger. */
export const SHOP_SCHEMA = `
-- Course settings chosen by the lab's starting state (amount, approval lifetime, timeout).
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
-- Orders and the amount still refundable. version changes when the order is edited.
CREATE TABLE orders (
  order_id      TEXT PRIMARY KEY,
  tenant        TEXT NOT NULL,
  balance_cents INTEGER NOT NULL,
  version       INTEGER NOT NULL DEFAULT 1
);
-- Approvals to refund an amount on an order; each is used by at most one intent and ends
-- at expires_at. order_version pins what was approved.
CREATE TABLE approvals (
  approval_id   TEXT PRIMARY KEY,
  order_id      TEXT NOT NULL REFERENCES orders (order_id),
  amount_cents  INTEGER NOT NULL,
  order_version INTEGER NOT NULL,
  granted_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('granted', 'used', 'expired'))
);
-- Refund intents. operation_id is issued here (never an attempt or tool-call ID); the
-- scope is tenant + caller + operation type; param_digest pins the parameters; status is
-- the operation machine's state; owner_epoch fences which worker may move it. Every send
-- goes through the machine (DISPATCH / RESUBMIT), which records its idempotency key and
-- deadline: send_deadline is the latest time any request sent so far can still be applied
-- (what a NOT_FOUND must outlive), sent_key the key all sends so far carried ('*' once two
-- sends carried different keys, so no key can dedupe against all of them).
CREATE TABLE operations (
  operation_id  TEXT PRIMARY KEY,
  tenant        TEXT NOT NULL,
  caller        TEXT NOT NULL,
  op_type       TEXT NOT NULL,
  order_id      TEXT NOT NULL,
  approval_id   TEXT NOT NULL UNIQUE,
  amount_cents  INTEGER NOT NULL,
  param_digest  TEXT NOT NULL,
  status        TEXT NOT NULL,
  external_ref  TEXT,
  owner         TEXT NOT NULL,
  owner_epoch   INTEGER NOT NULL,
  reconciliation TEXT,
  send_deadline INTEGER,
  sent_key      TEXT,
  created_at    INTEGER NOT NULL
);
-- Every status change of every operation, for the timeline and the invariants.
CREATE TABLE operation_history (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  operation_id TEXT NOT NULL,
  from_status  TEXT NOT NULL,
  to_status    TEXT NOT NULL,
  why          TEXT NOT NULL,
  at           INTEGER NOT NULL
);
-- The refund ledger when the refund itself lives in this database (SPEC 9.4). dedupe_key
-- is the operation_id in the correct design, so UNIQUE stops a second row per intent.
CREATE TABLE refund_ledger (
  entry_id     INTEGER PRIMARY KEY AUTOINCREMENT,
  dedupe_key   TEXT NOT NULL UNIQUE,
  operation_id TEXT NOT NULL,
  order_id     TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  at           INTEGER NOT NULL
);
-- Submit requests the shop refused before any intent existed (no approval, expired, …).
CREATE TABLE refusals (
  seq    INTEGER PRIMARY KEY AUTOINCREMENT,
  caller TEXT NOT NULL,
  code   TEXT NOT NULL,
  at     INTEGER NOT NULL
);
`;

/** A worker's own log of attempts it made (what it sent, and what it heard back). */
export const WORKER_SCHEMA = `
-- A send this worker is holding while it is stalled (the late-worker window): either before
-- it checked its epoch in the shop (phase 'before_check', no request built yet) or after
-- the check passed, with the request already built (phase 'after_check', request = JSON).
CREATE TABLE held_dispatch (
  operation_id TEXT PRIMARY KEY,
  epoch        INTEGER NOT NULL,
  phase        TEXT NOT NULL CHECK (phase IN ('before_check', 'after_check')),
  request      TEXT
);
CREATE TABLE attempts (
  attempt_id   TEXT PRIMARY KEY,
  operation_id TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('submit', 'lookup')),
  idem_key     TEXT,
  epoch        INTEGER NOT NULL,
  sent_at      INTEGER NOT NULL,
  state        TEXT NOT NULL CHECK (state IN ('in_flight', 'answered', 'timed_out', 'lost')),
  answer       TEXT
);
`;

/** The payment provider: its own ledger (the ground truth) and idempotency records. */
export const PROVIDER_SCHEMA = `
-- Every refund the provider made. reference carries the caller's operation_id as metadata,
-- which is also what lookup-by-operation searches.
CREATE TABLE ledger (
  refund_id    TEXT PRIMARY KEY,
  idem_key     TEXT,
  reference    TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  at           INTEGER NOT NULL
);
-- Idempotency records: key -> the first request's digest and result, kept for the
-- retention window.
CREATE TABLE dedupe (
  idem_key     TEXT PRIMARY KEY,
  param_digest TEXT NOT NULL,
  refund_id    TEXT NOT NULL,
  recorded_at  INTEGER NOT NULL
);
`;

/** The separate key-value store of the wrong example ("processed" flags, no shared transaction). */
export const KV_SCHEMA = `
CREATE TABLE kv (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
