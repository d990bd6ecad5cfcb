/**
 * The rules this project checks, one line each in its own words: the MWP rule IDs of the
 * domain specification and the numbered sections of the refund course module (M07-n).
 * docs/rules.md is built from this list, the models' properties and the labs' variants
 * (scripts/rules.ts); scripts/rules.test.ts holds every rule to a property and a variant
 * that search breaks.
 */
export interface Rule { id: string; text: string }

export const RULES: readonly Rule[] = [
  { id: 'MWP-FND-023', text: 'Authoritative state and rebuildable projections are different stores; losing a projection never changes the truth.' },
  { id: 'MWP-EVT-005', text: 'One group transition — state change, event, revision, fencing, budget or approval effect, receipt — is one atomic outcome.' },
  { id: 'MWP-EVT-003', text: 'The same (actor, Action ID) with the same canonical content returns the original receipt; different content is ACTION_ID_COLLISION.' },
  { id: 'MWP-EVT-007', text: 'Structured updates use optimistic concurrency; claims, renewals, membership and approvals always compare-and-set.' },
  { id: 'MWP-WRK-022', text: 'Reconciliation and its resource charge are one authoritative transaction; an overflow rejects both, no partial state.' },
  { id: 'MWP-WRK-029', text: 'Each consumer dedupes by Event ID, processes each group in order, may buffer, never advances its cursor past a gap.' },
  { id: 'MWP-FND-018', text: 'Delivery is at-least-once; WRK-029 is its runtime form.' },
  { id: 'MWP-WRK-008', text: 'Each worker keeps, per group, its own inbox, cursor and work queue, all rebuildable from the group\'s events.' },
  { id: 'MWP-WRK-030', text: 'The ACK reports the highest contiguous durable cursor; it may allow clean-up, never deletes history; replay may repeat events.' },
  { id: 'MWP-MSN-009', text: 'Active groups keep their full history; archiving signs a final snapshot and encrypts an audit log; deletion and redaction are tombstones, never rewritten IDs or sequences.' },
  { id: 'MWP-WRK-013', text: 'An execution lease binds agent, session epoch, work item, ownership epoch, lease ID and time; every execution command names it.' },
  { id: 'MWP-WRK-014', text: 'Checkpoint, block and submit release the lease; session replacement, reassignment, cancellation and failure revoke it.' },
  { id: 'MWP-WRK-017', text: 'Blocked work checkpoints, says what it needs, frees its slot and returns to the queue once resolved.' },
  { id: 'MWP-WRK-018', text: 'Automatic retries stay within attempt, backoff, cost and deadline budgets and use a stable external attempt key.' },
  { id: 'MWP-WRK-019', text: 'After a missed start deadline or renewal a new owner resumes at a higher epoch; the late result is non-authoritative Evidence.' },
  { id: 'MWP-WRK-020', text: 'Offline, a worker only continues active reversible work within a grace period; nothing new, irreversible or externally visible.' },
  { id: 'MWP-WRK-021', text: 'Buffered commands keep their offline bindings; on reconnect they are rebased and re-signed.' },
  { id: 'MWP-EXT-005', text: 'A retry that must change freshness or the fence is a new Action ID with a new signature.' },
  { id: 'MWP-WRK-031', text: 'Tool operations use a stable idempotency key from mission, work item, ownership epoch and logical operation.' },
  { id: 'M07-1', text: 'A lost answer leaves two worlds that look alike from inside; only the provider\'s interface (a stable key, a lookup, a unique constraint) or a person reconciling can tell them apart.' },
  { id: 'M07-2', text: 'An operation\'s status (PREPARED, SUBMITTED, UNKNOWN, CONFIRMED, REJECTED) is the outcome of the effect, not of the run; what cannot be decided stays UNKNOWN and goes to reconciliation.' },
  { id: 'M07-3', text: 'One key per intent, reused by every retry; the same key with other parameters is a conflict; a real second refund is a new approved intent; dedupe records must outlive any late retry.' },
  { id: 'M07-4', text: 'Inside one database the check, the balance, the ledger row and the result commit in one transaction; two systems without a shared transaction need a protocol.' },
  { id: 'M07-5', text: 'Checkpoints, replay and business dedupe are different tools: messages alone, the current node alone or a key alone each lose something; a recorded result is reused, never re-earned.' },
  { id: 'M07-7', text: 'A fence token protects only what checks it: a write is allowed only while its token is current and its lease unexpired; a late holder must be refused.' },
  { id: 'M07-8', text: 'Compensation is a new business action with its own fee, deadline, authority and failure; it is recorded, may fail, and may need a person.' },
  { id: 'M07-9', text: 'Across the nine faults the ledger decides: at most one refund per intent, a legal retry returns the same result, changed parameters are refused, and an undecidable outcome is never reported done.' },
];

export const RULE_IDS: ReadonlySet<string> = new Set(RULES.map((r) => r.id));
