// @vitest-environment happy-dom
/**
 * The Cards tab (src/test/labApp.tsx): the shipped cards run in the page and pass, a wrong
 * and an invalid card are reported — worded in the page's language, not the CLI's English —
 * and a card opens in its lab, ready to step through.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { click, counter, mountApp, observed, pickFiles, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

const SHIPPED = readdirSync('labs/L07/cards').map((f) => join('labs/L07/cards', f));
const WRONG = 'e2e/fixtures/cards/wrong-expectation.json';
const INVALID = 'e2e/fixtures/cards/invalid-card.json';

const results = () => screen.getAllByTestId('card-result');
const failed = () => results().filter((r) => r.dataset.pass === 'false');
const named = (file: string) => failed().find((r) => r.textContent!.includes(file))!;

describe('the Cards tab', () => {
  it('runs the shipped cards, reports a wrong one, and opens a card in its lab', async () => {
    mountApp();
    await visit('#/cards');
    await pickFiles('cards-input', SHIPPED);
    await waitFor(() => expect(screen.getByTestId('cards-summary').textContent).toBe(`${SHIPPED.length} passed, 0 failed or invalid`), { timeout: 60_000 });
    await pickFiles('cards-input', [WRONG, INVALID]);
    await waitFor(() => expect(screen.getByTestId('cards-summary').textContent).toBe(`${SHIPPED.length} passed, 2 failed or invalid`), { timeout: 60_000 });
    expect(named('invalid-card.json').textContent).toContain('actions:');
    const wrong = named('wrong-expectation.json');
    expect(wrong.textContent).toContain('allowed: expected true, got false');
    fireEvent.click(within(wrong).getByTestId('card-watch'));
    await waitFor(() => expect(counter()).toBe('step 0 / 1'), { timeout: 30_000 });
    await click('step-forward');
    expect(observed()).toMatchObject({ allowed: false, current_token: 2 });
  });

  it('ja: words its verdicts and a mismatch in Japanese', async () => {
    mountApp('ja');
    await visit('#/cards');
    await pickFiles('cards-input', [...SHIPPED, WRONG, INVALID]);
    await waitFor(() => expect(failed()).toHaveLength(2), { timeout: 60_000 });
    const wrong = named('wrong-expectation.json');
    expect(wrong.textContent).toContain('不合格');
    expect(wrong.textContent).toContain('allowed：期待値 true、実際は false');
    expect(named('invalid-card.json').textContent).toContain('無効');
    expect(results().find((r) => r.dataset.pass === 'true')!.textContent).toContain('合格');
    expect(document.querySelector('.card-runs')!.textContent).not.toMatch(/\b(?:PASS|FAIL|INVALID|expected|got)\b/);
  });
});
