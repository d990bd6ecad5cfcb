/**
 * LangGraph's checkpoint tables, created in the worker's OWN database (MWP-FND-023), so the
 * SQL inspector shows what the engine saved next to the business tables.
 *
 * Values are what LangGraph's serializer produced: a `type` tag and the bytes, stored as
 * TEXT when the tag is `json` (readable in the inspector) and as a BLOB otherwise.
 */
export const CHECKPOINT_SCHEMA = `
-- One row per checkpoint LangGraph saved: where the graph stands after a super-step. The
-- channel values themselves live in lg_blob, once per channel version (the checkpoint's
-- channel_versions point at them), so a checkpoint only adds the channels that changed.
CREATE TABLE lg_checkpoint (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL,               -- in the lab: a sequence name for LangGraph's uuid6 id, same order (checkpointIds.ts)
  parent_checkpoint_id TEXT,
  type TEXT NOT NULL,
  checkpoint,                                -- serialized checkpoint (json text or blob)
  metadata_type TEXT NOT NULL,
  metadata,                                  -- serialized metadata (source, step, …)
  saved_at INTEGER NOT NULL DEFAULT 0,       -- the virtual clock when it was saved
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id)
);
-- A channel's value at one version ("empty" when the channel had no value then).
CREATE TABLE lg_blob (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL,
  version TEXT NOT NULL,
  type TEXT NOT NULL,
  value,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, version)
);
-- Pending writes: what a task of the NEXT super-step already wrote on top of a checkpoint.
-- A sibling that succeeded keeps its row here when another task of the super-step fails,
-- so a resume reuses it instead of running the sibling again.
CREATE TABLE lg_write (
  thread_id TEXT NOT NULL,
  checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  idx INTEGER NOT NULL,                      -- position in the task's writes; < 0 for special channels
  channel TEXT NOT NULL,
  type TEXT NOT NULL,
  value,
  task_path TEXT NOT NULL DEFAULT '',
  saved_at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)
);
`;
