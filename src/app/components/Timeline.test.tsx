// @vitest-environment happy-dom
/**
 * The timeline on real lab pages (src/test/labApp.tsx). On a long run a step turns the row
 * of the step taken from "ahead" into "done" in place — the same <li>, not a new one — so the
 * page's ordered lists are not re-numbered on every step (Timeline.tsx says why); any row,
 * near or far, jumps to its step. Its narration is in the page's language: a refusal's
 * nested reason and action, and amounts of money as currency.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lab/i18n/locales';
import { click, counter, mountApp, settled, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

const row = (testId: string) => screen.getByTestId(testId);

describe('the timeline of a long run', () => {
  it('stepping past a row keeps its element; a click on a far row jumps there', async () => {
    mountApp();
    await visit('#/lab/L07');
    for (let i = 0; i < 40; i++) await click('action-tick');
    expect(counter()).toBe('step 40 / 40');
    await click('reset');
    const ahead = row('timeline-upcoming-2');
    // Tag the element, step past it, and find the tag on the row of the step taken.
    ahead.setAttribute('data-probe', 'kept');
    await click('step-forward');
    await click('step-forward');
    const done = row('timeline-entry-2');
    expect(done.getAttribute('aria-current')).toBe('step');
    expect(done.getAttribute('data-probe')).toBe('kept');
    expect(screen.queryByTestId('timeline-upcoming-2')).toBeNull();
    // Back makes it a row ahead again, still the same element.
    await click('step-back');
    expect(row('timeline-upcoming-2').getAttribute('data-probe')).toBe('kept');
    // A row far down the list jumps to its step, and so does one behind.
    fireEvent.click(within(row('timeline-upcoming-37')).getByRole('button'));
    await settled();
    expect(counter()).toBe('step 37 / 40');
    expect(row('timeline-entry-37').getAttribute('aria-current')).toBe('step');
    fireEvent.click(within(row('timeline-entry-3')).getByRole('button'));
    await settled();
    expect(counter()).toBe('step 3 / 40');
    // Keyboard: the row's control is a native <button>, which the browser runs on Enter.
    const button = within(row('timeline-upcoming-20')).getByRole('button');
    expect(button).toBeInstanceOf(HTMLButtonElement);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await settled();
    expect(counter()).toBe('step 20 / 40');
  });
});

describe('the narration in the page\'s language', () => {
  it('L13 in Japanese: the agent refuses an email while offline, said in Japanese', async () => {
    mountApp('ja');
    await visit('#/lab/L13');
    await click('action-disconnect');
    await click('action-email_customer');
    const timeline = document.querySelector('.panel.timeline')!;
    expect(timeline.textContent).toContain('agent-1 は「顧客へのメール送信」を拒否します：外部から見える操作には現在のリースとトークンが必要です（MWP-WRK-020）。');
    expect(timeline.textContent).not.toMatch(/externally visible|email the customer/);
  });

  it.each([['en', '$100.00'], ['ja', '$100.00'], ['zh-Hans', 'US$100.00']] as [Locale, string][])('%s: a refund\'s amount reads as currency, not as raw cents', async (locale, amount) => {
    mountApp(locale);
    await visit('#/lab/L01');
    const notes = [...document.querySelectorAll('.timeline .note')].map((n) => n.textContent);
    expect(notes.filter((n) => n!.includes(amount)).length).toBeGreaterThan(0);
    expect(document.querySelector('.timeline')!.textContent).not.toMatch(/10000|¢|セント/);
  });
});
