// @vitest-environment happy-dom
/**
 * The crash panel on real lab pages (src/test/labApp.tsx), when a crash cuts short work on
 * another node's store and when the node restarts inside the crash step:
 * - L04 "crash-inside": worker-1 dies inside `shop.refund_local`, a transaction it held open
 *   in the shop's database; the "lost" column must name it instead of "nothing uncommitted".
 * - the refund model's crash_before_commit / crash_after_commit crash worker-1 and restart it
 *   in one step: the panel must show that restart's recovery, not "Not restarted yet", and
 *   the sequence diagram a restart mark in that row.
 * - L05 "all three": the checkpoints are durable in A, so A's process memory held nothing to lose.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, click, counter, mountApp, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

const shown = (testId: string) => screen.getByTestId(testId);

describe('the crash panel', () => {
  it('L04 crash-inside: the rolled-back refund in the shop\'s database is lost, and the restart in the same step is the recovery', async () => {
    mountApp();
    await visit('#/lab/L04?scenario=crash-inside&step=2');
    expect(counter()).toBe('step 2 / 3');
    const panel = shown('crash-panel');
    expect(panel.getAttribute('data-node')).toBe('worker-1');
    const lost = within(panel).getByTestId('crash-lost').textContent;
    expect(lost).toContain('shop.refund_local rolled back');
    expect(lost).toContain('refund_ledger: 1 insert, 0 update, 0 delete');
    expect(lost).not.toContain('nothing uncommitted');
    const recovery = within(panel).getByTestId('crash-recovery');
    expect(recovery.textContent).not.toContain('Not restarted yet');
    expect(recovery.textContent).toContain('Recovery (restart at step 2)');
    expect(recovery.textContent).toContain('worker-1 restarted with only what it had committed.');
    expect(recovery.textContent).toContain('worker-1 recovers: op-1 is PREPARED');
    expect(recovery.getAttribute('data-restart')).toBe('2');
    expect(shown('sequence-crash-2')).toBeTruthy();
    expect(shown('sequence-restart-2')).toBeTruthy();
  });

  // What recovery ran, told apart from what ran before the crash by the World's restart mark:
  // after a commit it settles the attempt and marks the operation UNKNOWN; before, nothing.
  const RAN = { 'card-crash-after-commit': ['worker-1.settle_attempt', 'shop.operation_timeout'], 'card-crash-before-commit': [] } as const;

  it.each([['card-crash-after-commit', 'is UNKNOWN'], ['card-crash-before-commit', 'is PREPARED']] as const)('L01 %s: the restart in the crash step is the recovery, before and after the next step', async (scenario, recovers) => {
    mountApp();
    await visit(`#/lab/L01?scenario=${scenario}&step=2`);
    const steps = scenario === 'card-crash-after-commit' ? [2, 3] : [2];
    for (const step of steps) {
      if (step === 3) await click('step-forward');
      expect(counter(), `step ${step}`).toBe(`step ${step} / ${steps.length + 1}`);
      const recovery = shown('crash-recovery');
      expect(recovery.textContent, `step ${step}`).not.toContain('Not restarted yet');
      expect(recovery.textContent, `step ${step}`).toContain(`worker-1 recovers: op-1 ${recovers}`);
      expect(recovery.getAttribute('data-restart'), `step ${step}`).toBe('2');
      for (const tx of RAN[scenario]) expect(recovery.textContent, `step ${step}`).toContain(tx);
      if (RAN[scenario].length === 0) expect(recovery.textContent, `step ${step}`).toContain('Recovery ran no transaction.');
      expect(shown('sequence-restart-2'), `step ${step}`).toBeTruthy();
    }
  });

  it('L05 all three: the checkpoints are durable in A, so the process memory held nothing to lose', async () => {
    mountApp();
    await visit('#/lab/L05');
    await choose('scenario-select', 'all-three');
    for (let i = 1; i <= 3; i++) {
      await click('step-forward');
      expect(counter()).toBe(`step ${i} / 4`);
    }
    const panel = shown('crash-panel');
    const memory = within(within(panel).getByTestId('crash-lost')).getByTestId('crash-memory-A_memory');
    expect(memory.textContent).toContain('empty: no rows removed');
    expect(memory.querySelectorAll('li[data-table]')).toHaveLength(0);
    expect(within(panel).getByTestId('crash-kept-lg_checkpoint').getAttribute('data-rows')).not.toBe('0');
  });
});
