/**
 * LangGraph's own conformance suite for checkpoint savers, run against SqlJsSaver and, as
 * the yardstick, against LangGraph's MemorySaver. The suite calls `describe`, `it`,
 * `beforeAll`, `expect` … as globals (it was written for Jest), so this file lends it
 * Vitest's before loading it — the rest of the test run keeps `globals: false`.
 */
import * as vitest from 'vitest';
import { MemorySaver } from '@langchain/langgraph-checkpoint';
import { initSqlJsOnce, requireSqlJs } from '../db/sqljs';
import { Store } from '../db/store';
import { CHECKPOINT_SCHEMA } from './schema';
import { SqlJsSaver } from './sqlSaver';
import { newIdTable, sequenceNaming } from './checkpointIds';

const { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test } = vitest;
Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test });
const { validate } = await import('@langchain/langgraph-checkpoint-validation');

const stores: Store[] = [];

validate({
  checkpointerName: 'SqlJsSaver',
  async beforeAll() {
    await initSqlJsOnce();
  },
  createCheckpointer() {
    const store = new Store(requireSqlJs(), 'worker', CHECKPOINT_SCHEMA);
    stores.push(store);
    return new SqlJsSaver(store);
  },
  afterAll() {
    for (const store of stores.splice(0)) store.close();
  },
});

// The same saver storing LangGraph's ids by sequence (as the workflow model does, for
// repeatable bytes): the suite must not be able to tell, since every read hands its ids back.
validate({
  checkpointerName: 'SqlJsSaver (ids stored by sequence)',
  async beforeAll() {
    await initSqlJsOnce();
  },
  createCheckpointer() {
    const store = new Store(requireSqlJs(), 'worker', CHECKPOINT_SCHEMA);
    stores.push(store);
    return new SqlJsSaver(store, { naming: sequenceNaming(newIdTable()) });
  },
  afterAll() {
    for (const store of stores.splice(0)) store.close();
  },
});

validate({
  checkpointerName: 'MemorySaver',
  createCheckpointer: () => new MemorySaver(),
});
