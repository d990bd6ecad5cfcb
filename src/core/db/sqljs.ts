/**
 * Loading sql.js once, in Node (Vitest, CLIs, grading) or in the browser (the app).
 *
 * The choice is a runtime check, not `import.meta.env` (false under happy-dom) nor
 * `typeof window` (wrong in Web Workers): see TOOLCHAIN.md.
 */
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | null = null;

/** True when running under Node.js (tests, CLIs); false in a browser page or worker. */
export function isNodeRuntime(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof proc?.versions?.node === 'string';
}

/**
 * Returns the sql.js module, initialised once per process or page.
 * @param wasmUrl where the browser fetches `sql-wasm.wasm` from (the app passes Vite's
 *   `?url` import); ignored in Node, where sql.js finds its own wasm file.
 */
export function loadSqlJs(wasmUrl?: string): Promise<SqlJsStatic> {
  if (loading) return loading;
  if (isNodeRuntime()) {
    loading = initSqlJs();
  } else {
    if (!wasmUrl) throw new Error('loadSqlJs: the browser needs the URL of sql-wasm.wasm');
    loading = initSqlJs({ locateFile: () => wasmUrl });
  }
  loading.catch(() => { loading = null; });
  return loading;
}

let loaded: SqlJsStatic | null = null;


/**
 * The sql.js module after `loadSqlJs()` resolved. Everything after initialisation is
 * synchronous (docs/architecture.md), so the engine asks for it here instead of awaiting.
 */
export function requireSqlJs(): SqlJsStatic {
  if (!loaded) throw new Error('sql.js is not initialised yet: await loadSqlJs() first');
  return loaded;
}

/** Loads sql.js and remembers it for `requireSqlJs()`. */
export async function initSqlJsOnce(wasmUrl?: string): Promise<SqlJsStatic> {
  loaded = await loadSqlJs(wasmUrl);
  return loaded;
}
