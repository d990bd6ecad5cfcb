// @vitest-environment happy-dom
/**
 * The message sequence diagram on real L07 runs (src/test/labApp.tsx): frames drawn from the
 * trace, one lifeline per node, the virtual clock down the side, a click on a frame or a mark
 * jumps to its step; a dropped frame ends in a cross, a duplicate is marked as a copy, a crash
 * is a mark on the lifeline — beside the crash panel's lost, kept and recovery columns.
 * (Keeping the current row in view, and how it fits its box, are e2e/ui.spec.ts's and
 * e2e/sequenceFit.spec.ts's: they need a real layout.)
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { choose, click, counter, mountApp, settled, useLabApp, visit } from '../../test/labApp';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useLabApp();

const STORY = ['A_pause', 'advance-11', 'B_acquire', 'B_write', 'A_wake'];
const act = async (...slugs: string[]) => { for (const slug of slugs) await click(`action-${slug}`); };
const seq = () => screen.getByTestId('sequence');

describe('the sequence diagram', () => {
  it('draws frames from the trace and jumps to a step on click', async () => {
    mountApp();
    await visit('#/lab/L07');
    await act(...STORY);
    expect(within(seq()).getByTestId('sequence-current').getAttribute('data-step')).toBe('5');
    const delivered = seq().querySelectorAll<SVGElement>('[data-outcome="delivered"]');
    expect(delivered.length).toBeGreaterThan(2);
    // The first delivered frame: clicking it goes to the step that delivered it.
    const first = delivered[0]!;
    const step = Number(first.getAttribute('data-step'));
    expect(step).toBeLessThan(5);
    fireEvent.click(first);
    await settled();
    expect(counter()).toBe(`step ${step} / 5`);
    // Steps ahead stay drawn (the run is known) and can be jumped to.
    expect(within(seq()).getAllByTestId('sequence-row-5')).toHaveLength(1);
    fireEvent.click(seq().querySelector('[data-step="5"][data-outcome]')!);
    await settled();
    expect(counter()).toBe('step 5 / 5');
    // One lifeline per node of the topology, named.
    const nodes = document.querySelectorAll('.topology .world-node').length;
    expect(nodes).toBeGreaterThan(1);
    expect(seq().querySelectorAll('.seq-lifeline')).toHaveLength(nodes);
    expect(seq().querySelectorAll('.seq-lane-name')).toHaveLength(nodes);
    // The virtual clock down the side: every row names its step and time, the time never goes
    // back, and the story's +11 shows.
    // (the row's label is a <title> inside the same text element: read the drawn text only)
    const axis = [...seq().querySelectorAll('.seq-row .seq-step')].map((el) => el.lastChild?.textContent ?? '');
    expect(axis).toHaveLength(6);
    const times = axis.map((text, i) => { expect(text).toMatch(new RegExp(`^${i} · t=\\d+$`)); return Number(text.split('t=')[1]); });
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[5]! - times[0]!).toBeGreaterThanOrEqual(11);
  });

  it('a dropped frame ends in a cross; a crash is a mark on the lifeline; the crash panel shows lost and kept, then recovery', async () => {
    mountApp();
    await visit('#/lab/L07');
    await choose('switch-network', 'manual');
    await act('advance-11', 'B_acquire', 'drop_next');
    const lost = seq().querySelectorAll('[data-outcome="lost"]');
    expect(lost).toHaveLength(1);
    expect(lost[0]!.querySelectorAll('.seq-cross')).toHaveLength(1);
    // A duplicated frame: two arrows, the copy marked as one.
    await act('B_acquire');
    fireEvent.click(within(within(screen.getByTestId('network')).getAllByRole('listitem')[0]!).getByRole('button', { name: 'duplicate' }));
    await settled();
    await act('deliver_next', 'deliver_next');
    const copy = seq().querySelectorAll('.seq-msg.copy');
    expect(copy).toHaveLength(1);
    expect(copy[0]!.getAttribute('data-outcome')).toBe('delivered');
    expect(copy[0]!.querySelector('.seq-kind')!.textContent).toContain('×2');
    await choose('switch-network', 'auto');
    await click('reset');
    await choose('scenario-select', '');
    await act('A_write', 'crash_at-resource.before_commit', 'A_write');
    expect(screen.getByTestId('sequence-crash-3')).toBeTruthy();
    const panel = screen.getByTestId('crash-panel');
    expect(panel.getAttribute('data-node')).toBe('resource');
    expect(within(panel).getByTestId('crash-lost').textContent).toContain('rolled back');
    // ...with the rows the rolled-back write would have added.
    expect(within(panel).getByTestId('crash-lost').textContent).toContain('write_log: 1 insert');
    // Kept: the first write committed before the crash; the second never did.
    expect(within(panel).getByTestId('crash-kept-write_log').getAttribute('data-rows')).toBe('1');
    const recovery = () => within(screen.getByTestId('crash-panel')).getByTestId('crash-recovery').textContent;
    expect(recovery()).toContain('Not restarted yet');
    await act('restart-resource');
    expect(recovery()).toContain('Recovery (restart at step 4)');
    // What recovery did: start again from its committed rows, then ask the authority which
    // lease is in force (fence updates sent while it was down were lost).
    expect(recovery()).toContain('resource.learn_fence (commit)');
    expect(recovery()).toContain('fence_query to authority');
    expect(recovery()).toContain('restarted with only what it had committed');
    expect(screen.getByTestId('sequence-restart-4')).toBeTruthy();
    // The mark is a way back to the crash.
    fireEvent.click(screen.getByTestId('sequence-crash-3'));
    await settled();
    expect(counter()).toBe('step 3 / 4');
  });
});
