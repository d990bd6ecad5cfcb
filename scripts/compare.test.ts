/**
 * The comparison is re-run on every test run: if LangGraph's behaviour under the nine
 * faults changes (an engine upgrade, a saver change), its rows no longer match the ones
 * committed in labs/L05/comparison.json and this fails (so do the hand-written rows, and
 * the tables in comparison.md and L05's and L06's READMEs, which must be exactly the generated ones) — re-run `npm run compare`, read the
 * diff, and update the lab if the new behaviour is right (SPEC 9.6). A translated README that
 * carries its own translation of the table is held to the same rows, codes and numbers
 * (translatedTable.ts): when the runs change, it fails until the translation is redone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonFile, FAULTS, runComparison, TABLE_READMES, toMarkdown, TRANSLATED_TABLE_READMES, withTable, type Row } from './compare';
import { tableDrift } from './translatedTable';
import { configFor } from '../src/lab/config';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { getModel } from '../src/lab/models';
import { switchesOf } from '../src/sim/switches';

describe('npm run compare', () => {
  it('runs the nine faults against both executors; LangGraph\'s rows are the committed ones', async () => {
    const rows = await runComparison();
    expect(rows).toHaveLength(FAULTS.length * 2);
    expect(new Set(rows.map((r) => r.fault))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const committed = JSON.parse(readFileSync(resolve('labs/L05/comparison.json'), 'utf8')) as Row[];
    const lg = (list: Row[]) => list.filter((r) => r.executor === 'LangGraph');
    expect(lg(rows)).toEqual(lg(committed));
    // The ledger decides, for both executors: never two refunds for one intent.
    for (const row of rows) expect(row.ledger, `${row.executor} / ${row.title}`).not.toMatch(/WRONG/);
    // Every fault is run against both executors (none is left out as "not modelled").
    for (const row of rows) expect(row.ledgerCount, `${row.executor} / ${row.title}`).toEqual(expect.any(Number));
    expect(toMarkdown(rows)).toContain('| 3 | crash before the local result is saved | LangGraph |');
    // Every row, both executors, and the two tables learners read are what the runs give
    // now: a hand edit to the README table or comparison.md, or a stale hand-written row, fails here.
    expect(rows).toEqual(committed);
    const markdown = toMarkdown(rows);
    expect(readFileSync(resolve('labs/L05/comparison.md'), 'utf8')).toBe(comparisonFile(markdown));
    for (const file of TABLE_READMES) {
      const readme = readFileSync(resolve(file), 'utf8');
      expect(withTable(readme, markdown), `${file} has no <!-- compare:start/end --> markers`).not.toBeNull();
      expect(readme, file).toBe(withTable(readme, markdown));
    }
    // A translation that kept the markers shows the generated table, current.
    for (const file of TRANSLATED_TABLE_READMES.filter((f) => existsSync(resolve(f)))) {
      const readme = readFileSync(resolve(file), 'utf8');
      if (withTable(readme, markdown) !== null) expect(readme, file).toBe(withTable(readme, markdown));
      // One that translated the table instead (outside the markers, which `npm run compare`
      // does not touch) carries the same rows with the same codes and numbers as the runs.
      else expect(tableDrift(markdown, readme), file).toEqual([]);
    }
  });

  it('compares the designs the lab presents as right, and reads each hand-written recovery point off its run', () => {
    const l06 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok && l.lab.id === 'L06' ? [l.lab] : []))[0]!;
    for (const fault of FAULTS) {
      for (const id of [fault.handwritten, fault.langgraph]) {
        const scenario = l06.scenarios.find((s) => s.id === id)!;
        const switches = { ...l06.world.switches, ...scenario.switches };
        const model = getModel(configFor(l06, { switches }).model);
        const wrong = switchesOf(model).filter((spec) => spec.options.some((o) => o.presented === 'wrong' && o.value === (switches[spec.key] ?? spec.default)));
        expect(wrong.map((spec) => spec.key), `${id} (fault ${fault.n})`).toEqual([]);
      }
    }
    // Fault 6, hand-written: the new owner's takeover read the row as worker-1 left it (SUBMITTED at epoch 1).
    const committed = JSON.parse(readFileSync(resolve('labs/L05/comparison.json'), 'utf8')) as Row[];
    const six = committed.find((r) => r.fault === 6 && r.executor === 'hand-written')!;
    expect(six.recoveryPoint).toMatch(/^the operation row op-1: SUBMITTED, owner worker-1@1 \(read by: worker-2 takes/);
    expect(six.reused).toBe('intent op-1 (1 intent(s) in the shop); key op-1 on 2 request(s)');
  });

  it('notices a translated table that no longer says what the runs say', () => {
    // The committed rows (the test above holds them equal to the runs), so no engine run here.
    const committed = JSON.parse(readFileSync(resolve('labs/L05/comparison.json'), 'utf8')) as Row[];
    const generated = toMarkdown(committed);
    const ja = readFileSync(resolve('labs/L06/README.ja.md'), 'utf8');
    const zh = readFileSync(resolve('labs/L06/README.zh-Hans.md'), 'utf8');
    expect(tableDrift(generated, ja)).toEqual([]);
    expect(tableDrift(generated, zh)).toEqual([]); // "一次退款请求" for "one refund request" is fine

    // LangGraph's fault-3 row changes (the node now runs three times): the translation is stale.
    const rerunThrice = generated.replace(/(\| 3 \| [^\n]*\| LangGraph \|[^\n]*?)submit ×2/, '$1submit ×3');
    expect(rerunThrice).not.toBe(generated);
    expect(tableDrift(rerunThrice, ja)).toEqual([expect.stringMatching(/^row 6 \(3 \| crash before the local result is saved \| LangGraph\)/)]);
    // The same, the other way round: one number edited in the translation.
    const edited = ja.replace('返金 1 件。リクエスト 2 回の後に CONFIRMED', '返金 2 件。リクエスト 2 回の後に CONFIRMED');
    expect(edited).not.toBe(ja);
    expect(tableDrift(generated, edited)).toHaveLength(1);
    // A result code changes; a number the generated row drops (the translation keeps it).
    expect(tableDrift(generated.replace('| no refund; NONE (APPROVAL_EXPIRED) |', '| no refund; UNKNOWN (APPROVAL_EXPIRED) |'), ja)).toHaveLength(1);
    const noCount = generated.replace(/(\| 3 \| [^\n]*\| LangGraph \|[^\n]*?)CONFIRMED after 2 requests/, '$1CONFIRMED');
    expect(noCount).not.toBe(generated);
    expect(tableDrift(noCount, ja)).toHaveLength(1);
    // A row left out of the translation, and a translation without the table at all.
    const rowGone = ja.split('\n').filter((line) => !line.startsWith('| 9 | 注文バージョンの変更 | LangGraph')).join('\n');
    expect(tableDrift(generated, rowGone)).toContainEqual('17 rows, the generated table has 18');
    expect(tableDrift(generated, '# L06\n\nNo table.\n')).toEqual(['expected one 8-column table, found 0']);
  });
});
