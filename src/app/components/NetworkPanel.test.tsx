// @vitest-environment happy-dom
/**
 * The network panel on a flooded network (src/test/labApp.tsx): the oldest frames are listed
 * up to its limit, then "and N more", which lists them all (NetworkPanel.tsx says why).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { click, counter, mountApp, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

describe('the network panel', () => {
  it('a flooded network lists the oldest 30 frames and "and N more", which shows them all', async () => {
    const actions = Buffer.from(JSON.stringify(Array(35).fill('B_acquire'))).toString('base64url');
    mountApp();
    await visit(`#/lab/L07?step=35&network=manual&actions=${actions}`);
    expect(counter()).toBe('step 35 / 35');
    const network = screen.getByTestId('network');
    const rows = () => within(network).getAllByRole('listitem');
    expect(network.textContent).toContain('35 in flight');
    expect(rows()).toHaveLength(30);
    expect(screen.getByTestId('network-more').textContent).toBe('… and 5 more (show all)');
    await click('network-more');
    expect(rows()).toHaveLength(35);
    expect(screen.queryByTestId('network-more')).toBeNull();
  });
});
