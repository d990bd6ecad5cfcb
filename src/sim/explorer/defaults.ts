/**
 * Each model's default bounds: the environment its designs are judged in (the Search
 * panel's starting bounds and the design test in src/lab/designs.search.test.ts). Small on
 * purpose: every wrong option has a counterexample within them (from the witness setting
 * the test names), and judging every lab's right configuration within them must fit CI on
 * two cores; `npm run soak` and the panel go deeper. Models not listed get DEFAULT_BOUNDS.
 */
import type { Bounds } from './bounds';

export const MODEL_BOUNDS: Readonly<Record<string, Partial<Bounds>>> = {
  // Leases last 10 ticks: +11 lets a lease run out in one move, +1 explores the edge.
  // Depth 4 holds the late write with a held network (stall, +11, wake, deliver).
  fencing: { depth: 4, advances: [1, 11], crashes: 1, drops: 1, duplicates: 0 },
  // A lost answer, a second owner, a resend: three moves after the approval. Crashes for
  // the two-system refund modes; +3 reaches the provider's latency and the leases.
  refund: { depth: 4, advances: [3], crashes: 1, drops: 0, duplicates: 0, partitions: 0 },
  // L06's hand-written executor is the refund model under another name (models/matrix).
  matrix: { depth: 4, advances: [3], crashes: 1, drops: 0, duplicates: 0, partitions: 0 },
  compensation: { depth: 4, advances: [1, 11], crashes: 1, drops: 0, duplicates: 0 },
  // Every apply-cycle and redaction design breaks within three moves (emit, redeliver /
  // crash, deliver); depth 4 doubles the time of each right configuration for nothing new.
  projection: { depth: 3, advances: [1], crashes: 1, drops: 1, duplicates: 1 },
  outage: { depth: 4, advances: [1, 5], crashes: 0, drops: 0, duplicates: 0 },
  // The accept transaction: a command, its crash points, a resend / duplicate / drop of
  // its frame. Depth 3: a claim, the lease released or revoked (checkpoint, failure) or run
  // out (+11), then the tool call L12's guard must refuse. Every command is signed and the
  // tree is wide; depth 3 is ≈1,100 states in L09.
  authority: { depth: 3, advances: [11], crashes: 1, drops: 1, duplicates: 1 },
  // The LangGraph workflow (L05) steps asynchronously, ≈10 ms a transition (a LangGraph run
  // per step): depth 3 is ≈500 transitions (recovery from each of its ≈230 states: ≈50 s).
  // Every design presented wrong breaks within it (messages only: ask, approval to two
  // workers, B asks again; an epoch check against the epoch just read: the same two moves;
  // current node / key only from the asked run with a crash armed in submit: approve,
  // restart). Its frames are sent and answered
  // inside a step (nothing waits in flight between steps to drop or duplicate), and the
  // approval's expiry is an action of its own: no clock moves.
  workflow: { depth: 3, advances: [], crashes: 1, drops: 0, duplicates: 0, partitions: 0 },
  // L06's LangGraph executor is the workflow model under another name (models/matrix).
  matrix_langgraph: { depth: 3, advances: [], crashes: 1, drops: 0, duplicates: 0, partitions: 0 },
};
