// @vitest-environment happy-dom
/**
 * The observed-state panel on real lab pages (src/test/labApp.tsx): a step replaces only the
 * lines whose value it changed (ObservedState.tsx says why), and the scenario check names a
 * switch flipped away from the scenario's own, in the toolbar's words, since the outcome it
 * expects holds for its own switches.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, mountApp, observed, settled, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

describe('the observed state', () => {
  it('keeps the element of each line a step did not change', async () => {
    mountApp();
    await visit('#/lab/L10');
    fireEvent.click(screen.getByTestId('action-emit-3'));
    await settled();
    const before = observed();
    // Tag every line element, take a step that changes a few values, and see which are new.
    const pre = screen.getByTestId('observed-state');
    for (const line of pre.children) (line as HTMLElement).dataset.old = '1';
    fireEvent.click(within(screen.getByTestId('frame-1')).getByRole('button', { name: 'deliver' }));
    await settled();
    expect(JSON.stringify(observed())).not.toBe(JSON.stringify(before));
    const lines = [...pre.children].map((line) => ({ text: line.textContent, old: (line as HTMLElement).dataset.old === '1' }));
    const kept = lines.filter((l) => l.old).length;
    expect(kept).toBeGreaterThan(lines.length / 2);
    expect(kept).toBeLessThan(lines.length);
    // Every line that changed is a new element; the text is still the indented JSON.
    expect(lines.map((l) => l.text).join('\n')).toBe(JSON.stringify(observed(), null, 2));
  });
});

describe('the scenario check', () => {
  it('L07 late-write with the resource flipped: names the switch it changed', async () => {
    mountApp();
    await visit('#/lab/L07?scenario=late-write');
    expect(screen.getByTestId('scenario-check')).toBeTruthy();
    expect(screen.queryByTestId('scenario-switch-changed-resource')).toBeNull();
    await choose('switch-resource', 'external');
    const note = screen.getByTestId('scenario-switch-changed-resource');
    // The switch's label and the scenario's option, as the toolbar words them.
    const fenced = screen.getByTestId('switch-resource').querySelector('option[value="fenced"]')!.textContent!;
    expect(note.textContent).toContain(fenced);
    expect(note.textContent).toContain('You changed it');
    await choose('switch-resource', 'fenced');
    expect(screen.queryByTestId('scenario-switch-changed-resource')).toBeNull();
  });
});
