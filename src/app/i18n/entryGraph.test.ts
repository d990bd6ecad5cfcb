/**
 * What the first page load may carry. The app's entry chunk is everything `src/app/main.tsx`
 * reaches through static imports; Vite puts every module that graph reaches into the
 * chunks the catalog page fetches before it shows (`npm run bench:ui`, initial JS). This
 * walks that graph from the source (TypeScript's parser; type-only imports are erased by
 * the build and skipped here; `import()` and lazy `import.meta.glob` start new chunks and
 * are not followed) and fails when it reaches another language's catalogs or the engine —
 * e.g. a component that imports `locales/ja/app` or `messageCatalogs` directly.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

interface Imports { statics: string[]; dynamics: string[] }

function resolveSpecifier(from: string, spec: string): string {
  if (spec.startsWith('virtual:')) return spec;
  if (!spec.startsWith('.') && !spec.startsWith('/')) return `npm:${spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')}`;
  const base = spec.startsWith('/') ? join(ROOT, spec) : resolve(dirname(from), spec);
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => existsSync(c) && statSync(c).isFile());
  return file ? relative(ROOT, file) : `missing:${relative(ROOT, base)}`;
}

/** Whether an import declaration survives compilation (not `import type`, not only `type` names). */
function keptImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return true; // side-effect import
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

function keptExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return false;
  const clause = node.exportClause;
  return !clause || !ts.isNamedExports(clause) || clause.elements.length === 0 || clause.elements.some((e) => !e.isTypeOnly);
}

export function importsOf(file: string): Imports {
  const path = join(ROOT, file);
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Imports = { statics: [], dynamics: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && keptImport(node)) out.statics.push(resolveSpecifier(path, node.moduleSpecifier.text));
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && keptExport(node)) out.statics.push(resolveSpecifier(path, node.moduleSpecifier.text));
    if (ts.isCallExpression(node)) {
      const [first, second] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) out.dynamics.push(resolveSpecifier(path, first.text));
      // import.meta.glob(…, { eager: true }) is a static import of every matched file.
      if (node.expression.getText(source) === 'import.meta.glob' && first) {
        const eager = second && ts.isObjectLiteralExpression(second) && second.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText(source) === 'eager' && p.initializer.kind === ts.SyntaxKind.TrueKeyword);
        (eager ? out.statics : out.dynamics).push(`glob:${first.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every module reached from `start` through static imports, with the chain that reached it. */
export function staticGraph(start: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!/\.tsx?$/.test(file) || file.startsWith('missing:')) continue;
    for (const next of importsOf(file).statics) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

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
    for (const file of ['src/app/i18n/locales/en/app.ts', 'src/lab/messages/en/index.ts', 'src/app/components/Catalog.tsx', 'virtual:lab-index']) {
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
    for (const file of [`src/app/i18n/locales/${locale}/app.ts`, `src/lab/messages/${locale}/index.ts`, `virtual:lab-index/${locale}`]) expect(chunk.has(file), file).toBe(true);
  });
});
