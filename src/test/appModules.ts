/**
 * The two modules of the page that Vite makes and Node cannot load as they are, for
 * component tests that render the whole app (src/test/labApp.tsx), given to `vi.mock` by
 * each such test file:
 * - `virtual:lab-index`, the catalog's index: the same source the build plugin emits
 *   (scripts/labIndexPlugin.ts), read from labs/ as the build reads it;
 * - the lab runtime (src/app/runtime.ts): the same modules, with sql.js started the way Node
 *   starts it. runtime.ts imports the wasm's URL as a Vite asset (`?url`), which only the
 *   browser uses; Vite refuses to serve that asset when node_modules lies outside the
 *   checkout (a linked node_modules), and sql.js finds its own wasm in Node anyway.
 */
import type * as Runtime from '../app/runtime';
import type { LabIndexEntry } from '../app/labIndex';

export async function labIndexModule(): Promise<{ default: LabIndexEntry[] }> {
  const { labIndexSource } = await import('../../scripts/labIndexPlugin');
  const source = labIndexSource('labs', { addWatchFile: () => undefined });
  return { default: JSON.parse(source.replace(/^export default /, '').replace(/;$/, '')) as LabIndexEntry[] };
}

/** Every export of runtime.ts (typed as it, so a new export there fails the typecheck here until added). */
export async function nodeRuntime(): Promise<typeof Runtime> {
  const [sqljs, store, session, loader, check, recheck, cards, submission, bundle, palette, fork] = await Promise.all([
    import('../core/db/sqljs'), import('../core/db/store'), import('../lab/session'), import('../lab/loader'),
    import('../lab/exercises/checkAnswer'), import('../lab/exercises/recheck'), import('../lab/cards'), import('../lab/submission'),
    import('../app/labsBundle'), import('../lab/palette'), import('../lab/fork'),
  ]);
  return {
    start: async () => { await sqljs.initSqlJsOnce(); },
    warmUp: () => store.warmUp(sqljs.requireSqlJs()),
    LabSession: session.LabSession,
    parseLab: loader.parseLab,
    checkAnswer: check.checkAnswer,
    recheckRecords: recheck.recheckRecords,
    formatCardResult: cards.formatCardResult, parseCard: cards.parseCard, runCard: cards.runCard,
    buildSubmission: submission.buildSubmission, gradeSubmissionText: submission.gradeSubmissionText,
    importSubmission: submission.importSubmission, importWouldOverwrite: submission.importWouldOverwrite, parseSubmission: submission.parseSubmission,
    loadBundledLab: bundle.loadBundledLab, loadBundledLabs: bundle.loadBundledLabs,
    offeredActions: palette.offeredActions,
    forkAt: fork.forkAt,
  };
}
