/** The offline-capable agent's own database (lab L13). */
export const OUTAGE_AGENT_SCHEMA = `
-- Connection state: when the link was lost (NULL while connected), the session epoch and
-- the lease this agent holds as far as it knows, and the grace period it allows itself.
-- reconciling: 1 from a reconnect until its reconciliation is answered (the old lease is
-- being revoked, the buffer not yet landed): no submission and no side effect meanwhile.
CREATE TABLE link (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  offline_since INTEGER,
  session       INTEGER NOT NULL,
  lease_id      TEXT,
  epoch         INTEGER NOT NULL,
  grace         INTEGER NOT NULL,
  reconciling   INTEGER NOT NULL DEFAULT 0,
  -- Where a reconnect is: 'session' (new session asked), 'in_doubt' (commands whose answer
  -- was lost sent again, to learn whether they landed), 'claim' (work claimed again),
  -- 'reconcile' (the buffer sent); NULL when no reconnect is under way.
  stage         TEXT CHECK (stage IN ('session', 'in_doubt', 'claim', 'reconcile'))
);
-- Reversible local computation on already-active work (allowed offline within the grace
-- period). offline_since: when the outage this step ran in began (NULL: ran online), kept
-- per row so a step is judged by its own outage, after the link is back or lost again.
CREATE TABLE local_work (
  step          INTEGER PRIMARY KEY,
  at            INTEGER NOT NULL,
  offline_since INTEGER
);
-- Commands prepared while offline, with the bindings they were made under (MWP-WRK-021).
-- A command that cannot be rebased (the work is no longer ours) is abandoned, visibly.
CREATE TABLE buffered (
  n         INTEGER PRIMARY KEY AUTOINCREMENT,
  action_id TEXT NOT NULL,
  kind      TEXT NOT NULL,
  payload   TEXT NOT NULL,
  session   INTEGER NOT NULL,
  lease_id  TEXT,
  status    TEXT NOT NULL CHECK (status IN ('buffered', 'rebased', 'abandoned')),
  sent_as   TEXT,
  -- The reconciliation that carried it: its Action ID (one command for the whole buffer, or
  -- one per row in the one_by_one design).
  batch     TEXT,
  -- The session and lease it was sent under, and the ones the agent held then: a rebased
  -- command names the current ones (MWP-WRK-021).
  sent_session    INTEGER,
  sent_lease      TEXT,
  current_session INTEGER,
  current_lease   TEXT,
  result    TEXT
);
-- Commands the agent sent that carry work (reports, submissions, reconciliations): 'direct'
-- (made online and sent at once) or 'reconcile' (carrying buffered rows); what it knew when
-- it sent them (offline; a reconnect still reconciling); the content, to send the very same
-- command again when its answer was lost; and the answer.
CREATE TABLE sent (
  n           INTEGER PRIMARY KEY AUTOINCREMENT,
  action_id   TEXT NOT NULL,
  kind        TEXT NOT NULL,
  source      TEXT NOT NULL CHECK (source IN ('direct', 'reconcile')),
  payload     TEXT NOT NULL,
  cost_cents  INTEGER NOT NULL,
  lease_id    TEXT,
  offline     INTEGER NOT NULL,
  reconciling INTEGER NOT NULL,
  at          INTEGER NOT NULL,
  -- 1 once a reconnect found it unanswered and sent it again to learn whether it landed.
  resent      INTEGER NOT NULL DEFAULT 0,
  result      TEXT
);
-- Externally visible, irreversible actions the agent performed, the lease it held, and
-- whether it was offline or a reconnect was still reconciling.
CREATE TABLE irreversible (
  n           INTEGER PRIMARY KEY AUTOINCREMENT,
  what        TEXT NOT NULL,
  lease_id    TEXT,
  offline     INTEGER NOT NULL,
  reconciling INTEGER NOT NULL DEFAULT 0,
  at          INTEGER NOT NULL
);
-- What the agent refused to do, and why.
CREATE TABLE refusals (
  n      INTEGER PRIMARY KEY AUTOINCREMENT,
  what   TEXT NOT NULL,
  reason TEXT NOT NULL,
  at     INTEGER NOT NULL
);
`;
