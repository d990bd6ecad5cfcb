import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exerciseCount, gradeEnv } from './gradeEnv';
import { LabPage, watchConsole } from './labPage';

async function openExercise(page: Page, id: string) {
  await page.getByTestId(`exercise-${id}-open`).click();
}

test.describe('exercises, progress, export and grading', () => {
  let consoleErrors: string[] = [];
  test.beforeEach(async ({ page }) => { consoleErrors = watchConsole(page); });
  test.afterEach(() => { expect(consoleErrors).toEqual([]); });

  test('one exercise of each kind by clicking, a reload in the middle, then export and grade', async ({ page }, testInfo) => {
    const lab = await new LabPage(page).open('L07');

    // predict: the first pick decides; a later pick is practice and changes nothing
    await openExercise(page, 'late-write');
    await page.getByTestId('exercise-late-write-choice-1').check(); // refused: STALE_FENCE — right
    await page.getByTestId('exercise-late-write-check').click();
    await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'true');
    await expect(page.getByTestId('exercise-late-write-verdict')).toContainText('at step 5');
    await expect(page.getByTestId('exercise-late-write')).toHaveAttribute('data-status', 'done');
    await page.getByTestId('exercise-late-write-choice-0').check();
    await expect(page.getByTestId('exercise-late-write-check')).toHaveText('Run it again (practice)');
    await page.getByTestId('exercise-late-write-check').click();
    await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'false');
    await expect(page.getByTestId('exercise-late-write')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('exercise-late-write-decided')).toContainText('practice (1 so far)');
    await lab.expectStep(5, 5); // the lab view shows the run that decided it

    // reproduce, with a reload half-way through the recording
    await openExercise(page, 'overwrite');
    await page.getByTestId('exercise-overwrite-start').click();
    await expect(page.getByTestId('switch-resource')).toHaveValue('external');
    await lab.act('A_pause', 'advance-11');
    await page.reload();
    await expect(page.getByTestId('lab-L07')).toBeVisible();
    await lab.expectStep(2, 2);
    // the exercise panel stays open after the reload (no click needed)
    await expect(page.getByTestId('exercise-overwrite-recorded')).toContainText('2 step(s)');
    await lab.act('B_acquire', 'B_write', 'A_wake');
    await page.getByTestId('exercise-overwrite-check').click();
    await expect(page.getByTestId('exercise-overwrite-verdict')).toHaveAttribute('data-pass', 'true');
    await expect(page.getByTestId('exercise-overwrite-verdict')).toContainText('Reproduced at step 5: FENCE-1');

    // repair (L04)
    await new LabPage(page).open('L04');
    await openExercise(page, 'one-transaction');
    await page.getByTestId('exercise-one-transaction-option-refund_mode').selectOption('kv_flag_after');
    await page.getByTestId('exercise-one-transaction-check').click();
    await expect(page.getByTestId('exercise-one-transaction-verdict')).toContainText('Search breaks this design: REF-1');
    await page.getByTestId('exercise-one-transaction-option-refund_mode').selectOption('local_transaction');
    await page.getByTestId('exercise-one-transaction-check').click();
    await expect(page.getByTestId('exercise-one-transaction-verdict')).toHaveAttribute('data-pass', 'true');

    // explain (L01): the draft survives a reload
    await new LabPage(page).open('L01');
    await openExercise(page, 'why-not-framework');
    const text = 'A timeout only says that no answer came back in time; the refund may or may not have happened. Only the provider knows, so it must offer an idempotency key it honours or a lookup by operation ID, or a person must reconcile.';
    await page.getByTestId('exercise-why-not-framework-text').fill(text);
    await page.reload();
    await openExercise(page, 'why-not-framework');
    await expect(page.getByTestId('exercise-why-not-framework-text')).toHaveValue(text);
    await page.getByTestId('exercise-why-not-framework-check').click();
    await expect(page.getByTestId('exercise-why-not-framework-verdict')).toContainText('Saved');

    // progress page and export
    await page.getByTestId('nav-progress').click();
    await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-done', '2');
    await page.getByTestId('student-name').fill('Test Student');
    await page.getByTestId('student-id').fill('s-42');
    const download = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const dir = testInfo.outputPath('submissions');
    mkdirSync(dir, { recursive: true });
    await (await download).saveAs(join(dir, 'exported.json'));
    const exported = JSON.parse(readFileSync(join(dir, 'exported.json'), 'utf8'));
    expect(exported).toMatchObject({ format: 'durable-execution-lab/submission', student: { name: 'Test Student', id: 's-42' } });
    expect(exported.labs.L07.exercises['late-write'].attempts).toHaveLength(2);

    // grade the export next to a tampered and a malformed file
    copyFileSync('e2e/fixtures/submissions/tampered.json', join(dir, 'tampered.json'));
    copyFileSync('e2e/fixtures/submissions/malformed.json', join(dir, 'malformed.json'));
    const out = testInfo.outputPath('report');
    rmSync(out, { recursive: true, force: true });
    const run = spawnSync('node', ['scripts/grade.mjs', dir, '--out', out, '--labs', 'L01,L04,L07'], { encoding: 'utf8', env: gradeEnv() });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const grades = JSON.parse(readFileSync(join(out, 'grades.json'), 'utf8'));
    const byFile = Object.fromEntries(grades.submissions.map((s: { file: string }) => [s.file, s]));
    // the denominator is every exercise of the graded set (L01 + L04 + L07), not the 4 attempted
    expect(byFile['exported.json']).toMatchObject({ status: 'graded', tampered: false, score: { pass: 3, total: exerciseCount('L01', 'L04', 'L07'), attempted: 4 } });
    expect(byFile['tampered.json']).toMatchObject({ status: 'graded', tampered: true });
    expect(byFile['malformed.json']).toMatchObject({ status: 'malformed' });
    expect(readFileSync(join(out, 'grades.csv'), 'utf8')).toMatch(/^exported\.json,s-42,Test Student,graded,3\//m);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('<testcase classname="L07" name="s-42 L07/late-write"></testcase>');
  });

  test('import validates, asks before overwriting, and reset asks first', async ({ page }, testInfo) => {
    const lab = await new LabPage(page).open('L07');
    await page.getByTestId('exercise-late-write-open').click();
    await page.getByTestId('exercise-late-write-choice-0').check();
    await page.getByTestId('exercise-late-write-check').click();
    await page.getByTestId('nav-progress').click();
    const bad = testInfo.outputPath('bad.json');
    writeFileSync(bad, '{"format": "nope"}');
    await page.getByTestId('import-input').setInputFiles(bad);
    await expect(page.getByTestId('import-message')).toContainText('not a valid submission');
    page.once('dialog', (d) => d.dismiss());
    await page.getByTestId('import-input').setInputFiles('e2e/fixtures/submissions/good.json');
    await expect(page.getByTestId('import-message')).toContainText('Import cancelled');
    await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-done', '0');
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('import-input').setInputFiles('e2e/fixtures/submissions/good.json');
    await expect(page.getByTestId('import-message')).toContainText('Imported good.json');
    await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-done', '2');
    await expect(page.getByTestId('student-id')).toHaveValue('student-001');
    page.once('dialog', (d) => d.dismiss());
    await page.getByTestId('reset-L07').click();
    await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-done', '2');
    page.once('dialog', (d) => d.accept());
    await page.getByTestId('reset-L07').click();
    // attempts are append-only: a reset clears steps and drafts, never an answer already checked
    await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-done', '2');
    void lab;
  });

  test('presenter view: large diagrams and timeline, keyboard driven', async ({ page }) => {
    const lab = await new LabPage(page).open('L07', '?scenario=late-write&step=0&present=1');
    await expect(page.locator('main.lab.presenting')).toBeVisible();
    await expect(page.getByTestId('narrative')).toBeHidden();
    await expect(page.getByTestId('topology')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await lab.expectStep(2, 5);
    await page.reload();
    await expect(page.locator('main.lab.presenting')).toBeVisible();
    await lab.expectStep(2, 5);
  });
});
