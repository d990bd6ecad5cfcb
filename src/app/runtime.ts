/**
 * Everything heavy the lab needs, behind one dynamic import: sql.js (its wasm is fetched
 * here, when a lab is first opened), the protocol models and the core, the lab loader,
 * exercises, cards and submissions. The catalog page loads none of it.
 */
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { initSqlJsOnce, requireSqlJs } from '../core/db/sqljs';
import { warmUp as warmUpStore } from '../core/db/store';

export { LabSession } from '../lab/session';
export { parseLab } from '../lab/loader';
export { checkAnswer } from '../lab/exercises/checkAnswer';
export { recheckRecords } from '../lab/exercises/recheck';
export { formatCardResult, parseCard, runCard } from '../lab/cards';
export { buildSubmission, gradeSubmissionText, importSubmission, importWouldOverwrite, parseSubmission } from '../lab/submission';
export { loadBundledLab, loadBundledLabs } from './labsBundle';
export { offeredActions } from '../lab/palette';
export { forkAt } from '../lab/fork';

/** Initialises sql.js once; everything after it is synchronous. */
export async function start(): Promise<void> {
  await initSqlJsOnce(wasmUrl);
}

/** sql.js's costly first use, on a throwaway store (core/db/store.ts `warmUp`); after `start`. */
export function warmUp(): void {
  warmUpStore(requireSqlJs());
}
