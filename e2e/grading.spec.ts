/**
 * Grading in the browser and in `npm run grade`: exercises that cannot be gamed, progress
 * that survives damage, work that never vanishes, and reports a course can rely on. (The
 * exercises' own fairness rules — the first pick decides, neutral repair options, a reproduce
 * checked under the switches run — are src/app/components/ExercisesPanel.test.tsx's.)
 */
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exerciseCount, gradeEnv } from './gradeEnv';
import { LabPage, watchConsole } from './labPage';

async function openExercise(page: Page, id: string) {
  await page.getByTestId(`exercise-${id}-open`).click();
}

test.describe('fair exercises and durable progress', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => { consoleErrors = watchConsole(page); });
  test.afterEach(() => { expect(consoleErrors).toEqual([]); });

  test('an explain answer over the limit is refused where it is typed; one at the limit exports and imports', async ({ page }, testInfo) => {
    await new LabPage(page).open('L01');
    await openExercise(page, 'why-not-framework');
    const box = page.getByTestId('exercise-why-not-framework-text');
    await expect(page.getByTestId('exercise-why-not-framework-limit')).toContainText('0 / 20,000 characters');
    // a 24,300-character paste is refused whole, with the limit shown
    await box.focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'word '.repeat(4860));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('exercise-why-not-framework-limit')).toContainText('too long: the limit is 20,000 characters');
    await expect(box).toHaveValue('');
    await expect(box).toHaveAttribute('maxlength', '20000');
    // exactly at the limit: saved, handed in, exported, imported back
    const atLimit = `${'word '.repeat(3999)}last.`;
    await box.fill(atLimit);
    await expect(page.getByTestId('exercise-why-not-framework-limit')).toContainText('20,000 / 20,000 characters');
    await page.getByTestId('exercise-why-not-framework-check').click();
    await expect(page.getByTestId('exercise-why-not-framework-verdict')).toContainText('Saved (4000 words)');
    await page.getByTestId('nav-progress').click();
    await page.getByTestId('student-name').fill('Long Writer');
    await page.getByTestId('student-id').fill('s-3');
    const download = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const file = testInfo.outputPath('long.json');
    await (await download).saveAs(file);
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('import-input').setInputFiles(file);
    await expect(page.getByTestId('import-message')).toContainText('Imported long.json');
  });

  test('steps are kept when a predict run or a deep link replaces them, with a way back', async ({ page }) => {
    const lab = await new LabPage(page).open('L07');
    await lab.act('A_write', 'A_pause', 'advance-11', 'B_acquire', 'B_write', 'A_wake');
    await lab.expectStep(6, 6);
    await openExercise(page, 'late-write');
    await page.getByTestId('exercise-late-write-choice-1').check();
    await page.getByTestId('exercise-late-write-check').click();
    await lab.expectStep(5, 5);
    await expect(page.getByTestId('kept-sandbox')).toContainText('Your own 6 step(s) were kept');
    await page.getByTestId('return-to-kept').click();
    await lab.expectStep(6, 6);
    await expect(page.getByTestId('kept-sandbox')).toHaveCount(0);
    // a deep link to a scenario replaces the sandbox, and keeps it
    await lab.act('tick');
    await page.goto('/#/lab/L07?scenario=late-write&step=0');
    await lab.expectStep(0, 5);
    await expect(page.getByTestId('kept-sandbox')).toContainText('Your own 7 step(s)');
    await page.reload();
    await page.getByTestId('return-to-kept').click();
    await lab.expectStep(7, 7);
  });

  test('damaged progress: what validates is kept, ONE copy of the rest, a notice on the page the student is on with the download', async ({ page }) => {
    const good = { at: '2026-11-29T10:00:00Z', input: { kind: 'predict', pick: 'STALE_FENCE' }, verdict: { pass: true, feedback: 'Right', rules: [] } };
    const saved = {
      version: 1, currentLab: null, student: { name: 'Ada', id: 's-1' },
      labs: { L07: { steps: ['A_write'], cursor: 1, switches: {} } },
      exercises: { L07: { 'late-write': { attempts: [good, { at: 1, input: {}, verdict: {} }] } } },
    };
    await page.addInitScript((text) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('durable-lab:progress', text);
        sessionStorage.setItem('seeded', '1');
      }
    }, JSON.stringify(saved));
    await page.goto('/#/progress');
    const notice = page.getByTestId('storage-problem');
    await expect(notice).toContainText('1 part(s) that could not be read (exercises.L07.late-write.attempts.1.at');
    await expect(notice).toContainText('Everything else was kept');
    const download = page.waitForEvent('download');
    await page.getByTestId('download-unreadable').click();
    const kept = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
    expect(kept.dropped[0].value).toEqual({ at: 1, input: {}, verdict: {} });
    await expect(page.getByTestId('student-name')).toHaveValue('Ada');
    await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-done', '1');
    for (let i = 0; i < 5; i++) await page.reload();
    await expect(page.getByTestId('storage-problem')).toHaveCount(0);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('durable-lab:progress:corrupt:')));
    expect(keys).toEqual(['durable-lab:progress:corrupt:1']);
  });
});

test('npm run grade over the fixtures: every case reported, warnings counted, formulas neutralised, no rerun trap', async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(300_000);
  const dir = testInfo.outputPath('class');
  mkdirSync(dir, { recursive: true });
  cpSync('e2e/fixtures/submissions', dir, { recursive: true });
  const out = join(dir, 'report'); // inside the submissions folder, on purpose
  const grade = () => spawnSync('node', ['scripts/grade.mjs', dir, '--out', out, '--labs', 'L01,L04,L07', '--workers=2'], { encoding: 'utf8', env: gradeEnv() });
  const first = grade();
  expect(first.status, first.stdout + first.stderr).toBe(0);
  // the rerun: report files copied next to the submissions are skipped by name too
  for (const f of ['grades.json', 'grades.csv', 'exercises.csv', 'answers.html', 'junit.xml']) writeFileSync(join(dir, f), readFileSync(join(out, f)));
  const run = grade();
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const files = readdirSync('e2e/fixtures/submissions').length;
  expect(run.stdout).toContain(`grade: ${files} submission(s): ${files - 1} graded, 1 malformed, 0 not graded, 1 tampered, 0 with unreplayable exercises, 4 with warnings`);
  expect(run.stdout).toContain('skipped: grades.json: a report file the grader writes');
  expect(run.stdout).toContain('skipped: report: the output folder');
  const grades = JSON.parse(readFileSync(join(out, 'grades.json'), 'utf8'));
  const byFile = Object.fromEntries(grades.submissions.map((s: { file: string }) => [s.file, s]));
  expect(Object.keys(byFile)).toHaveLength(files);
  const row = (file: string, exercise: string) => byFile[file].exercises.find((r: { exercise: string }) => r.exercise === exercise);
  expect(row('long-answer.json', 'why-not-framework').status).toBe('needs-human');
  expect(row('brute-forced-predict.json', 'late-write')).toMatchObject({ status: 'fail', practiceAttempts: [2, 3] });
  expect(row('reproduce-fenced.json', 'overwrite')).toMatchObject({ status: 'fail', feedback: expect.stringMatching(/^Not reproduced/) });
  const total = exerciseCount('L01', 'L04', 'L07');
  expect(byFile['good.json'].score).toMatchObject({ pass: 3, total });
  expect(row('good.json', 'boundary').status).toBe('not-attempted');
  const codes = (file: string) => byFile[file].warnings.map((w: { code: string }) => w.code);
  expect(codes('duplicate-id.json')).toEqual(['duplicate-student']);
  expect(codes('good.json')).toEqual(['duplicate-student']);
  expect(codes('old-version.json')).toEqual(['app-version']);
  expect(codes('late-attempts.json')).toEqual(['attempts-out-of-order', 'attempt-after-export']);
  const csv = readFileSync(join(out, 'grades.csv'), 'utf8');
  expect(csv).toContain(`formula-cells.json,'+1-555-0100,"'=HYPERLINK(""http://evil.example"",""click"")",graded,`);
  expect(csv).not.toMatch(/,\s*[=+@-][^,]*,/);
  expect(csv.split('\n').filter((l) => l.startsWith('good.json,'))).toHaveLength(1);
  const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
  expect(junit).toContain('<testcase classname="L07" name="student-001 L07/boundary"><skipped message="not attempted"/></testcase>');
  expect(junit).toContain('name="warning.app-version"');
  rmSync(dir, { recursive: true, force: true });
});
