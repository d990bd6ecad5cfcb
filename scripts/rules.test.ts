/**
 * docs/rules.md is the rule list (issue 12, item 20): every rule ID of SPEC.md is listed
 * there, cited by at least one test file, and listed in the lab.json of the lab that shows
 * it. SPEC.md lives beside the repository (`../shared/SPEC.md`, or SPEC_MD); without it the
 * first check is skipped and the rest run on docs/rules.md alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const RULE = /MWP-[A-Z]{3}-\d{3}/g;
const specPath = process.env.SPEC_MD ?? resolve('..', 'shared', 'SPEC.md');

interface Row { id: string; line: string; lab: string }

export function parseRules(text: string): Row[] {
  return text.split('\n').filter((l) => /^\| MWP-/.test(l)).map((l) => {
    const cells = l.split('|').map((c) => c.trim());
    return { id: cells[1]!, line: cells[2]!, lab: cells[3]! };
  });
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testFiles(path, out);
    else if (/\.test\.tsx?$/.test(name) && !path.endsWith('rules.test.ts')) out.push(path);
  }
  return out;
}

const rows = parseRules(readFileSync('docs/rules.md', 'utf8'));
const cited = testFiles('src').concat(testFiles('scripts')).map((f) => readFileSync(f, 'utf8')).join('\n');

describe('docs/rules.md', () => {
  it.skipIf(!existsSync(specPath))('lists every rule ID of SPEC.md, once', () => {
    const spec = [...new Set(readFileSync(specPath, 'utf8').match(RULE) ?? [])].sort();
    expect(rows.map((r) => r.id).sort()).toEqual(spec);
  });

  it('names, for each rule, a line and a lab', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.line.length, r.id).toBeGreaterThan(10);
      expect(r.lab, r.id).toMatch(/^L\d{2}$/);
    }
  });

  it('every rule is cited by at least one test file', () => {
    const missing = rows.filter((r) => !cited.includes(r.id)).map((r) => r.id);
    expect(missing, 'rules no test cites').toEqual([]);
  });

  it('every rule is listed in the lab.json of the lab that shows it', () => {
    const missing = rows.filter((r) => {
      const lab = JSON.parse(readFileSync(join('labs', r.lab, 'lab.json'), 'utf8')) as { rules?: string[] };
      return !(lab.rules ?? []).includes(r.id);
    }).map((r) => `${r.id} (${r.lab})`);
    expect(missing, 'rules the named lab does not list').toEqual([]);
  });

  it('the parser reads the table (a row without a lab is caught)', () => {
    expect(parseRules('| MWP-ABC-001 | one line here. | L01 |\n| MWP-ABC-002 | another line. |  |')).toEqual([
      { id: 'MWP-ABC-001', line: 'one line here.', lab: 'L01' }, { id: 'MWP-ABC-002', line: 'another line.', lab: '' }]);
  });
});
