/**
 * The reports a course imports: grades.csv (a row per student), exercises.csv (a row per
 * exercise), answers.html (every explain answer, escaped), Gradescope's results.json
 * (checked against the fields its autograder specification documents) and shard merging.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ExplainAnswer } from '../../src/lab/exercises/explainAnswers';
import { toAnswersHtml, toGradescope } from './formats.mjs';
import { addIdentityWarnings } from './identity.mjs';
import { mergeReports, summarize, toCsv, toExercisesCsv, toJunit, type FileResult, type ReportRow } from './report.mjs';

const row = (exercise: string, kind: string, status: ReportRow['status'], extra: Partial<ReportRow> = {}): ReportRow =>
  ({ lab: 'L07', exercise, kind, status, attempts: status === 'not-attempted' ? 0 : 1, practiceAttempts: [], feedback: `${status} feedback`, tamperedAttempts: [], ...extra });
const answer = (text: string): ExplainAnswer => ({
  lab: 'L07', exercise: 'why', title: 'Why fences', prompt: 'Explain.', text, at: '2026-11-29T10:00:00Z', versions: 2,
  before: [{ at: '2026-11-29T09:59:00Z', exercise: 'late-write', title: 'The late write', kind: 'predict', answer: 'いいえ', pass: true }], after: [],
});
const graded = (file: string, id: string, rows: ReportRow[], extra: Partial<Extract<FileResult, { ok: true }>> = {}): FileResult =>
  ({ file, ok: true, student: { name: `Name ${id}`, id }, appVersion: '0.1.0', exportedAt: '2026-11-29T11:00:00Z', rows, warnings: [], ...extra });

const classResults: FileResult[] = [
  graded('a.json', 's-1', [row('late-write', 'predict', 'pass', { answer: 'no' }), row('fix', 'repair', 'fail', { answer: 'mode = naive', attempts: 3 }), row('why', 'explain', 'needs-human')], { locale: 'ja', answers: [answer('<script>alert(1)</script> & 2 > 1')] }),
  graded('b.json', 's-2', [row('late-write', 'predict', 'fail', { answer: 'yes' }), row('fix', 'repair', 'fail', { answer: 'mode = naive' }), row('why', 'explain', 'not-attempted')]),
  graded('c.json', 's-3', [row('late-write', 'predict', 'fail', { answer: 'yes' }), row('fix', 'repair', 'pass', { answer: 'mode = fenced' }), row('why', 'explain', 'not-attempted')]),
  { file: 'd.json', ok: false, error: 'not valid JSON' },
  graded('e.json', 's-5', [row('late-write', 'predict', 'pass', { answer: 'no' }), row('fix', 'repair', 'pass', { answer: 'mode = fenced' }), row('why', 'explain', 'not-attempted')]),
];

describe('grades.csv and exercises.csv', () => {
  it('grades.csv has one row per student with a column per exercise', () => {
    const lines = toCsv(summarize(classResults, '0.1.0')).trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('file,student_id,student_name,status,score,pass,total,attempted,needs_human,L07/late-write,L07/fix,L07/why,flags,warnings,note');
    expect(lines[1]).toBe('a.json,s-1,Name s-1,graded,1/3,1,3,3,1,pass,fail,needs-human,,,');
    expect(lines[4]).toBe('d.json,,,malformed,,,,,,,,,,,not valid JSON');
  });

  it('exercises.csv: attempted, passed, rates, the most common wrong answer, the median attempts', () => {
    const lines = toExercisesCsv(summarize(classResults, '0.1.0')).trim().split('\n');
    // only wrong answers count: 'no' and 'mode = fenced' are as common, but right
    expect(lines[1]).toBe('L07,late-write,predict,4,4,2,50%,50%,0,0,0,yes (2),1,');
    expect(lines[2]).toBe('L07,fix,repair,4,4,2,50%,50%,0,0,0,mode = naive (2),1,');
    expect(lines[3]).toBe('L07,why,explain,4,1,0,0%,0%,1,0,0,,1,');
  });
});

describe('answers.html', () => {
  const page = toAnswersHtml(summarize(classResults, '0.1.0'));
  it('holds every explain answer, escaped, in its student language, with the steps before it', () => {
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; 2 &gt; 1');
    expect(page).not.toContain('<script>');
    expect(page).toContain('<article lang="ja">');
    expect(page).toContain('いいえ');
    expect(page).toContain('2 versions handed in');
    expect(page).toContain("default-src 'none'");
  });
});

// Gradescope's autograder specification (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
// top level `score` (required when tests carry no score), optional `execution_time` (seconds),
// `output`, `visibility` / `stdout_visibility` (hidden | after_due_date | after_published | visible),
// `extra_data`, `tests`; each test: optional `score`, `max_score`, `status` (passed | failed),
// `name`, `number`, `output`, `tags`, `visibility`, `extra_data`. Written strictly: a field the
// specification does not name is an error.
const visibility = z.enum(['hidden', 'after_due_date', 'after_published', 'visible']);
const gradescopeTest = z.object({
  score: z.number().optional(), max_score: z.number().optional(), status: z.enum(['passed', 'failed']).optional(),
  name: z.string().optional(), name_format: z.enum(['text', 'html', 'simple_format', 'md', 'ansi']).optional(), number: z.string().optional(),
  output: z.string().optional(), output_format: z.enum(['text', 'html', 'simple_format', 'md', 'ansi']).optional(),
  tags: z.array(z.string()).optional(), visibility: visibility.optional(), extra_data: z.record(z.string(), z.unknown()).optional(),
}).strict();
const gradescopeResults = z.object({
  score: z.number().optional(), execution_time: z.number().optional(), output: z.string().optional(),
  output_format: z.enum(['text', 'html', 'simple_format', 'md', 'ansi']).optional(), test_output_format: z.string().optional(), test_name_format: z.string().optional(),
  visibility: visibility.optional(), stdout_visibility: visibility.optional(), extra_data: z.record(z.string(), z.unknown()).optional(),
  tests: z.array(gradescopeTest).optional(), leaderboard: z.array(z.unknown()).optional(),
}).strict().refine((r) => r.score !== undefined || (r.tests ?? []).every((t) => t.score !== undefined), 'score is required unless every test has one');

describe('--format gradescope', () => {
  const report = summarize(classResults, '0.1.0');
  it('validates against the documented results.json fields, scoring one point per automatically graded exercise', () => {
    const results = toGradescope(report.submissions[0]!, { executionTime: 3 });
    expect(gradescopeResults.safeParse(results).success).toBe(true);
    expect(results.score).toBe(1);
    expect(results.tests.map((t) => [t.name, t.score, t.max_score, t.status])).toEqual([['L07/late-write', 1, 1, 'passed'], ['L07/fix', 0, 1, 'failed'], ['L07/why', 0, 0, undefined]]);
    expect(results.tests[1]!.output).toContain('Answer: mode = naive');
  });
  it('a file that cannot be graded still gives valid results with the reason', () => {
    const results = toGradescope(report.submissions[3]!);
    expect(gradescopeResults.safeParse(results).success).toBe(true);
    expect(results.output).toContain('not valid JSON');
  });
  it('the schema is strict: an undocumented field fails it', () => {
    expect(gradescopeResults.safeParse({ score: 1, tests: [{ name: 'x', passed: true }] }).success).toBe(false);
  });
});

describe('junit.xml', () => {
  it('not-attempted is skipped, not failed', () => {
    const junit = toJunit(summarize(classResults, '0.1.0'));
    expect(junit).toContain('name="s-2 L07/why"><skipped message="not attempted"/>');
    expect(junit).toContain('<testsuite name="s-2" tests="3" failures="2" errors="0" skipped="1">');
  });
});

describe('--merge', () => {
  it('joins shard reports and finds duplicates across them', () => {
    const one = summarize([graded('a.json', 's-1', [row('late-write', 'predict', 'pass')]), graded('c.json', 's-1', [row('late-write', 'predict', 'pass')])], '0.1.0');
    const two = summarize([graded('b.json', 'S-1', [row('late-write', 'predict', 'fail')])], '0.1.0');
    addIdentityWarnings(one.submissions);
    addIdentityWarnings(two.submissions);
    expect(two.submissions[0]!.warnings).toEqual([]);
    const merged = mergeReports([two, one]);
    if (!merged.ok) throw new Error(merged.error);
    addIdentityWarnings(merged.report.submissions);
    // one warning each, naming both other files (the shard's own warning is recomputed, not kept beside)
    expect(merged.report.submissions.map((s) => [s.file, s.warnings.map((w) => w.message.replace(/ \(written.*/, ''))])).toEqual([
      ['a.json', ['student ID s-1 also appears in b.json, c.json']], ['b.json', ['student ID s-1 also appears in a.json, c.json']], ['c.json', ['student ID s-1 also appears in a.json, b.json']],
    ]);
    expect(mergeReports([one, one])).toMatchObject({ ok: false, error: 'a.json is in more than one report (the same shard twice?)' });
  });
});
