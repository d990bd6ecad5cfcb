/**
 * The grading reports' own logic: CSV cells that cannot run as formulas, the rerun trap
 * (report files and the output folder are never graded), the denominator over the whole
 * graded set, warnings across files, and a console summary that counts tampered files.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GradeRow, GradeWarning } from '../../src/lab/submission';
import { listSubmissions } from './files.mjs';
import { addIdentityWarnings } from './identity.mjs';
import { consoleSummary, csvCell, parseLabs, summarize, toCsv, toJunit, type FileResult } from './report.mjs';

const row = (exercise: string, status: GradeRow['status'], extra: Partial<GradeRow> = {}): GradeRow =>
  ({ lab: 'L07', exercise, kind: 'predict', status, attempts: status === 'not-attempted' ? 0 : 1, practiceAttempts: [], feedback: status, tamperedAttempts: [], ...extra });
const graded = (file: string, id: string, rows: GradeRow[], warnings: GradeWarning[] = []): FileResult =>
  ({ file, ok: true, student: { name: `Name ${id}`, id }, appVersion: '0.1.0', exportedAt: '2026-11-29T11:00:00Z', rows, warnings });

describe('CSV cells (OWASP CSV injection)', () => {
  it('prefixes cells a spreadsheet would run as a formula with a single quote', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1-555')).toBe("'+1-555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });
  it('also after leading spaces (spreadsheets skip them) and in full-width forms', () => {
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u3000+1')).toBe("'\u3000+1");
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    expect(csvCell('a =1')).toBe('a =1');
  });
  it('leaves ordinary cells alone and still quotes commas, quotes and line breaks', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('the rerun trap', () => {
  it('skips the output folder and report files by name, wherever --out points', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grade-list-'));
    for (const f of ['a.json', 'b.json', 'grades.json', 'junit.xml', 'notes.txt']) writeFileSync(join(dir, f), '{}');
    mkdirSync(join(dir, 'report'));
    writeFileSync(join(dir, 'report', 'grades.json'), '{}');
    expect(listSubmissions(dir, join(dir, 'report'))).toEqual({
      files: ['a.json', 'b.json'],
      skipped: [{ name: 'grades.json', why: 'a report file the grader writes' }, { name: 'junit.xml', why: 'a report file the grader writes' }, { name: 'notes.txt', why: 'not named *.json' }, { name: 'report', why: 'the output folder' }],
    });
    expect(listSubmissions(dir, dir).files).toEqual(['a.json', 'b.json']);
  });
});

describe('summaries', () => {
  it('the score counts every exercise of the graded set; not-attempted rows stay in the reports', () => {
    const report = summarize([graded('a.json', 's-1', [row('late-write', 'pass'), row('boundary', 'not-attempted'), row('overwrite', 'not-attempted')])], '0.1.0');
    expect(report.submissions[0]!.score).toEqual({ pass: 1, total: 3, attempted: 1, needsHuman: 0 });
    expect(toCsv(report)).toContain('a.json,s-1,Name s-1,graded,1/3,1,3,1,0,pass,not-attempted,not-attempted');
    expect(toJunit(report)).toContain('<testcase classname="L07" name="s-1 L07/boundary"><skipped message="not attempted"/></testcase>');
    expect(toJunit(report)).toContain('tests="3" failures="0" errors="0" skipped="2"');
  });

  it('the same student ID in two files is a warning in both, in every report', () => {
    const report = summarize([graded('a.json', 's-1', [row('late-write', 'pass')]), graded('b.json', ' s-1', [row('late-write', 'fail')]), graded('c.json', 's-2', [row('late-write', 'pass')])], '0.1.0');
    addIdentityWarnings(report.submissions);
    const note = ' (written "s-1", " s-1": the same once case and invisible characters are ignored)';
    expect(report.submissions.map((s) => s.warnings.map((w) => w.message))).toEqual([[`student ID s-1 also appears in b.json${note}`], [`student ID s-1 also appears in a.json${note}`], []]);
    expect(toCsv(report)).toContain('duplicate-student: student ID s-1 also appears in b.json');
    expect(toJunit(report)).toContain('<property name="warning.duplicate-student" value="student ID s-1 also appears in a.json (written &quot;s-1&quot;');
  });

  it('the console summary counts malformed, tampered and warned files', () => {
    const report = summarize([
      graded('a.json', 's-1', [row('late-write', 'tampered', { tamperedAttempts: [1] })]),
      graded('b.json', 's-2', [row('late-write', 'pass')], [{ code: 'app-version', message: 'exported by 0.0.9' }]),
      { file: 'c.json', ok: false, error: 'not valid JSON' },
    ], '0.1.0');
    const text = consoleSummary(report, { skipped: [{ name: 'grades.json', why: 'a report file the grader writes' }] });
    expect(text).toContain('3 submission(s): 2 graded, 1 malformed, 0 not graded, 1 tampered, 0 with unreplayable exercises, 1 with warnings');
    expect(text).toContain('app-version ×1');
    expect(text).toContain('skipped: grades.json: a report file the grader writes');
  });

  it('--labs parses a list', () => {
    expect(parseLabs('L01, L07')).toEqual(['L01', 'L07']);
    expect(parseLabs(undefined)).toBeNull();
  });
});
