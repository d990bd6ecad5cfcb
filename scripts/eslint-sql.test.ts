/** `sql/delete-needs-where` finds a DELETE without WHERE in every shape a statement is written in, and passes one with a WHERE. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function sqlErrors(code: string, filePath = 'src/core/probe.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'sql/delete-needs-where' || m.fatal).map((m) => `${m.line}: ${m.message.replace(/" has no WHERE.*/, '').replace(/^"/, '')}`);
}

describe('sql/delete-needs-where', () => {
  it('finds it in every shape a statement is written in, and passes a WHERE', async () => {
    const code = [
      "worker.tx('release_held', () => worker.run('DELETE FROM held_dispatch'));", // 1: the old takeHeldSend
      '    memory.run("delete from lg_blob");', // 2: any case
      '  for (const table of tables) store.run(`DELETE FROM ${table}`);', // 3: the old wipeProjection
      "store.run('DELETE FROM ' + table);", // 4: joined
      "db.exec(`INSERT INTO a VALUES (1);\n  DELETE FROM b; -- DELETE FROM c\n  DELETE FROM d WHERE x = 1`);", // 5-7: one of several statements
      'store.run(`DELETE FROM ${pick(`t${n}`)}`);', // 8: nested template
      "store.run('DELETE FROM t' + (all ? '' : ' WHERE id = ?'));", // 9: WHERE on one branch only
      // None of these:
      "store.run('DELETE FROM held_dispatch WHERE true');",
      'store.run(`DELETE FROM ${table} WHERE true`);',
      "store.run('DELETE FROM t' + ' WHERE id = ?', [1]);",
      'store.run(`DELETE FROM t\n  WHERE id IN (SELECT id FROM u)`);',
      '// DELETE FROM comment_only',
      "const s = 'DELETED FROMAGE';",
    ].map((line) => `${line}`).join('\n');
    const declared = 'declare const worker: any, memory: any, store: any, db: any, tables: string[], table: string, pick: any, n: number, all: boolean;\n';
    expect((await sqlErrors(declared + code)).map((e) => e.replace(/^(\d+)/, (l) => String(Number(l) - 1)))).toEqual([
      '1: DELETE FROM held_dispatch',
      '2: delete from lg_blob',
      '3: DELETE FROM ?',
      '4: DELETE FROM ?',
      '5: DELETE FROM b',
      '8: DELETE FROM ?',
      '9: DELETE FROM t?',
    ]);
  });

  it('applies to the source, not to tests', async () => {
    const code = "export const wipe = (s: { run(q: string): void }) => s.run('DELETE FROM t');\n";
    expect(await sqlErrors(code, 'src/sim/probe.ts')).toEqual(['1: DELETE FROM t']);
    expect(await sqlErrors(code, 'src/app/probe.tsx')).toEqual(['1: DELETE FROM t']);
    expect(await sqlErrors(code, 'src/core/probe.test.ts')).toEqual([]);
  });
});
