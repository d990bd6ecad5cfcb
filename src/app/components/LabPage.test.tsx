// @vitest-environment happy-dom
/**
 * A lab page on a Japanese page (src/test/labApp.tsx): places a ja / zh-Hans review found
 * in English or as raw ids — the composer's bad JSON, the armed-fault line, an exercise's
 * fixed switches and status, the clock buttons, a compensation record and the diagrams'
 * screen-reader texts. Engine text may stay English after a Japanese lead-in; nothing else
 * there may hold an English sentence.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, click, counter, mountApp, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

// Two Latin words in a row: an English phrase (IDs, codes and SQL keywords stand alone).
const ENGLISH = /[A-Za-z]{2,} [A-Za-z]{2,}/;
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

const text = (testId: string) => screen.getByTestId(testId).textContent!.trim();

/** A switch's title and its selected option as the toolbar shows them. */
function toolbarWords(key: string): { title: string; option: string } {
  const select = screen.getByTestId<HTMLSelectElement>(`switch-${key}`);
  return {
    title: (select.closest('label')?.firstChild?.textContent ?? '').trim(),
    option: select.options[select.selectedIndex]?.textContent?.trim() ?? '',
  };
}

describe('ja: no English sentence or raw id left in the lab panels', () => {
  it('composer: bad JSON is placed by line and column in Japanese', async () => {
    mountApp('ja');
    await visit('#/lab/L09');
    fireEvent.change(screen.getByTestId('composer-payload'), { target: { value: '{x' } });
    await click('composer-send');
    const error = text('composer-error');
    expect(error).toMatch(/^ペイロードが有効な JSON ではありません/);
    expect(error).toContain('1 行目の 2 文字目');
    expect(error).not.toMatch(ENGLISH);
  });

  it('an armed fault is named by its button', async () => {
    mountApp('ja');
    await visit('#/lab/L05');
    const label = text('action-shop_unavailable');
    expect(label).toMatch(CJK);
    await click('action-shop_unavailable');
    const armed = text('armed-faults');
    expect(armed).toContain(label);
    expect(armed).not.toContain('shop_unavailable');
  });

  it('an exercise names its switches as the toolbar does, and its status in words', async () => {
    mountApp('ja');
    await visit('#/lab/L07');
    await click('exercise-overwrite-open');
    await click('exercise-overwrite-start');
    const fixed = () => text('exercise-overwrite-fixed');
    const external = toolbarWords('resource');
    expect(external.title).toMatch(CJK);
    expect(fixed()).toContain(`${external.title}：${external.option}`);
    expect(fixed()).not.toContain('resource = external');
    expect(fixed()).not.toMatch(ENGLISH);
    await choose('switch-resource', 'fenced');
    const fenced = toolbarWords('resource');
    expect(fixed()).toContain(`${fenced.title}（現在 ${fenced.option}）`);
    expect(fixed()).not.toMatch(ENGLISH);
    // A reproduce attempt that does not reproduce leaves the exercise "attempted".
    await click('exercise-overwrite-check');
    await waitFor(() => expect(screen.getByTestId('exercise-overwrite').getAttribute('data-status')).toBe('attempted'), { timeout: 30_000 });
    const title = text('exercise-overwrite-open');
    expect(title).not.toMatch(/…$/);
    expect(title).toContain('挑戦済み');
  });

  it('the clock buttons, L08\'s compensation record and the diagrams\' screen-reader texts are Japanese', async () => {
    mountApp('ja');
    await visit('#/lab/L01');
    expect(screen.getAllByRole('button', { name: /^クロック \+3/ }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: /Clock/ })).toEqual([]);
    expect(document.querySelector('[id^="react-flow__node-desc"]')!.textContent).toMatch(/読み取り専用の図/);
    await visit('#/lab/L08?scenario=cancel-fails&step=4');
    expect(counter()).toContain('4');
    const flow = document.querySelector('.react-flow')!;
    expect(flow.textContent).toContain('手作業で解決');
    expect(flow.textContent).not.toMatch(/by hand|¢/);
  });
});
