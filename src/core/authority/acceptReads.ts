/**
 * The rows accept decides on, read before any decision in two statements instead of six
 * point reads: the sender's public key, the digest of an earlier receipt of its Action ID,
 * the group's sequence and the sender's role in one; when the payload names a work item,
 * that item's checked columns and its mission's budget in the other. Each statement costs
 * a round of bind / step / get / reset calls into sql.js, more than the index seek inside
 * it, so one statement of several seeks costs about as much as one point read. Reading a
 * row decides nothing: accept still takes its decisions one by one in the documented order
 * (signature → receipt → payload → membership → revision → the kind's rules), and a row
 * read for a payload that turns out invalid is simply not used.
 *
 * The read runs before the transaction opens: the store has one connection and accept runs
 * synchronously, so nothing can write between this read and the writes that follow it.
 */
import type { Store } from '../db/store';
import type { CommandContent } from './commands';
import { WORK_ITEM_COLUMNS, type KnownRows, type MissionBudget, type WorkItemRow } from './handlerKit';

export interface AcceptReads {
  /** The sender's registered public key (hex), or null. */
  publicKey: string | null;
  /** The digest of an earlier command with the same (actor, Action ID), or null. */
  earlierDigest: string | null;
  /** The group's last sequence number, or null when the group does not exist. */
  sequence: number | null;
  /** Rows handed to the kind's checks (PlanContext.known): role, work item, mission. */
  known: KnownRows;
}

/*
 * Scalar subqueries, not joins: in sql.js's SQLite a statement of LEFT JOINs over the same
 * index seeks measured several times slower than the separate reads (bench, Nov 2026), a
 * statement of scalar subqueries about as fast as ONE of them.
 */
const PRELUDE_SQL = `SELECT (SELECT public_key FROM actor_keys WHERE actor_id = ?1),
  (SELECT digest FROM receipts WHERE actor_id = ?1 AND action_id = ?3),
  (SELECT sequence FROM groups WHERE group_id = ?2),
  (SELECT role FROM memberships WHERE group_id = ?2 AND agent_id = ?1)`;
/** The work item's checked columns, then its mission's budget. */
const ITEM_SQL = `SELECT ${WORK_ITEM_COLUMNS.join(', ')},
  (SELECT limit_cents FROM missions WHERE mission_id = w.mission_id), (SELECT spent_cents FROM missions WHERE mission_id = w.mission_id)
  FROM work_items w WHERE work_item_id = ?`;

export function readForAccept(store: Store, command: CommandContent): AcceptReads {
  const v = store.getValues(PRELUDE_SQL, [command.actor, command.group, command.actionId])!;
  const known: KnownRows = { actorRole: v[3] === null ? null : String(v[3]), items: new Map(), missions: new Map() };
  // Read for whatever the payload names; the checks use it only once the payload is valid.
  const named = (command.payload as Record<string, unknown> | null | undefined)?.work_item;
  if (typeof named === 'string') readItem(store, named, known);
  return {
    publicKey: v[0] === null ? null : String(v[0]),
    earlierDigest: v[1] === null ? null : String(v[1]),
    sequence: v[2] === null ? null : Number(v[2]),
    known,
  };
}

function readItem(store: Store, id: string, known: KnownRows): void {
  const v = store.getValues(ITEM_SQL, [id]);
  if (!v) {
    known.items.set(id, undefined);
    return;
  }
  // Written out in WORK_ITEM_COLUMNS' order (acceptReads.test.ts holds the two together): a
  // literal is one allocation of a fixed shape, where storing 15 computed keys one by one went
  // through a generic keyed store each time.
  const row: WorkItemRow = {
    group_id: v[0]!, mission_id: v[1]!, status: v[2]!, owner: v[3]!, ownership_epoch: v[4]!, lease_id: v[5]!, lease_until: v[6]!,
    attempts: v[7]!, max_attempts: v[8]!, retry_at: v[9]!, resume_by: v[10]!, deadline: v[11]!, retry_budget_cents: v[12]!,
    retry_spent_cents: v[13]!, revision: v[14]!,
  };
  known.items.set(id, row);
  const mission: MissionBudget | undefined = v[15] === null ? undefined : { limit_cents: v[15]!, spent_cents: v[16]! };
  known.missions!.set(String(row.mission_id), mission);
}

