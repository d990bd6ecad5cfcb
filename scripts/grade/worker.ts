/**
 * A grading process (forked by scripts/grade/pool.mjs under tsx): loads the labs once, then
 * grades each file it is sent with the same `gradeSubmissionText` the page's import
 * check and regrade API use — every attempt re-executed in a fresh seeded World, in Node,
 * with sql.js's own wasm. One process per worker, so a file that hangs or exhausts memory
 * is stopped by the pool (time limit, heap limit) without taking any other file with it.
 *
 * Messages: in `{ file, text }`; out `{ ready: true }` once, then `{ file, result }` per file.
 */
import { resolve } from 'node:path';
import { initSqlJsOnce } from '../../src/core/db/sqljs';
import '../../src/lab/i18n/messageCatalogs'; // every language's feedback text (--lang)
import { isLocale } from '../../src/lab/i18n/locales';
import { loadLabsFromDir } from '../../src/lab/nodeFiles';
import type { Lab } from '../../src/lab/schema';
import { gradeSubmissionText, type RegradeOptions } from '../../src/lab/submission';

interface Setup { labs: string[] | null; lang: string; graderVersion: string }

const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
const options: RegradeOptions = { ...(setup.labs ? { labs: setup.labs } : {}), ...(isLocale(setup.lang) ? { lang: setup.lang } : {}) };

async function main(): Promise<void> {
  await initSqlJsOnce();
  const loads = loadLabsFromDir(resolve('labs'));
  const broken = loads.filter((l) => !l.ok);
  if (broken.length > 0) throw new Error(`labs that do not load: ${broken.map((l) => l.file).join(', ')}`);
  const labs: Lab[] = loads.flatMap((l) => (l.ok ? [l.lab] : []));
  const unknown = (setup.labs ?? []).filter((id) => !labs.some((l) => l.id === id));
  if (unknown.length > 0) throw new Error(`--labs names labs this build does not have: ${unknown.join(', ')}`);
  process.on('message', (message: { file: string; text: string }) => {
    void (async () => {
      let result: unknown;
      try {
        result = await gradeSubmissionText(message.text, labs, setup.graderVersion, options);
      } catch (error) {
        // Per-exercise failures are already rows; this is the last guard for the file as a whole.
        result = { ok: false, kind: 'ungradable', error: `could not be graded: ${error instanceof Error ? error.message.slice(0, 200) : 'error'}` };
      }
      process.send!({ file: message.file, result });
    })();
  });
  process.send!({ ready: true });
}

main().catch((error: unknown) => {
  process.send!({ fatal: error instanceof Error ? error.message : String(error) });
  process.exit(2);
});
