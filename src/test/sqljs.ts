/**
 * Test helper: sql.js initialised once per test file (Node build, no wasm URL needed), and
 * the registry of every model loaded, so the file's Worlds can be created by model id as
 * the CLIs and the app create them (src/sim/modelSource.ts). Loaded by the files that run
 * Worlds only — and after their own `vi.mock`s, which vitest hoists above every import.
 */
import { beforeAll } from 'vitest';
import { initSqlJsOnce } from '../core/db/sqljs';
import '../lab/models';

export function useSqlJs(): void {
  beforeAll(async () => {
    await initSqlJsOnce();
  });
}
