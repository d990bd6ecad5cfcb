/**
 * Graded and practice attempts through the page, then through `npm run grade`: a reset
 * cannot erase a first prediction (it is recorded), a handed-in pass followed by practice
 * stays a pass, the spoilers are recorded, and an export needs a name and an ID.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LabPage } from './labPage';

test('reset keeps the first pick, hand-in keeps a pass, spoilers are recorded; the grader reports it all', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const lab = await new LabPage(page).open('L07');
  // a wrong first pick, then a reset of the lab, then the right pick
  await page.getByTestId('exercise-late-write-open').click();
  await page.getByTestId('exercise-late-write-choice-0').check(); // accepted (OK): wrong
  await page.getByTestId('exercise-late-write-check').click();
  await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'false');
  await page.getByTestId('nav-progress').click();
  await expect(page.getByTestId('export')).toBeDisabled();
  await expect(page.getByTestId('export-needs')).toContainText('name and student ID');
  page.once('dialog', (d) => d.accept());
  await page.getByTestId('reset-L07').click();
  await expect(page.getByTestId('progress-L07')).toHaveAttribute('data-missed', '1');
  await lab.open('L07');
  await page.getByTestId('exercise-late-write-open').click();
  await expect(page.getByTestId('exercise-late-write-decided')).toHaveAttribute('data-pass', 'false');
  await page.getByTestId('exercise-late-write-choice-1').check();
  await page.getByTestId('exercise-late-write-check').click();
  await expect(page.getByTestId('exercise-late-write')).toHaveAttribute('data-status', 'missed');

  // reproduce: a pass, handed in, then practice that fails
  await page.getByTestId('exercise-overwrite-open').click();
  await page.getByTestId('exercise-overwrite-start').click();
  await lab.act('A_pause', 'advance-11', 'B_acquire', 'B_write', 'A_wake');
  await page.getByTestId('exercise-overwrite-check').click();
  await expect(page.getByTestId('exercise-overwrite-verdict')).toHaveAttribute('data-pass', 'true');
  await page.getByTestId('exercise-overwrite-hand-in-1').click();
  await expect(page.getByTestId('exercise-overwrite-handed')).toHaveAttribute('data-attempt', '1');
  await page.getByTestId('exercise-overwrite-start').click();
  await lab.act('A_pause');
  await page.getByTestId('exercise-overwrite-check').click();
  await expect(page.getByTestId('exercise-overwrite-verdict')).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('exercise-overwrite-handed')).toHaveAttribute('data-attempt', '1');

  // the spoilers on a repair, recorded before any attempt
  await page.getByTestId('exercise-search-then-repair-open').click();
  await page.getByTestId('exercise-search-then-repair-spoilers').check();

  await page.getByTestId('nav-progress').click();
  await page.getByTestId('student-name').fill('Ada');
  await page.getByTestId('student-id').fill('s-77');
  const download = page.waitForEvent('download');
  await page.getByTestId('export').click();
  const dir = testInfo.outputPath('class');
  mkdirSync(dir, { recursive: true });
  await (await download).saveAs(join(dir, 'ada.json'));
  const exported = JSON.parse(readFileSync(join(dir, 'ada.json'), 'utf8'));
  expect(exported.schemaVersion).toBe(2);
  expect(exported.labs.L07.exercises['late-write'].attempts).toHaveLength(2);
  expect(exported.labs.L07.exercises['late-write'].events.map((e: { type: string }) => e.type)).toEqual(['reset']);
  expect(exported.labs.L07.exercises['search-then-repair'].events.map((e: { type: string }) => e.type)).toEqual(['spoilers']);

  const out = join(dir, 'report');
  const run = spawnSync('node', ['scripts/grade.mjs', dir, '--out', out, '--labs', 'L07', '--workers=1'], { encoding: 'utf8' });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const rows = JSON.parse(readFileSync(join(out, 'grades.json'), 'utf8')).submissions[0].exercises;
  const row = (id: string) => rows.find((r: { exercise: string }) => r.exercise === id);
  expect(row('late-write')).toMatchObject({ status: 'fail', practiceAttempts: [2], flags: [{ code: 'reset', count: 1 }] });
  expect(row('overwrite')).toMatchObject({ status: 'pass', gradedAttempt: 1, practiceAttempts: [2] });
  expect(readFileSync(join(out, 'grades.csv'), 'utf8')).toContain('L07/late-write: reset');
});
