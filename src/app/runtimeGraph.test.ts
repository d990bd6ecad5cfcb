/**
 * What opening a lab loads. `runtime.ts` is the chunk every lab page fetches (sql.js, the
 * models, the loader, exercises, submissions); another language's narration must not ride
 * along in it: the page registers a language's catalog when that language's own chunk
 * arrives (src/app/i18n/resources.ts), and a grader asking for feedback in a language
 * loads that chunk first (store.ts `regradeText`). Same static-import walk as
 * entryGraph.test.ts (type-only imports are erased by the build and skipped).
 */
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../test/importGraph';

const NOT_IN_RUNTIME: readonly [string, RegExp][] = [
  ['another language\'s narration', /^src\/lab\/messages\/(?!en\/|format|namespaces)[^/]+\//],
  ['another language\'s app catalog', /^src\/app\/i18n\/locales\/(?!en\/)/],
  ['every catalog at once', /^src\/(app\/i18n\/allResources|lab\/i18n\/messageCatalogs)\.ts$/],
];

describe('the lab runtime chunk (static imports of src/app/runtime.ts)', () => {
  const graph = staticGraph('src/app/runtime.ts');

  it('reaches the submission code and English narration (the walk itself works)', () => {
    for (const file of ['src/lab/submission.ts', 'src/lab/messages/en/index.ts', 'src/lab/i18n/catalogRegistry.ts']) expect(graph.has(file), file).toBe(true);
  });

  it('carries no other language: each comes with its own chunk', () => {
    const found = [...graph.entries()].flatMap(([file, chain]) =>
      NOT_IN_RUNTIME.filter(([, pattern]) => pattern.test(file)).map(([what]) => `${what}: ${chain.join(' → ')}`));
    expect(found).toEqual([]);
  });
});
