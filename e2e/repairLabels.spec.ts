import { expect, test, type Page } from '@playwright/test';

/** The option texts of a select, its "choose…" placeholder (value "") left out, sorted. */
async function optionTexts(page: Page, testId: string): Promise<string[]> {
  const texts = await page.getByTestId(testId).locator('option:not([value=""])').allTextContents();
  return texts.map((t) => t.trim()).sort();
}

async function repairOptions(page: Page, lang: string): Promise<{ exercise: string[]; toolbar: string[] }> {
  await page.goto(`/?lang=${lang}#/lab/L04`);
  await expect(page.getByTestId('lab-L04')).toBeVisible();
  await page.getByTestId('exercise-one-transaction-open').click();
  return {
    exercise: await optionTexts(page, 'exercise-one-transaction-option-refund_mode'),
    toolbar: await optionTexts(page, 'switch-refund_mode'),
  };
}

// A repair exercise lists the designs of a switch: in the page's language, with the same
// words the toolbar uses for that switch (not the model's English).
test('repair options are the switch option labels in the page language, as in the toolbar', async ({ page }) => {
  const en = await repairOptions(page, 'en');
  expect(en.exercise).toHaveLength(3); // the designs the exercise offers, a subset of the switch's
  for (const label of en.exercise) expect(en.toolbar).toContain(label);
  const ja = await repairOptions(page, 'ja');
  expect(ja.exercise).toHaveLength(3);
  for (const label of ja.exercise) expect(ja.toolbar).toContain(label);
  expect(ja.exercise).toContain('1 つのローカルトランザクション（SPEC 9.4）');
  expect(ja.exercise).not.toEqual(en.exercise);
});
