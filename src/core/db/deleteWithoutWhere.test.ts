/**
 * Guard: no source file under src/ (tests aside) may run a `DELETE FROM <table>` without a
 * WHERE. SQLite empties such a table with its truncate optimization and calls no update hook
 * for it, so the Store's record of the transaction (the trace, incremental invariants, the
 * projection's work items) would say nothing was deleted. `WHERE true` deletes the same rows
 * one by one, each reported. Three such deletes got through before (wipeProjection,
 * takeHeldSend, forgetProcessMemory); the first test shows the hook really is skipped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { requireSqlJs } from './sqljs';
import { Store, type TxRecord } from './store';

useSqlJs();

const ROOT = resolve(__dirname, '../../..');

/** The text a string expression builds: literals as written, anything computed as `?`. */
function textOf(node: ts.Expression): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `?${s.literal.text}`).join('');
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return textOf(node.left) + textOf(node.right);
  return '?';
}

const isText = (node: ts.Node): node is ts.Expression => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/**
 * Every statement in `source`'s strings that deletes without WHERE, as `line: statement`. A
 * string joined with `+` is read whole (its outermost join), so a WHERE added by a later
 * part counts; one added only on some branch (`cond ? ' WHERE …' : ''`) does not.
 */
function deletesWithoutWhere(source: string, fileName = 'probe.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const check = (node: ts.Expression): void => {
    const sql = textOf(node).replace(/--[^\n]*/g, ' ');
    for (const statement of sql.split(';')) {
      for (const at of statement.matchAll(/\bDELETE\s+FROM\b/gi)) {
        if (/\bWHERE\b/i.test(statement.slice(at.index))) continue;
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        found.push(`${line}: ${statement.slice(at.index).replace(/\s+/g, ' ').trim()}`);
      }
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const parent = node.parent;
      const inner = ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.PlusToken;
      if (!inner) check(node);
      // The join's own literals are read with it; strings nested deeper (calls, templates' spans) are visited.
      const parts: ts.Expression[] = [];
      const flatten = (e: ts.Expression): void => {
        if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) { flatten(e.left); flatten(e.right); } else parts.push(e);
      };
      if (!inner) flatten(node);
      for (const part of parts) if (!isText(part)) ts.forEachChild(part, visit);
      if (!inner) for (const part of parts) if (ts.isTemplateExpression(part)) part.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    if (isText(node)) {
      check(node);
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((s) => visit(s.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

describe('DELETE without WHERE', () => {
  it('is a truncate SQLite reports to no update hook; WHERE true reports every row', () => {
    const log: TxRecord[] = [];
    const store = new Store(requireSqlJs(), 'probe', 'CREATE TABLE t (id INTEGER PRIMARY KEY);', { onTransaction: (r) => log.push(r) });
    const fill = () => store.tx('fill', () => { for (const id of [1, 2, 3]) store.run('INSERT INTO t (id) VALUES (?)', [id]); });
    fill();
    expect(store.tx('bare', () => store.run('DELETE FROM t'))).toBe(3);
    fill();
    store.tx('where_true', () => store.run('DELETE FROM t WHERE true'));
    expect(log.filter((t) => t.name !== 'fill').map((t) => [t.name, t.writes, t.rowids])).toEqual([
      ['bare', {}, {}],
      ['where_true', { t: { insert: 0, update: 0, delete: 3 } }, { t: { insert: [], update: [], delete: [1, 2, 3] } }],
    ]);
  });

  it('the scan finds it in every shape a statement is written in, and passes a WHERE', () => {
    const code = [
      "worker.tx('release_held', () => worker.run('DELETE FROM held_dispatch'));", // 1: the old takeHeldSend
      '    memory.run("delete from lg_blob");', // 2: any case
      '  for (const table of tables) store.run(`DELETE FROM ${table}`);', // 3: the old wipeProjection
      "store.run('DELETE FROM ' + table);", // 4: joined
      "db.exec(`INSERT INTO a VALUES (1);\n  DELETE FROM b; -- DELETE FROM c\n  DELETE FROM d WHERE x = 1`);", // 5-7: one of several statements
      "store.run(`DELETE FROM ${pick(`t${n}`)}`);", // 8: nested template
      "store.run('DELETE FROM t' + (all ? '' : ' WHERE id = ?'));", // 9: WHERE on one branch only
      // None of these:
      "store.run('DELETE FROM held_dispatch WHERE true');",
      'store.run(`DELETE FROM ${table} WHERE true`);',
      "store.run('DELETE FROM t' + ' WHERE id = ?', [1]);",
      "store.run(`DELETE FROM t\n  WHERE id IN (SELECT id FROM u)`);",
      '// DELETE FROM comment_only',
      "const s = 'DELETED FROMAGE';",
    ].join('\n');
    expect(deletesWithoutWhere(code)).toEqual([
      '1: DELETE FROM held_dispatch',
      '2: delete from lg_blob',
      '3: DELETE FROM ?',
      '4: DELETE FROM ?',
      '5: DELETE FROM b',
      '8: DELETE FROM ?',
      '9: DELETE FROM t?',
    ]);
  });

  it('appears nowhere in src/ outside tests', () => {
    const files = sourceFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => deletesWithoutWhere(readFileSync(path, 'utf8'), path).map((hit) => `${relative(ROOT, path)}:${hit}`));
    expect(found, 'write DELETE FROM <table> WHERE true: a DELETE without WHERE reaches no update hook').toEqual([]);
  });
});
