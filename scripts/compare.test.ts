/**
 * The comparison is re-run on every test run: if LangGraph's behaviour under the nine
 * faults changes (an engine upgrade, a saver change), its rows no longer match the ones
 * committed in labs/L05/comparison.json and this fails (so do the hand-written rows, and
 * the tables in comparison.md and L05's and L06's READMEs, which must be exactly the generated ones) — re-run `npm run compare`, read the
 * diff, and update the lab if the new behaviour is right (SPEC 9.6).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonFile, FAULTS, runComparison, TABLE_READMES, toMarkdown, TRANSLATED_TABLE_READMES, withTable, type Row } from './compare';

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
    }
  });
});
