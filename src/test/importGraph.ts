/**
 * Test-only: the static import graph of the app's source, walked with TypeScript's parser
 * (type-only imports are erased by the build and skipped; `import()` and lazy
 * `import.meta.glob` start new chunks and are listed apart). Used by the chunk tests
 * (src/app/i18n/entryGraph.test.ts, src/app/runtimeGraph.test.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');

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
