/**
 * `npm run grade -- --lang <locale>` end to end: the page's regrade gets the language from
 * the grader, the feedback text is in it (the lab quoted from its translation), and
 * everything a script reads — statuses, IDs, feedback keys, scores, warning codes — is the
 * same as in English. An unknown language stops the grader before anything runs.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gradeEnv } from './gradeEnv';

interface Row { lab: string; exercise: string; status: string; feedback: string; feedbackKey?: string; answer?: string }
interface Graded { file: string; score: unknown; warnings: { code: string }[]; exercises: Row[] }

test('grade --lang ja: feedback in Japanese, codes and IDs as in English; an unknown --lang is a clear error', async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(300_000);
  const dir = testInfo.outputPath('class');
  mkdirSync(dir, { recursive: true });
  cpSync('e2e/fixtures/submissions', dir, { recursive: true });
  const grade = (out: string, ...extra: string[]) =>
    spawnSync('node', ['scripts/grade.mjs', dir, '--out', out, '--labs', 'L01,L04,L07', '--workers=1', ...extra], { encoding: 'utf8', env: gradeEnv() });
  const read = (out: string) => JSON.parse(readFileSync(join(out, 'grades.json'), 'utf8')) as { lang: string; submissions: Graded[] };

  const bad = grade(join(dir, 'fr'), '--lang', 'fr');
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain("grade: unknown --lang 'fr' (one of: en, zh-Hans, zh-Hant, ja)");

  const english = grade(join(dir, 'en'));
  expect(english.status, english.stdout + english.stderr).toBe(0);
  const ja = grade(join(dir, 'ja'), '--lang=ja');
  expect(ja.status, ja.stdout + ja.stderr).toBe(0);
  const [en, jp] = [read(join(dir, 'en')), read(join(dir, 'ja'))];
  expect([en.lang, jp.lang]).toEqual(['en', 'ja']);

  // Everything but the words is identical.
  const codes = (g: typeof en) => g.submissions.map((s) => ({ ...s, exercises: s.exercises.map(({ feedback: _, answer: __, ...rest }) => rest) }));
  expect(codes(jp)).toEqual(codes(en));

  const row = (g: typeof en, file: string, exercise: string) => g.submissions.find((s) => s.file === file)!.exercises.find((r) => r.exercise === exercise)!;
  expect(row(en, 'reproduce-fenced.json', 'overwrite').feedback).toMatch(/^Not reproduced: you ran with resource = fenced/);
  expect(row(jp, 'reproduce-fenced.json', 'overwrite')).toMatchObject({ status: 'fail', feedbackKey: 'feedback.ran_with_no_goal', feedback: expect.stringMatching(/^再現できていません：resource = fenced（演習の設定は external）/) });
  // L07 is translated: the explanation the feedback quotes is the Japanese one.
  expect(row(jp, 'good.json', 'late-write').feedback).toMatch(/^正解：ステップ 5 .*書き込みはフェンス 1 を持ち/);
  expect(row(jp, 'good.json', 'boundary')).toMatchObject({ status: 'not-attempted', feedback: '未解答' });
  const csv = readFileSync(join(dir, 'ja', 'grades.csv'), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^file,student_id,student_name,status,score,pass,total,attempted,needs_human,L01\//);
  expect(readFileSync(join(dir, 'ja', 'junit.xml'), 'utf8')).toContain('再現できていません');
  rmSync(dir, { recursive: true, force: true });
});
