// @vitest-environment happy-dom
/**
 * The catalog (src/test/labApp.tsx): "Check a lab file" shows a broken lab's error card naming
 * its file and field, in the page's language, while the course's labs still open; only the
 * latest check is shown, an error card there says to pick the file again (a reload does not
 * re-read it), and a checked file that carries a course lab's ID opens marked as a preview,
 * with the way back to the course's lab. A lab card joins its missed count in the page's
 * language.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../lab/i18n/locales';
import { click, mountApp, pickFiles, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

const BROKEN_LAB = ['e2e/fixtures/broken-lab/lab.json', 'e2e/fixtures/broken-lab/README.md'];

describe('checking a lab file', () => {
  it('a deliberately broken lab shows an error card naming file and field; the others still load', async () => {
    mountApp();
    await visit('#/');
    await pickFiles('preview-lab-input', BROKEN_LAB);
    const card = await waitFor(() => screen.getByTestId('lab-error-card'), { timeout: 30_000 });
    expect(card.textContent).toContain('L98 did not load');
    expect(card.textContent).toContain('lab.json');
    expect(card.textContent).toContain('world.seed');
    expect(screen.getByTestId('lab-card-L07')).toBeTruthy();
    await click('open-L07');
    await waitFor(() => expect(screen.getByTestId('lab-L07')).toBeTruthy(), { timeout: 30_000 });
  });

  it('ja: a broken lab file\'s problem reads in Japanese, its field and file stay code', async () => {
    mountApp('ja');
    await visit('#/');
    await pickFiles('preview-lab-input', BROKEN_LAB);
    const card = await waitFor(() => screen.getByTestId('lab-error-card'), { timeout: 30_000 });
    const problem = card.querySelector('li[data-code="problems.schema.invalid_type"]')!;
    expect(problem.textContent).toContain('world.seed');
    expect(problem.textContent).toContain('入力が不正です：number が必要ですが、string でした');
    expect(card.textContent).not.toContain('Invalid input');
  });

  it('shows the latest result only; a checked L07 opens as a marked preview with the way back', async () => {
    const valid = readFileSync('labs/L07/lab.json', 'utf8');
    const broken = { name: 'lab.json', text: valid.slice(0, 200) };
    const badField = { name: 'lab.json', text: JSON.stringify({ ...JSON.parse(valid), world: { ...JSON.parse(valid).world, seed: 'seven' } }) };
    const good = { name: 'lab.json', text: valid };
    mountApp();
    await visit('#/');
    const result = () => screen.getByTestId('preview-result');
    const cards = () => within(result()).queryAllByTestId('lab-error-card');

    await pickFiles('preview-lab-input', [broken]);
    await waitFor(() => expect(cards()).toHaveLength(1), { timeout: 30_000 });
    expect(cards()[0]!.textContent).toContain('Fix the file and pick it again');
    expect(cards()[0]!.textContent).not.toContain('reload');
    await pickFiles('preview-lab-input', [badField]);
    await waitFor(() => expect(cards()[0]!.textContent).toContain('world.seed'));
    expect(cards()).toHaveLength(1);
    await pickFiles('preview-lab-input', [good]);
    await waitFor(() => expect(cards()).toHaveLength(0));
    expect(result().textContent).toContain('lab.json');
    expect(result().querySelectorAll('.lab-card')).toHaveLength(1);

    // The checked L07 opens on L07's route: marked as the picked file, with the way back.
    fireEvent.click(within(result()).getByTestId('open-L07'));
    await waitFor(() => expect(screen.getByTestId('lab-L07')).toBeTruthy(), { timeout: 30_000 });
    const banner = screen.getByTestId('lab-preview-banner');
    expect(banner.textContent).toContain('Preview of lab.json, the lab file you picked');
    expect(screen.getByTestId('lab-L07').textContent).toContain('(no README.md was picked)');
    fireEvent.click(within(banner).getByTestId('lab-preview-close'));
    await waitFor(() => expect(screen.queryByTestId('lab-preview-banner')).toBeNull(), { timeout: 30_000 });
    await waitFor(() => expect(screen.getByTestId('lab-L07')).toBeTruthy(), { timeout: 30_000 });
    expect(screen.getByTestId('lab-L07').textContent).not.toContain('(no README.md was picked)');
    // A course lab opened the usual way carries no banner.
    await visit('#/lab/L01');
    expect(screen.queryByTestId('lab-preview-banner')).toBeNull();
  });
});

describe('a lab\'s card', () => {
  it('joins the missed count in the page\'s language', async () => {
    mountApp();
    await visit('#/lab/L07');
    await click('exercise-late-write-open');
    await click('exercise-late-write-choice-0'); // wrong: a missed exercise
    await click('exercise-late-write-check');
    await waitFor(() => expect(screen.getByTestId('exercise-late-write-verdict').getAttribute('data-pass')).toBe('false'), { timeout: 30_000 });
    const expected: Record<Locale, string> = { en: '0 / 4 exercises right, 1 missed', ja: '演習 0 / 4 正解、1 問不正解', 'zh-Hans': '练习答对 0 / 4，答错 1 题', 'zh-Hant': '練習答對 0 / 4，答錯 1 題' };
    for (const [lang, text] of Object.entries(expected) as [Locale, string][]) {
      cleanup();
      mountApp(lang);
      await visit('#/');
      expect(within(screen.getByTestId('catalog')).getByTestId('lab-progress-L07').textContent, lang).toContain(text);
    }
  });
});
