// @vitest-environment happy-dom
/**
 * The read-only window API (testApi.ts) on a real lab page (src/test/labApp.tsx): the view
 * it reports is the page's, and the catalog lists each lab with its file.
 */
import { describe, expect, it, vi } from 'vitest';
import { click, mountApp, useLabApp, visit } from '../test/labApp';
import { installTestApi, type DurableLabTestApi } from './testApi';

vi.mock('virtual:lab-index', () => import('../test/appModules').then((m) => m.labIndexModule()));
vi.mock('./runtime', () => import('../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

describe('window.durableLab', () => {
  it('reports the current view', async () => {
    installTestApi();
    const api = (window as unknown as { durableLab: DurableLabTestApi }).durableLab;
    mountApp();
    await visit('#/lab/L07');
    await click('action-A_write');
    expect(api.view()).toMatchObject({ cursor: 1, observed: { allowed: true } });
    expect(await api.labs()).toContainEqual({ id: 'L07', ok: true, file: 'labs/L07/lab.json' });
  });
});
