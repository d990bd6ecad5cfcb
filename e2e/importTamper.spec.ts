/**
 * An edited submission file is refused on the Progress page: the student's
 * own export of a wrong answer, with its verdict flipped to a pass (or its step changed) by
 * a same-length edit, must not merge — the page names the exercise and nothing changes.
 * The file as exported still imports.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { LabPage, watchConsole } from './labPage';

const progressRow = (page: Page) => page.getByTestId('progress-L07');
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('durable-lab:progress'));

test('a verdict edited in an exported file is refused by name, and progress stays as it was', async ({ page }, testInfo) => {
  const consoleErrors = watchConsole(page);
  await new LabPage(page).open('L07');
  await page.getByTestId('exercise-late-write-open').click();
  await page.getByTestId('exercise-late-write-choice-0').check(); // "accepted (OK)": the wrong answer
  await page.getByTestId('exercise-late-write-check').click();
  await expect(page.getByTestId('exercise-late-write-verdict')).toHaveAttribute('data-pass', 'false');

  await page.getByTestId('nav-progress').click();
  await page.getByTestId('student-name').fill('Ada Student');
  await page.getByTestId('student-id').fill('s-2');
  await expect(progressRow(page)).toHaveAttribute('data-done', '0');
  const download = page.waitForEvent('download');
  await page.getByTestId('export').click();
  const exported = testInfo.outputPath('export.json');
  await (await download).saveAs(exported);
  const text = readFileSync(exported, 'utf8');

  // The reviewer's edits, each the same length as the original.
  expect(text.match(/"pass": false,/g)).toHaveLength(1);
  const passFile = testInfo.outputPath('tamper-pass.json');
  writeFileSync(passFile, text.replace('"pass": false,', '"pass": true ,'));
  const step = /"step": (\d+),/.exec(text)!;
  const stepFile = testInfo.outputPath('tamper-step.json');
  writeFileSync(stepFile, text.replace(step[0], `"step": ${Number(step[1]) + 1},`));

  const before = await stored(page);
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs++; void d.accept(); });
  for (const file of [passFile, stepFile]) {
    await page.getByTestId('import-input').setInputFiles(file);
    const message = page.getByTestId('import-message');
    await expect(message).toHaveAttribute('data-outcome', 'progress.importTampered');
    await expect(message).toContainText(`Import refused: in ${file.split('/').pop()}, attempt 1 of L07 “A wakes late”`);
    await expect(message).toContainText('Nothing was changed');
    await expect(progressRow(page)).toHaveAttribute('data-done', '0');
    expect(await stored(page)).toBe(before);
  }
  expect(dialogs).toBe(0); // refused before the overwrite question is asked

  // The catalog and the exercise still show the wrong answer.
  await page.goto('/#/');
  await expect(page.getByTestId('lab-progress-L07')).toContainText('0 / 4 exercises right, 1 missed');
  await new LabPage(page).open('L07');
  await page.getByTestId('exercise-late-write-open').click();
  await expect(page.getByTestId('exercise-late-write-decided')).toHaveAttribute('data-pass', 'false');

  // The file as exported imports as before.
  await page.getByTestId('nav-progress').click();
  await page.getByTestId('import-input').setInputFiles(exported);
  await expect(page.getByTestId('import-message')).toContainText('Imported export.json (Ada Student)');
  await expect(progressRow(page)).toHaveAttribute('data-done', '0');
  expect(consoleErrors).toEqual([]);
});

test('a pass written into saved progress by hand is checked again when the lab opens, and shows as missed', async ({ page }) => {
  const lab = JSON.parse(readFileSync('labs/L07/lab.json', 'utf8')) as { exercises: { id: string; kind: string; answer?: unknown; choices?: { value: unknown }[] }[] };
  const predict = lab.exercises.find((e) => e.kind === 'predict')!;
  const wrong = predict.choices!.find((c) => JSON.stringify(c.value) !== JSON.stringify(predict.answer))!.value;
  const forged = {
    version: 1, currentLab: null, labs: {}, student: { name: '', id: '' }, activeExercise: null, kept: {},
    exercises: { L07: { [predict.id]: { attempts: [{ at: '2026-11-29T10:00:00.000Z', input: { kind: 'predict', pick: wrong }, verdict: { pass: true, feedback: '', rules: [] } }] } } },
  };
  await page.goto('/#/');
  await page.evaluate((text) => localStorage.setItem('durable-lab:progress', text), JSON.stringify(forged));
  await page.reload();
  await new LabPage(page).open('L07');
  await page.getByTestId(`exercise-${predict.id}-open`).click();
  await expect(page.getByTestId(`exercise-${predict.id}-decided`)).toHaveAttribute('data-pass', 'false');
  // The recheck is saved: the catalog, which runs no checker, shows it too.
  await page.goto('/#/');
  await expect(page.getByTestId('lab-progress-L07')).toContainText('1 missed');
});
