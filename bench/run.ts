/**
 * npm run bench — throughput as a ratio to raw sql.js doing the same statements in the
 * same run (never a timed assertion). Wall-clock time is fine here: benches are outside
 * the deterministic engine.
 */
import type { Database } from 'sql.js';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import { Store } from '../src/core/db/store';
import { noFaults } from '../src/core/faults';
import { fencedWrite, learnFence } from '../src/core/fencing/protectedResource';
import { RESOURCE_SCHEMA } from '../src/core/fencing/schema';
import { World } from '../src/sim/world';
import { AUTHORITY_SCHEMA } from '../src/core/authority/schema';
import { AuthorityHarness } from '../src/core/authority/testHarness';
import { digestOf } from '../src/core/authority/commands';
import { canonicalJson } from '../src/core/authority/canonical';
import { foldEvents } from '../src/core/authority/fold';
import type { EventRecord } from '../src/core/authority/outcomes';
import { applyEvent } from '../src/core/worker/apply';
import { PROJECTION_SCHEMA } from '../src/core/worker/schema';
import { verifyDigest } from '../src/core/authority/keys';

const ROUNDS = 20_000;

function timeIt(label: string, rounds: number, body: (i: number) => void): number {
  for (let i = 0; i < Math.min(500, rounds); i++) body(rounds + i); // warm-up, on indices the timed run never uses
  const start = performance.now();
  for (let i = 0; i < rounds; i++) body(i);
  const seconds = (performance.now() - start) / 1000;
  const perSecond = rounds / seconds;
  console.log(`${label.padEnd(46)} ${perSecond.toFixed(0).padStart(9)} /s`);
  return perSecond;
}

async function main(): Promise<void> {
  const SQL = await initSqlJsOnce();

  // 1. The fenced write through Store.tx vs the same statements on a bare sql.js database.
  const raw: Database = new SQL.Database();
  raw.exec(RESOURCE_SCHEMA);
  raw.run("INSERT INTO fence_state VALUES ('doc', 1, 1000000000)");
  const update = raw.prepare(`UPDATE document SET value = :value, last_writer = :writer, last_fence = :token, version = version + 1
       WHERE id = :id AND EXISTS (SELECT 1 FROM fence_state WHERE resource_id = :id AND current_fence = :token AND :now < lease_until)`);
  const read = raw.prepare('SELECT current_fence, lease_until FROM fence_state WHERE resource_id = ?');
  const log = raw.prepare('INSERT INTO write_log (stamp, at, writer, token, value, allowed, reason) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const rawRate = timeIt('raw sql.js: fenced write (4 statements, 1 txn)', ROUNDS, (i) => {
    raw.exec('BEGIN IMMEDIATE');
    update.run({ ':value': `v${i}`, ':writer': 'A', ':token': 1, ':id': 'doc', ':now': i });
    read.bind(['doc']); read.step(); read.getAsObject(); read.reset();
    log.run([i, i, 'A', 1, `v${i}`, 1, 'OK']);
    raw.exec('COMMIT');
  });

  const store = new Store(SQL, 'resource', RESOURCE_SCHEMA);
  learnFence(store, 1, 1_000_000_000);
  let stamp = 0;
  const clock = { now: 0, nextStamp: () => ++stamp };
  const coreRate = timeIt('core: fencedWrite via Store.tx', ROUNDS, (i) => {
    clock.now = i;
    fencedWrite(store, clock, noFaults, { writer: 'A', token: 1, value: `v${i}` });
  });
  console.log(`ratio core / raw: ${(coreRate / rawRate).toFixed(2)}`);

  // 2. The authority's accept transaction (issue 3) vs the minimal statements on raw sql.js.
  benchAccept(SQL);

  // 3. The worker's apply cycle (issue 4) vs the same statements on raw sql.js; a big rebuild.
  benchApply(SQL);

  // 4. Whole World steps (parse, core call, network delivery, trace, invariants).
  const config = { model: 'fencing', seed: 1, initial: { current_token: 1, lease_until: 1_000_000, now: 0, workers: { A: 1, B: null } }, switches: {} };
  const world = World.create(config);
  timeIt('World.step("A_write") incl. delivery + invariants', 1_000, () => { world.step('A_write'); });
  timeIt('World.replay of the 5-step L07 story', 200, () => {
    World.replay(config, ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake']).dispose();
  });
}

function benchAccept(SQL: Awaited<ReturnType<typeof initSqlJsOnce>>): void {
  const N = 5_000;
  const raw: Database = new SQL.Database();
  raw.exec(AUTHORITY_SCHEMA);
  raw.exec("INSERT INTO work_items (work_item_id, group_id, mission_id, status, revision) VALUES ('W1', 'G1', 'M1', 'running', 1)");
  const lookup = raw.prepare('SELECT receipt_id, digest FROM receipts WHERE actor_id = ? AND action_id = ?');
  const update = raw.prepare('UPDATE work_items SET progress = progress + 1, revision = revision + 1 WHERE work_item_id = ?');
  const insertEvent = raw.prepare('INSERT INTO events (event_id, group_id, seq, aggregate_id, aggregate_revision, kind, payload, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const insertReceipt = raw.prepare('INSERT INTO receipts (receipt_id, actor_id, action_id, digest, event_id) VALUES (?, ?, ?, ?, ?)');
  const rawRate = timeIt('raw sql.js: receipt lookup+update+2 inserts, 1 txn', N, (i) => {
    raw.exec('BEGIN IMMEDIATE');
    lookup.bind(['agent-1', `raw-${i}`]); lookup.step(); lookup.reset();
    update.run(['W1']);
    insertEvent.run([`E-${i}`, 'G1', i + 1, 'W1', i + 2, 'progress_reported', '{}', 0]);
    insertReceipt.run([`R-${i}`, 'agent-1', `raw-${i}`, 'd', `E-${i}`]);
    raw.exec('COMMIT');
  });

  const h = new AuthorityHarness(1).bootstrap(1_000_000_000);
  h.send('agent-1', 'bench-claim', 'claim', { work_item: 'W1', lease_ticks: 1000 }, 1);
  const commands = Array.from({ length: N + 500 }, (_, i) => h.command('agent-1', `bench-${i}`, 'report_progress',
    { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 0, note: '' }));
  let next = 0;
  const acceptRate = timeIt('core: accept() incl. digest + Ed25519 verify', N, () => {
    const result = h.submit(commands[next++]!);
    if (result.code !== 'ACCEPTED') throw new Error(result.code);
  });
  const key = h.keys.get('agent-1')!.publicKeyHex;
  const cryptoRate = timeIt('  of which: digest + signature verify alone', 1_000, (i) => {
    const command = commands[i % commands.length]!;
    verifyDigest(key, digestOf(command), command.signature);
  });
  const dbOnly = 1 / (1 / acceptRate - 1 / cryptoRate);
  console.log(`ratio accept / raw: ${(acceptRate / rawRate).toFixed(2)}; without the crypto (derived): ${(dbOnly / rawRate).toFixed(2)}`);
}

function syntheticEvents(n: number): EventRecord[] {
  const events: EventRecord[] = [
    { eventId: 'E-G1-1', group: 'G1', seq: 1, aggregateId: 'G1', aggregateRevision: 1, kind: 'group_created', payload: { org: 'acme', group: 'G1', founder: 'lead' }, at: 0 },
    { eventId: 'E-G1-2', group: 'G1', seq: 2, aggregateId: 'M1', aggregateRevision: 1, kind: 'mission_created', payload: { mission: 'M1', budget_cents: 1 }, at: 0 },
  ];
  for (let seq = 3; seq <= n; seq++) {
    events.push({ eventId: `E-G1-${seq}`, group: 'G1', seq, aggregateId: `W${seq}`, aggregateRevision: 1, kind: 'work_item_created', payload: { work_item: `W${seq % 50}`, mission: 'M1' }, at: 0 });
  }
  return events;
}

function benchApply(SQL: Awaited<ReturnType<typeof initSqlJsOnce>>): void {
  const N = 3_000;
  const events = syntheticEvents(N + 600);
  const raw: Database = new SQL.Database();
  raw.exec(PROJECTION_SCHEMA);
  raw.exec("INSERT INTO cursors (group_id) VALUES ('G1'); INSERT INTO projection (group_id, state) VALUES ('G1', '{}')");
  const dedupe = raw.prepare('SELECT 1 FROM inbox WHERE event_id = ?');
  const cursor = raw.prepare('SELECT seq FROM cursors WHERE group_id = ?');
  const readState = raw.prepare('SELECT state FROM projection WHERE group_id = ?');
  const writeState = raw.prepare('UPDATE projection SET state = ? WHERE group_id = ?');
  const inbox = raw.prepare('INSERT INTO inbox (event_id, group_id, seq) VALUES (?, ?, ?)');
  const log = raw.prepare('INSERT INTO applied_log (event_id, seq) VALUES (?, ?)');
  const advance = raw.prepare('UPDATE cursors SET seq = ? WHERE group_id = ?');
  const stateText = canonicalJson(foldEvents(events.slice(0, 40)));
  const rawRate = timeIt('raw sql.js: the apply cycle\'s statements, 1 txn', N, (i) => {
    const e = events[i]!;
    raw.exec('BEGIN IMMEDIATE');
    dedupe.bind([e.eventId]); dedupe.step(); dedupe.reset();
    cursor.bind(['G1']); cursor.step(); cursor.reset();
    readState.bind(['G1']); readState.step(); readState.get(); readState.reset();
    writeState.run([stateText, 'G1']);
    inbox.run([e.eventId, 'G1', e.seq]);
    log.run([e.eventId, e.seq]);
    advance.run([e.seq, 'G1']);
    raw.exec('COMMIT');
  });
  const store = new Store(SQL, 'worker', PROJECTION_SCHEMA);
  let next = 0;
  const applyRate = timeIt('core: applyEvent (seven steps + reducer)', N, () => { applyEvent(store, noFaults, events[next++]!, { variant: 'correct' }); });
  console.log(`ratio apply / raw: ${(applyRate / rawRate).toFixed(2)}`);

  const big = syntheticEvents(100_000);
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const rebuilt = foldEvents(big);
  const foldMs = performance.now() - start;
  console.log(`rebuild (fold) of 100,000 events: ${foldMs.toFixed(0)} ms, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(1)} MB, ${Object.keys(rebuilt.workItems).length} work items`);
  const fresh = new Store(SQL, 'rebuild', PROJECTION_SCHEMA);
  const t0 = performance.now();
  for (const e of big.slice(0, 20_000)) applyEvent(fresh, noFaults, e, { variant: 'correct' });
  const ms = performance.now() - t0;
  console.log(`rebuild through the apply cycle: 20,000 events in ${ms.toFixed(0)} ms (≈ ${(ms * 5 / 1000).toFixed(1)} s for 100,000)`);
}

void main();
