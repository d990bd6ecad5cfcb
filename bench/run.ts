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

const ROUNDS = 20_000;

function timeIt(label: string, rounds: number, body: (i: number) => void): number {
  for (let i = 0; i < Math.min(500, rounds); i++) body(i); // warm-up
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

  // 2. Whole World steps (parse, core call, network delivery, trace, invariants).
  const config = { model: 'fencing', seed: 1, initial: { current_token: 1, lease_until: 1_000_000, now: 0, workers: { A: 1, B: null } }, switches: {} };
  const world = World.create(config);
  timeIt('World.step("A_write") incl. delivery + invariants', 1_000, () => { world.step('A_write'); });
  timeIt('World.replay of the 5-step L07 story', 200, () => {
    World.replay(config, ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake']).dispose();
  });
}

void main();
