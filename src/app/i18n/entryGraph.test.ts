/**
 * What the first page load may carry. The app's entry chunk is everything `src/app/main.tsx`
 * reaches through static imports; Vite puts every module that graph reaches into the
 * chunks the catalog page fetches before it shows (`npm run bench:ui`, initial JS). This
 * walks that graph from the source (TypeScript's parser; type-only imports are erased by
 * the build and skipped here; `import()` and lazy `import.meta.glob` start new chunks and
 * are not followed) and fails when it reaches another language's catalogs or the engine —
 * e.g. a component that imports `locales/ja/app` or `messageCatalogs` directly.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, staticGraph } from '../../test/importGraph';

const NOT_IN_ENTRY: readonly [string, RegExp][] = [
  ['another language\'s app catalog', /^src\/app\/i18n\/locales\/(?!en\/)/],
  ['another language\'s narration', /^src\/lab\/messages\/(?!en\/|format|namespaces)[^/]+\//],
  ['a language chunk', /^src\/app\/i18n\/bundles\//],
  ['every catalog at once', /^src\/(app\/i18n\/allResources|lab\/i18n\/messageCatalogs)\.ts$/],
  ['lab titles of another language', /^virtual:lab-index\//],
  ['lab files or their translations (eager glob)', /^glob:/],
  ['the engine', /^(src\/sim\/|src\/core\/db\/|npm:sql\.js$|npm:xstate$)/],
];

describe('the first chunk (static imports of src/app/main.tsx)', () => {
  const graph = staticGraph('src/app/main.tsx');

  it('reaches English and the catalog page (the walk itself works)', () => {
    for (const file of ['src/app/i18n/locales/en/app.json', 'src/lab/messages/en/index.ts', 'src/app/components/Catalog.tsx', 'virtual:lab-index']) {
      expect(graph.has(file), file).toBe(true);
    }
  });

  it('reaches no other language, no language chunk and not the engine', () => {
    const found = [...graph.entries()].flatMap(([file, chain]) =>
      NOT_IN_ENTRY.filter(([, pattern]) => pattern.test(file)).map(([what]) => `${what}: ${chain.join(' → ')}`));
    expect(found).toEqual([]);
  });

  it.each(['zh-Hans', 'zh-Hant', 'ja', 'en-XA'])('%s is a chunk of its own, fetched by resources.ts', (locale) => {
    expect(importsOf('src/app/i18n/resources.ts').dynamics).toContain(`src/app/i18n/bundles/${locale}.ts`);
    if (locale === 'en-XA') return;
    const chunk = staticGraph(`src/app/i18n/bundles/${locale}.ts`);
    for (const file of [`src/app/i18n/locales/${locale}/app.json`, `src/lab/messages/${locale}/index.ts`, `virtual:lab-index/${locale}`]) expect(chunk.has(file), file).toBe(true);
  });
});
