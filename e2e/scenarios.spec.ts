/**
 * Every lab in labs/ opens in the browser, and every one of its scenarios, played through
 * the UI, reaches the outcome its lab.json expects.
 */
import { expect, test } from '@playwright/test';
import { shippedLabs as labs } from './shippedLabs';
import { LabPage, watchConsole } from './labPage';

// A lab plays all its scenarios in one test; L06 alone has over fifty steps (about a second each on a loaded machine).
test.setTimeout(180_000);
// Each lab is its own test in its own page: they spread over the workers instead of one
// worker running every lab in turn (this file was the second longest on one worker).
test.describe.configure({ mode: 'parallel' });


for (const lab of labs) {
  test(`${lab.id}: every scenario reaches its expected outcome through the UI`, async ({ page }) => {
    const consoleErrors = watchConsole(page);
    const labPage = await new LabPage(page).open(lab.id);
    // L06's LangGraph-executor scenarios are played by langgraph.spec.ts (each awaits the engine: slower).
    const playable = lab.scenarios.filter((s) => s.switches?.executor !== 'langgraph');
    for (const scenario of playable) {
      // A scenario that plays a prediction stops before its answer until the pick (src/lab/predictGate.ts).
      for (const id of scenario.asks ?? []) await labPage.pickPrediction(id);
      await page.getByTestId('scenario-select').selectOption(scenario.id);
      await labPage.expectStep(0, scenario.actions.length);
      // The first scenario steps by the Step button, the rest jump to their end with the
      // slider (the engine still plays every step in order; stepping itself is l07.spec's).
      if (scenario === playable[0]) {
        for (let i = 0; i < scenario.actions.length; i++) await labPage.forward();
      } else {
        await page.getByTestId('step-slider').focus();
        await page.keyboard.press('End');
      }
      await labPage.expectStep(scenario.actions.length, scenario.actions.length);
      await expect(page.getByTestId('scenario-check'), `${lab.id} ${scenario.id}`).toHaveAttribute('data-status', 'pass');
    }
    expect(consoleErrors).toEqual([]);
  });
}
