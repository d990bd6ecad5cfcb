/** Test helper: sql.js initialised once per test file (Node build, no wasm URL needed). */
import { beforeAll } from 'vitest';
import { initSqlJsOnce } from '../core/db/sqljs';

export function useSqlJs(): void {
  beforeAll(async () => {
    await initSqlJsOnce();
  });
}
