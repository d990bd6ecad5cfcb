/**
 * Page object for a lab in the browser: the same vocabulary a student uses (actions,
 * step, back, reset, switches), with reads of what the page shows.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';

export class LabPage {
  constructor(readonly page: Page) {}

  async open(labId: string, query = ''): Promise<this> {
    await this.page.goto(`/#/lab/${labId}${query}`);
    // The first open fetches and starts the lab runtime (sql.js, models): slow on a loaded machine.
    await expect(this.page.getByTestId(`lab-${labId}`)).toBeVisible({ timeout: 45_000 });
    return this;
  }

  async act(...slugs: string[]): Promise<void> {
    for (const slug of slugs) await this.page.getByTestId(`action-${slug}`).click();
  }

  async forward(): Promise<void> { await this.page.getByTestId('step-forward').click(); }
  async back(): Promise<void> { await this.page.getByTestId('step-back').click(); }
  async reset(): Promise<void> { await this.page.getByTestId('reset').click(); }

  async setSwitch(key: string, value: string): Promise<void> {
    await this.page.getByTestId(`switch-${key}`).selectOption(value);
  }

  async expectStep(cursor: number, total: number): Promise<void> {
    await expect(this.page.getByTestId('step-counter')).toHaveText(`step ${cursor} / ${total}`);
  }

  async observed(): Promise<Record<string, unknown>> {
    return JSON.parse(await this.page.getByTestId('observed-state').innerText()) as Record<string, unknown>;
  }

  invariant(id: string) {
    return this.page.getByTestId(`invariant-${id}`);
  }
}

/** Fails a test on any console error or uncaught page error. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Visits the catalog once online, waits until the service worker (which precaches every
 * chunk at install) controls the page, then switches the network off.
 */
export async function offlineAfterFirstVisit(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('catalog')).toBeVisible();
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
}
