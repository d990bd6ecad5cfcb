/**
 * Two real tabs share one saved progress: tab 2, opened before tab 1 answered and stepped,
 * takes a step in another lab and saves its older copy — tab 1's answer and steps survive
 * (writes merge, src/lab/progressSync.ts), and tab 2 hears tab 1's answer.
 */
import { expect, test } from '@playwright/test';
import { LabPage } from './labPage';

const saved = (page: import('@playwright/test').Page) => page.evaluate(() => JSON.parse(localStorage.getItem('durable-lab:progress') ?? '{}') as {
  labs?: Record<string, { steps: unknown[] }>; exercises?: Record<string, Record<string, { attempts: unknown[] }>>;
});

test('a second tab never erases the first tab\'s answers or steps', async ({ context }) => {
  test.setTimeout(180_000); // two labs open in one browser
  const one = new LabPage(await context.newPage());
  const two = new LabPage(await context.newPage());
  await two.open('L01');
  await one.open('L07');
  await one.act('A_acquire', 'A_write');
  await one.page.getByTestId('exercise-late-write-open').click();
  await one.page.getByTestId('exercise-late-write-choice-0').check();
  await one.page.getByTestId('exercise-late-write-check').click();
  await expect(one.page.getByTestId('exercise-late-write-verdict')).toBeVisible();
  await expect.poll(async () => (await saved(one.page)).exercises?.L07?.['late-write']?.attempts.length ?? 0).toBe(1);
  // Steps are saved after a pause, apart from the answer: wait until the saved run is the
  // one tab 1 shows (the exercise may have moved the lab to its own start).
  const shownTotal = async () => Number(/\/\s*(\d+)/.exec(await one.page.getByTestId('step-counter').innerText())?.[1] ?? -1);
  await expect.poll(async () => (await saved(one.page)).labs?.L07?.steps.length === await shownTotal(), { timeout: 20_000 }).toBe(true);
  const l07Steps = (await saved(one.page)).labs?.L07?.steps.length ?? 0;
  expect(l07Steps).toBeGreaterThan(0);

  // Tab 2 steps in L01 and saves (after a pause in the steps).
  await two.page.bringToFront();
  await two.act('approve');
  await expect.poll(async () => (await saved(two.page)).labs?.L01?.steps.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);

  const after = await saved(two.page);
  expect(after.exercises?.L07?.['late-write']?.attempts).toHaveLength(1);
  expect(after.labs?.L07?.steps.length).toBe(l07Steps);
  // Tab 2 heard tab 1: its progress page counts the L07 answer.
  await two.page.goto('/#/');
  await expect(two.page.getByTestId('lab-progress-L07')).toContainText('1 missed');
});
