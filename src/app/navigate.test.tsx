// @vitest-environment happy-dom
/**
 * Navigation while a lab is still opening (its saved place replaying, a deep link's
 * steps): the page asked for last is the page shown, never a lab whose open finished later.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { click, mountApp, useLabApp, visit } from '../test/labApp';
import { navigate, useApp } from './store';

vi.mock('virtual:lab-index', () => import('../test/appModules').then((m) => m.labIndexModule()));
vi.mock('./runtime', () => import('../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

describe('navigation while a lab opens', () => {
  it('a page asked for while a lab is opening is the page shown', async () => {
    mountApp();
    await visit('#/lab/L07'); // the runtime and L07 are loaded: the next open runs in the page
    await visit('#/progress');
    await act(async () => {
      const opening = navigate({ page: 'lab', labId: 'L07' });
      await navigate({ page: 'progress' });
      await opening;
    });
    expect(useApp.getState().route.page).toBe('progress');
    expect(screen.getByTestId('progress-table')).toBeTruthy();
  });

  it('of two labs asked for in a row, the second is the one open, though the first finishes opening later', async () => {
    mountApp();
    await visit('#/lab/L07');
    for (let i = 0; i < 12; i++) await click('action-tick'); // a saved place that takes a replay to open
    await visit('#/lab/L08');
    await act(async () => {
      const first = navigate({ page: 'lab', labId: 'L07' });
      await navigate({ page: 'lab', labId: 'L08' });
      await first;
    });
    expect(useApp.getState().session?.lab.id).toBe('L08');
    expect(useApp.getState().route).toMatchObject({ page: 'lab', labId: 'L08' });
  });
});
