/**
 * The authority's own database (MWP-FND-023: never shared with any worker's). Every row
 * of state here is also derivable by folding `events` (tested by the rebuild oracle).
 */
export const AUTHORITY_SCHEMA = `
-- Tenancy root. Created with its first group.
CREATE TABLE organizations (
  org_id TEXT PRIMARY KEY
);
-- A Group is the unit of ordering: sequence is the last event's number (contiguous from 1);
-- revision is the group aggregate's own revision (membership changes bump it).
CREATE TABLE groups (
  group_id TEXT PRIMARY KEY,
  org_id   TEXT NOT NULL REFERENCES organizations (org_id),
  sequence INTEGER NOT NULL DEFAULT 0,
  revision INTEGER NOT NULL DEFAULT 0
);
-- Who may send commands to a group, and in which role (admin, approver, worker).
CREATE TABLE memberships (
  group_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  role     TEXT NOT NULL CHECK (role IN ('admin', 'approver', 'worker')),
  PRIMARY KEY (group_id, agent_id)
);
-- Missions own a budget; spent_cents only grows, never past limit_cents (MWP-WRK-022).
CREATE TABLE missions (
  mission_id  TEXT PRIMARY KEY,
  group_id    TEXT NOT NULL,
  limit_cents INTEGER NOT NULL CHECK (limit_cents >= 0),
  spent_cents INTEGER NOT NULL DEFAULT 0 CHECK (spent_cents >= 0 AND spent_cents <= limit_cents),
  revision    INTEGER NOT NULL
);
-- Work items: queued ownership vs active execution (status, owner, ownership epoch, lease).
-- A lease binds agent (owner), session epoch, work item, ownership epoch, lease ID and
-- time (MWP-WRK-013). checkpoint is the latest saved progress a new owner resumes from;
-- attempts / max_attempts / retry_at are the retry budget and backoff (MWP-WRK-018);
-- resume_by is the start deadline of checkpointed (owned, unleased) work (MWP-WRK-019);
-- deadline is the work contract's deadline budget: no automatic retry may land after it;
-- retry_budget_cents is its cost budget for failed attempts, retry_spent_cents what they
-- cost so far: no automatic retry once it is spent (MWP-WRK-018).
CREATE TABLE work_items (
  work_item_id    TEXT PRIMARY KEY,
  group_id        TEXT NOT NULL,
  mission_id      TEXT NOT NULL REFERENCES missions (mission_id),
  status          TEXT NOT NULL CHECK (status IN ('queued', 'running', 'owned', 'blocked', 'done', 'failed', 'cancelled')),
  owner           TEXT,
  ownership_epoch INTEGER NOT NULL DEFAULT 0,
  lease_id        TEXT,
  lease_until     INTEGER,
  session_epoch   INTEGER,
  progress        INTEGER NOT NULL DEFAULT 0,
  checkpoint      TEXT,
  attempts        INTEGER NOT NULL DEFAULT 0,
  max_attempts    INTEGER NOT NULL DEFAULT 3,
  retry_at        INTEGER,
  blocked_on      TEXT,
  resume_by       INTEGER,
  deadline        INTEGER,
  retry_budget_cents INTEGER,
  retry_spent_cents  INTEGER NOT NULL DEFAULT 0,
  revision        INTEGER NOT NULL
);
-- Each agent's current session epoch; replacing a session bumps it (MWP-WRK-014).
CREATE TABLE sessions (
  agent_id TEXT PRIMARY KEY,
  group_id TEXT NOT NULL,
  epoch    INTEGER NOT NULL,
  revision INTEGER NOT NULL
);
-- Results that arrived from an agent without the current lease: kept, never authoritative
-- (MWP-WRK-019). Written apart from the refused command, which itself writes nothing.
CREATE TABLE evidence (
  n               INTEGER PRIMARY KEY AUTOINCREMENT,
  work_item_id    TEXT NOT NULL,
  agent_id        TEXT NOT NULL,
  lease_id        TEXT,
  kind            TEXT NOT NULL,
  payload         TEXT NOT NULL,
  refused_because TEXT NOT NULL,
  at              INTEGER NOT NULL
);
-- Approvals are decided once, by compare-and-set on their revision (MWP-EVT-007).
CREATE TABLE approvals (
  approval_id  TEXT PRIMARY KEY,
  group_id     TEXT NOT NULL,
  work_item_id TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by   TEXT,
  revision     INTEGER NOT NULL
);
-- Immutable accepted facts. (group_id, seq) is contiguous from 1; aggregate_revision is
-- the revision the event gave its aggregate (MWP-EVT-005).
CREATE TABLE events (
  event_id           TEXT PRIMARY KEY,
  group_id           TEXT NOT NULL,
  seq                INTEGER NOT NULL,
  aggregate_id       TEXT NOT NULL,
  aggregate_revision INTEGER NOT NULL,
  kind               TEXT NOT NULL,
  payload            TEXT NOT NULL,
  at                 INTEGER NOT NULL,
  UNIQUE (group_id, seq)
);
-- Idempotency receipts, one per accepted command, keyed by (actor, Action ID). digest is
-- the SHA-256 of the command's RFC 8785 canonical content (MWP-EVT-003).
CREATE TABLE receipts (
  receipt_id TEXT PRIMARY KEY,
  actor_id   TEXT NOT NULL,
  action_id  TEXT NOT NULL,
  digest     TEXT NOT NULL,
  event_id   TEXT NOT NULL UNIQUE REFERENCES events (event_id),
  UNIQUE (actor_id, action_id)
);
-- Events waiting to be published to transports, written in the same transaction.
CREATE TABLE outbox (
  event_id  TEXT PRIMARY KEY REFERENCES events (event_id),
  group_id  TEXT NOT NULL,
  seq       INTEGER NOT NULL,
  published INTEGER NOT NULL DEFAULT 0
);
-- Public keys the authority verifies command signatures with (Ed25519).
CREATE TABLE actor_keys (
  actor_id   TEXT PRIMARY KEY,
  public_key TEXT NOT NULL
);
`;
