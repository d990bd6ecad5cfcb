// @vitest-environment happy-dom
/**
 * The banner over a lab page (src/test/labApp.tsx): a step the World refuses, and a link that
 * asks for what the lab does not have (a step past the end, an unknown scenario, a step log
 * that is not one), each say so instead of silently showing something else.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { click, counter, mountApp, pickPrediction, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

const flash = () => screen.getByTestId('flash').textContent;

describe('the banner', () => {
  it('a rejected action explains itself and changes nothing', async () => {
    mountApp();
    await visit('#/lab/L07');
    await click('action-A_wake');
    expect(flash()).toContain('A is not paused');
    expect(counter()).toBe('step 0 / 0');
  });

  it('a link to a step past the end shows the last step and says so', async () => {
    mountApp();
    await visit('#/lab/L07');
    await pickPrediction('late-write'); // the scenario's last step answers it
    await visit('#/lab/L07?scenario=late-write&step=99');
    expect(counter()).toBe('step 5 / 5');
    expect(flash()).toContain('asks for step 99, but its step log has 5 steps');
  });

  it('an unknown scenario in a link says so instead of silently opening the sandbox', async () => {
    mountApp();
    await visit('#/lab/L07?scenario=no-such-thing');
    expect(flash()).toContain('no-such-thing');
    expect(screen.getByTestId<HTMLSelectElement>('scenario-select').value).toBe('');
  });

  it('a malformed actions link says so instead of crashing', async () => {
    mountApp();
    await visit('#/lab/L07?actions=not%25base64!&step=3');
    expect(flash()).toContain('actions=');
    expect(counter()).toBe('step 0 / 0');
  });
});
