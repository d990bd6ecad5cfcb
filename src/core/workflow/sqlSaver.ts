/**
 * SqlJsSaver: a LangGraph checkpoint saver over a node's own sql.js Store.
 *
 * It extends LangGraph's `BaseCheckpointSaver` and passes its conformance suite
 * (`@langchain/langgraph-checkpoint-validation`, run in `sqlSaver.validation.test.ts`). The
 * semantics follow LangGraph's own `MemorySaver` line by line where the suite is silent.
 *
 * Every write is ONE named Store transaction with a fault point just before it commits:
 * `checkpoint.put` (fault `checkpoint.before_put_commit`) and `checkpoint.put_writes`
 * (fault `checkpoint.before_writes_commit`). A crash there rolls the transaction back, so a
 * checkpoint or a task's writes are saved whole or not at all.
 *
 * `alive()` lets the executor abandon a crashed graph: LangGraph keeps a chain of
 * checkpointer promises, and after a crash nothing from the dead incarnation may reach the
 * database, so each call first asks whether its incarnation still lives.
 *
 * `naming` decides how LangGraph's checkpoint and task ids (and checkpoint timestamps) are
 * stored: as they are (default), or by sequence (`checkpointIds.ts`) so the same seed and
 * actions give the same database bytes. Either way every read hands the engine back its own
 * ids, so LangGraph cannot tell the difference (the conformance suite runs with both).
 */
import {
  BaseCheckpointSaver,
  TASKS,
  WRITES_IDX_MAP,
  compareWritesSortKeys,
  copyCheckpoint,
  getCheckpointId,
  maxChannelVersion,
  writesSortKey,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointPendingWrite,
  type CheckpointTuple,
  type PendingWrite,
  type SerializerProtocol,
} from '@langchain/langgraph-checkpoint';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { Row, Store } from '../db/store';
import { noFaults, type FaultPoints } from '../faults';
import { engineNaming, type CheckpointNaming } from './checkpointIds';

export const PUT_FAULT = 'checkpoint.before_put_commit';
export const WRITES_FAULT = 'checkpoint.before_writes_commit';

export interface SqlJsSaverOptions {
  faults?: FaultPoints;
  /** Virtual clock for `saved_at`; without it, 0. */
  now?: () => number;
  /** False once the incarnation that owns this saver crashed: every call then fails. */
  alive?: () => boolean;
  /** How engine ids are stored; default: as they are. */
  naming?: CheckpointNaming;
  serde?: SerializerProtocol;
}

/** Thrown when a dead incarnation's graph still tries to reach the database. */
export class AbandonedRunError extends Error {
  constructor() {
    super('the graph run was abandoned by a crash; its incarnation is gone');
    this.name = 'AbandonedRunError';
  }
}

type Stored = string | Uint8Array;

const decoder = new TextDecoder();

export class SqlJsSaver extends BaseCheckpointSaver {
  private readonly store: Store;
  private readonly faults: FaultPoints;
  private readonly now: () => number;
  private readonly alive: () => boolean;
  private readonly naming: CheckpointNaming;

  constructor(store: Store, options: SqlJsSaverOptions = {}) {
    super(options.serde);
    this.store = store;
    this.faults = options.faults ?? noFaults;
    this.now = options.now ?? (() => 0);
    this.alive = options.alive ?? (() => true);
    this.naming = options.naming ?? engineNaming;
  }

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    this.assertAlive();
    const threadId = config.configurable?.thread_id as string | undefined;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? '';
    const checkpointId = getCheckpointId(config);
    if (threadId === undefined) return undefined;
    const row = checkpointId
      ? this.store.get('SELECT * FROM lg_checkpoint WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?', [threadId, ns, this.naming.lookup(checkpointId)])
      : this.store.get('SELECT * FROM lg_checkpoint WHERE thread_id = ? AND checkpoint_ns = ? ORDER BY checkpoint_id DESC LIMIT 1', [threadId, ns]);
    if (!row) return undefined;
    // Like MemorySaver: a lookup by id answers with the caller's config, a "latest" lookup with the full one.
    const tupleConfig = checkpointId ? config : { configurable: { thread_id: threadId, checkpoint_id: this.naming.engineId(String(row.checkpoint_id)), checkpoint_ns: ns } };
    return this.toTuple(row, tupleConfig);
  }

  async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    this.assertAlive();
    const { before, filter } = options ?? {};
    let limit = options?.limit;
    const where: string[] = [];
    const params: string[] = [];
    const threadId = config.configurable?.thread_id as string | undefined;
    const ns = config.configurable?.checkpoint_ns as string | undefined;
    const checkpointId = config.configurable?.checkpoint_id as string | undefined;
    if (threadId) { where.push('thread_id = ?'); params.push(threadId); }
    if (ns !== undefined) { where.push('checkpoint_ns = ?'); params.push(ns); }
    if (checkpointId) { where.push('checkpoint_id = ?'); params.push(this.naming.lookup(checkpointId)); }
    const beforeId = before?.configurable?.checkpoint_id as string | undefined;
    if (beforeId) { where.push('checkpoint_id < ?'); params.push(this.naming.lookup(beforeId)); }
    const rows = this.store.all(
      `SELECT * FROM lg_checkpoint${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY thread_id, checkpoint_ns, checkpoint_id DESC`,
      params,
    );
    for (const row of rows) {
      const metadata = (await this.serde.loadsTyped(String(row.metadata_type), row.metadata as Stored)) as CheckpointMetadata;
      if (filter && !Object.entries(filter).every(([key, value]) => (metadata as Record<string, unknown>)[key] === value)) continue;
      if (limit !== undefined) {
        if (limit <= 0) break;
        limit -= 1;
      }
      yield await this.toTuple(row, {
        configurable: { thread_id: String(row.thread_id), checkpoint_ns: String(row.checkpoint_ns), checkpoint_id: this.naming.engineId(String(row.checkpoint_id)) },
      }, metadata);
    }
  }

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions?: ChannelVersions): Promise<RunnableConfig> {
    this.assertAlive();
    const threadId = config.configurable?.thread_id as string | undefined;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? '';
    if (threadId === undefined) {
      throw new Error('Failed to put checkpoint. The passed RunnableConfig is missing a required "thread_id" field in its "configurable" property.');
    }
    // Named before the first await: names follow the engine's call order (checkpointIds.ts).
    const storedId = this.naming.checkpoint(checkpoint.id);
    const parentId = config.configurable?.checkpoint_id as string | undefined;
    const storedParentId = parentId === undefined ? null : this.naming.lookup(parentId);
    // Channel values go to lg_blob, one row per (channel, version) that this checkpoint
    // introduced (`newVersions`, or every version when the caller gives none); a value whose
    // channel has no version stays inline in the checkpoint.
    const copy = copyCheckpoint(checkpoint);
    copy.id = storedId;
    copy.ts = this.naming.stamp(storedId, checkpoint.ts, new Date(this.now()).toISOString());
    const versions = newVersions ?? copy.channel_versions;
    const blobs = await Promise.all(Object.entries(versions).map(async ([channel, version]) => {
      if (!(channel in copy.channel_values)) return { channel, version: String(version), type: 'empty', data: null };
      const [blobType, blobData] = await this.serde.dumpsTyped(copy.channel_values[channel]);
      return { channel, version: String(version), type: blobType, data: toStored(blobType, blobData) };
    }));
    copy.channel_values = Object.fromEntries(Object.entries(copy.channel_values).filter(([channel]) => !(channel in copy.channel_versions)));
    const [[type, data], [metadataType, metadataData]] = await Promise.all([
      this.serde.dumpsTyped(copy),
      this.serde.dumpsTyped(metadata),
    ]);
    this.assertAlive();
    this.store.tx('checkpoint.put', () => {
      for (const blob of blobs) {
        this.store.run(
          'INSERT OR REPLACE INTO lg_blob (thread_id, checkpoint_ns, channel, version, type, value) VALUES (?, ?, ?, ?, ?, ?)',
          [threadId, ns, blob.channel, blob.version, blob.type, blob.data],
        );
      }
      this.store.run(
        `INSERT OR REPLACE INTO lg_checkpoint (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata_type, metadata, saved_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [threadId, ns, storedId, storedParentId,
          type, toStored(type, data), metadataType, toStored(metadataType, metadataData), this.now()],
      );
      this.faults.reach(PUT_FAULT);
    });
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath = ''): Promise<void> {
    this.assertAlive();
    const threadId = config.configurable?.thread_id as string | undefined;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? '';
    const checkpointId = config.configurable?.checkpoint_id as string | undefined;
    if (threadId === undefined) {
      throw new Error('Failed to put writes. The passed RunnableConfig is missing a required "thread_id" field in its "configurable" property.');
    }
    if (checkpointId === undefined) {
      throw new Error('Failed to put writes. The passed RunnableConfig is missing a required "checkpoint_id" field in its "configurable" property.');
    }
    // Named before the first await (checkpointIds.ts): the writes may come before their checkpoint's put.
    const storedCheckpointId = this.naming.checkpoint(checkpointId);
    const storedTaskId = this.naming.task(taskId);
    const serialized = await Promise.all(writes.map(async ([channel, value], idx) => {
      const [type, data] = await this.serde.dumpsTyped(value);
      // Special channels (error, interrupt, resume, scheduled) have one fixed slot each and are replaced;
      // ordinary writes keep the first value saved for their slot (a retried task must not overwrite it).
      return { channel, idx: WRITES_IDX_MAP[channel] ?? idx, type, data };
    }));
    this.assertAlive();
    this.store.tx('checkpoint.put_writes', () => {
      for (const w of serialized) {
        this.store.run(
          `INSERT OR ${w.idx < 0 ? 'REPLACE' : 'IGNORE'} INTO lg_write (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, value, task_path, saved_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [threadId, ns, storedCheckpointId, storedTaskId, w.idx, w.channel, w.type, toStored(w.type, w.data), taskPath, this.now()],
        );
      }
      this.faults.reach(WRITES_FAULT);
    });
  }

  async deleteThread(threadId: string): Promise<void> {
    this.assertAlive();
    this.store.tx('checkpoint.delete_thread', () => {
      this.store.run('DELETE FROM lg_checkpoint WHERE thread_id = ?', [threadId]);
      this.store.run('DELETE FROM lg_write WHERE thread_id = ?', [threadId]);
      this.store.run('DELETE FROM lg_blob WHERE thread_id = ?', [threadId]);
    });
  }

  private assertAlive(): void {
    if (!this.alive()) throw new AbandonedRunError();
  }

  private async toTuple(row: Row, config: RunnableConfig, knownMetadata?: CheckpointMetadata): Promise<CheckpointTuple> {
    const threadId = String(row.thread_id);
    const ns = String(row.checkpoint_ns);
    const checkpointId = String(row.checkpoint_id);
    const parentId = row.parent_checkpoint_id === null ? undefined : String(row.parent_checkpoint_id);
    const checkpoint = (await this.serde.loadsTyped(String(row.type), row.checkpoint as Stored)) as Checkpoint;
    checkpoint.id = this.naming.engineId(checkpointId);
    checkpoint.ts = this.naming.engineTs(checkpointId, checkpoint.ts);
    await this.loadChannelValues(checkpoint, threadId, ns);
    if (checkpoint.v < 4 && parentId !== undefined) await this.migratePendingSends(checkpoint, threadId, ns, parentId);
    const tuple: CheckpointTuple = {
      config,
      checkpoint,
      metadata: knownMetadata ?? (await this.serde.loadsTyped(String(row.metadata_type), row.metadata as Stored)) as CheckpointMetadata,
      pendingWrites: await this.pendingWrites(threadId, ns, checkpointId),
    };
    if (parentId !== undefined) tuple.parentConfig = { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: this.naming.engineId(parentId) } };
    return tuple;
  }

  /** Fills `channel_values` from lg_blob at the versions the checkpoint names. */
  private async loadChannelValues(checkpoint: Checkpoint, threadId: string, ns: string): Promise<void> {
    const values: Record<string, unknown> = { ...checkpoint.channel_values };
    for (const [channel, version] of Object.entries(checkpoint.channel_versions ?? {})) {
      const blob = this.store.get(
        'SELECT type, value FROM lg_blob WHERE thread_id = ? AND checkpoint_ns = ? AND channel = ? AND version = ?',
        [threadId, ns, channel, String(version)],
      );
      if (blob && blob.type !== 'empty') values[channel] = await this.serde.loadsTyped(String(blob.type), blob.value as Stored);
    }
    checkpoint.channel_values = values;
  }

  /** A checkpoint's pending writes in `writesSortKey` order (task path, task id, idx), as LangGraph applies them. */
  private async pendingWrites(threadId: string, ns: string, checkpointId: string): Promise<CheckpointPendingWrite[]> {
    const rows = this.store.all(
      'SELECT task_id, idx, channel, type, value, task_path FROM lg_write WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ?',
      [threadId, ns, checkpointId],
    );
    // Sorted by the engine's task ids, as LangGraph would sort them (stored names may order differently).
    const taskIds = rows.map((r) => this.naming.engineId(String(r.task_id)));
    const order = rows.map((_r, i) => i).sort((a, b) => compareWritesSortKeys(
      writesSortKey(String(rows[a]!.task_path), taskIds[a]!, Number(rows[a]!.idx)),
      writesSortKey(String(rows[b]!.task_path), taskIds[b]!, Number(rows[b]!.idx)),
    ));
    return Promise.all(order.map(async (i) => [
      taskIds[i]!, String(rows[i]!.channel), await this.serde.loadsTyped(String(rows[i]!.type), rows[i]!.value as Stored),
    ] as CheckpointPendingWrite));
  }

  /** Checkpoints older than format v4 kept pending sends as writes of their parent (MemorySaver does the same). */
  private async migratePendingSends(checkpoint: Checkpoint, threadId: string, ns: string, parentId: string): Promise<void> {
    const rows = this.store.all(
      'SELECT type, value FROM lg_write WHERE thread_id = ? AND checkpoint_ns = ? AND checkpoint_id = ? AND channel = ? ORDER BY task_path, task_id, idx',
      [threadId, ns, parentId, TASKS],
    );
    const sends = await Promise.all(rows.map((r) => this.serde.loadsTyped(String(r.type), r.value as Stored)));
    const mutable = checkpoint as { channel_values: Record<string, unknown>; channel_versions: Record<string, string | number> };
    mutable.channel_values ??= {};
    mutable.channel_values[TASKS] = sends;
    mutable.channel_versions ??= {};
    const versions = Object.values(mutable.channel_versions);
    mutable.channel_versions[TASKS] = versions.length > 0 ? maxChannelVersion(...versions) : this.getNextVersion(undefined);
  }
}

/** JSON is kept as text so the inspector can read it; anything else stays bytes. */
function toStored(type: string, data: Uint8Array): Stored {
  return type === 'json' ? decoder.decode(data) : data;
}
