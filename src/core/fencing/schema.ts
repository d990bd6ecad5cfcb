/**
 * The three kinds of database in the fencing lab. Each node owns its own sql.js database
 * (MWP-FND-023): the lease authority, the protected resource, and each worker.
 */

/** The lease authority: the truth about who may act on the resource, and with which fence. */
export const AUTHORITY_SCHEMA = `
-- The authority's lease policy: how many ticks a grant or renewal lasts.
CREATE TABLE policy (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
INSERT INTO policy (key, value) VALUES ('lease_duration', 10);
-- The current lease on each protected resource. state mirrors the lease machine
-- (free / held / expired); fence only ever grows; holder is NULL when free.
CREATE TABLE lease (
  resource_id TEXT PRIMARY KEY,
  state       TEXT    NOT NULL CHECK (state IN ('free', 'held', 'expired')),
  fence       INTEGER NOT NULL CHECK (fence >= 0),
  holder      TEXT,
  lease_until INTEGER NOT NULL
);
-- Append-only history of every grant, renewal, release and expiry. stamp is the World's
-- logical order of events, so a write at the resource can be judged against the lease
-- that was current when it happened.
CREATE TABLE lease_history (
  stamp       INTEGER PRIMARY KEY,
  resource_id TEXT    NOT NULL,
  kind        TEXT    NOT NULL CHECK (kind IN ('grant', 'renew', 'release', 'expire')),
  fence       INTEGER NOT NULL,
  holder      TEXT,
  at          INTEGER NOT NULL,
  lease_until INTEGER NOT NULL
);
`;

/** The protected resource: a document it guards, and what it knows about the fence. */
export const RESOURCE_SCHEMA = `
-- The newest fence and lease end the authority has told this resource about. It only
-- moves forward: a late, older update is ignored.
CREATE TABLE fence_state (
  resource_id   TEXT PRIMARY KEY,
  current_fence INTEGER NOT NULL,
  lease_until   INTEGER NOT NULL
);
-- The business data being protected.
CREATE TABLE document (
  id          TEXT PRIMARY KEY,
  value       TEXT,
  last_writer TEXT,
  last_fence  INTEGER,
  version     INTEGER NOT NULL DEFAULT 0
);
-- Every write attempt and the resource's verdict, in arrival order.
CREATE TABLE write_log (
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  stamp   INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  writer  TEXT    NOT NULL,
  token   INTEGER,
  value   TEXT,
  allowed INTEGER NOT NULL CHECK (allowed IN (0, 1)),
  reason  TEXT    NOT NULL
);
INSERT INTO document (id, value, version) VALUES ('doc', NULL, 0);
`;

/** A worker: what it believes about its lease, and the write it is in the middle of. */
export const WORKER_SCHEMA = `
-- The lease as this worker last heard it from the authority (a belief, not the truth).
CREATE TABLE belief (
  resource_id TEXT PRIMARY KEY,
  fence       INTEGER NOT NULL,
  lease_until INTEGER NOT NULL
);
-- A write prepared after a local lease check: not yet sent (the window a pause hits), or
-- sent and not yet answered (sent = 1). The resource's verdict removes it.
CREATE TABLE pending_write (
  resource_id TEXT PRIMARY KEY,
  token       INTEGER NOT NULL,
  value       TEXT    NOT NULL,
  checked_at  INTEGER NOT NULL,
  sent        INTEGER NOT NULL DEFAULT 0 CHECK (sent IN (0, 1))
);
-- Answers this worker received from the resource.
CREATE TABLE write_outcome (
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  token   INTEGER,
  value   TEXT,
  allowed INTEGER NOT NULL,
  reason  TEXT    NOT NULL
);
`;

/** The one protected resource of the lab. */
export const RESOURCE_ID = 'doc';
