/**
 * Page object for a lab in the browser: the same vocabulary a student uses (actions,
 * step, back, reset, switches), with reads of what the page shows.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { actionSlug } from '../src/app/actionSlug';
import { deepMatch } from '../src/lab/deepMatch';
import type { LabChain } from '../src/lab/driver/chain';

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

  /**
   * Makes the first pick of predict exercise `id` (its first choice; right or wrong, a pick
   * opens the scenarios that hold its answer until then) and waits for the verdict.
   */
  async pickPrediction(id: string): Promise<void> {
    if (await this.page.getByTestId(`exercise-${id}-check`).count() === 0) await this.page.getByTestId(`exercise-${id}-open`).click();
    await this.page.getByTestId(`exercise-${id}-choice-0`).check();
    await this.page.getByTestId(`exercise-${id}-check`).click();
    await expect(this.page.getByTestId(`exercise-${id}-verdict`)).toBeVisible({ timeout: 30_000 });
  }

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

  /** The headless driver's chain (src/lab/driver) on this page: see `PageDriver`. */
  drive(): PageDriver {
    return new PageDriver(this);
  }
}

/**
 * The headless lab driver's verbs (src/lab/driver/chain.ts `LabChain`: act, back, forward,
 * reset, flip, expectState, expectInvariant, expectCursor) as one chain of page clicks and reads, awaited
 * once: `await lab.drive().act('A_pause', { advance: 11 }).flip('resource', 'external')
 * .expectInvariant('FENCE-1', false)`. Actions are the lab's own action values (each
 * clicks the button named by its slug), so a chain written against the driver in Vitest
 * reads the same here. Expectations retry until the page shows them (Playwright's timeout).
 */
export class PageDriver implements LabChain {
  private chain: Promise<void> = Promise.resolve();

  constructor(readonly lab: LabPage) {}

  act(...actions: unknown[]): this {
    return this.then_(() => this.lab.act(...actions.map(actionSlug)));
  }

  back(times = 1): this {
    return this.then_(async () => { for (let i = 0; i < times; i++) await this.lab.back(); });
  }

  forward(times = 1): this {
    return this.then_(async () => { for (let i = 0; i < times; i++) await this.lab.forward(); });
  }

  reset(): this {
    return this.then_(() => this.lab.reset());
  }

  flip(key: string, value: string): this {
    return this.then_(() => this.lab.setSwitch(key, value));
  }

  /** The observed state contains `expected` (the card subset match, as the driver's). */
  expectState(expected: Record<string, unknown>): this {
    return this.then_(() => expect.poll(async () => deepMatch(expected, await this.lab.observed())).toEqual([]));
  }

  expectInvariant(id: string, holds: boolean): this {
    return this.then_(() => expect(this.lab.invariant(id)).toHaveAttribute('data-ok', String(holds)));
  }

  expectCursor(cursor: number): this {
    return this.then_(() => expect(this.lab.page.getByTestId('step-counter')).toHaveText(new RegExp(`^step ${cursor} / \\d+$`)));
  }

  then<R1 = void, R2 = never>(onfulfilled?: ((value: void) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): PromiseLike<R1 | R2> {
    return this.chain.then(onfulfilled, onrejected);
  }

  private then_(step: () => Promise<unknown>): this {
    this.chain = this.chain.then(async () => { await step(); });
    return this;
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
