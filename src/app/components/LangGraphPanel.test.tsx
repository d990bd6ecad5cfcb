// @vitest-environment happy-dom
/**
 * The LangGraph panel on a real L05 World: the graph's boxes are LangGraph's nodes, the
 * current node is marked where the run stands after each step, every node shows the
 * checkpoint saved after its super-step, and the trail lists the checkpoints readably.
 * Last, on the lab page itself (src/test/labApp.tsx): a scenario stepped through with the
 * panel and the crash panel's kept checkpoints following it.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { choose, click, counter, mountApp, pickPrediction, useLabApp, visit } from '../../test/labApp';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorldView } from '../../lab/session';
import { runStep } from '../../sim/asyncStep';
import { workflowModel } from '../../sim/models/workflow';
import { World } from '../../sim/world';
import { useSqlJs } from '../../test/sqljs';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { useApp } from '../store';
import { LangGraphPanel } from './LangGraphPanel';

vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));

useSqlJs();

beforeAll(() => {
  // React Flow observes its canvas; happy-dom lays nothing out, so an observer that never fires is enough.
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

/** L05's World (seed 5) stepped through `actions`, shown to the panel as the store's view. */
async function showAfter(actions: unknown[], locale: 'en' | 'ja' = 'en') {
  const world = World.create({ model: 'workflow', seed: 5, initial: { amount_cents: 10000 }, switches: { recovery: 'all_three' } }, { model: workflowModel });
  for (const action of actions) await runStep(world, action);
  useApp.setState({ view: { engineThread: world.engineThread() } as WorldView });
  const i18n = createLabI18n(locale, { resources: ALL_RESOURCES });
  return render(<I18nextProvider i18n={i18n}><LangGraphPanel /></I18nextProvider>);
}

const node = (id: string) => screen.getByTestId(`lgraph-node-${id}`);

describe('LangGraphPanel', () => {
  it('shows nothing for a World without an engine graph (the hand-written executor)', async () => {
    useApp.setState({ view: { engineThread: null } as WorldView });
    const { container } = render(<I18nextProvider i18n={createLabI18n('en', { resources: ALL_RESOURCES })}><LangGraphPanel /></I18nextProvider>);
    expect(container.innerHTML).toBe('');
  });

  it('before the first run: no graph compiled yet, said so', async () => {
    await showAfter([]);
    expect(screen.getByTestId('lgraph-not-compiled').textContent).toContain('No graph yet');
    expect(screen.getByTestId('lgraph-panel').getAttribute('data-status')).toBe('none');
  });

  it('after ask: LangGraph\'s nodes, approve marked as the breakpoint the run stopped before, a checkpoint after each super-step', async () => {
    await showAfter(['ask']);
    const diagram = screen.getByTestId('lgraph-diagram');
    expect(diagram.getAttribute('aria-label')).toBe('The compiled LangGraph graph: its nodes and edges, and where the run stands on it');
    const ids = within(diagram).getAllByTestId(/^lgraph-node-/).map((n) => n.dataset.testid!.slice('lgraph-node-'.length));
    expect(ids.sort()).toEqual(['__end__', '__start__', 'approve', 'check_order', 'draft_note', 'reconcile', 'submit']);
    expect(node('approve').getAttribute('data-mark')).toBe('paused');
    expect(node('approve').textContent).toContain('breakpoint before it');
    expect(node('approve').textContent).toContain('stopped before it');
    expect(node('submit').getAttribute('data-mark')).toBe('');
    expect(node('__start__').getAttribute('data-checkpoints')).toBe('#2');
    expect(node('draft_note').getAttribute('data-checkpoints')).toBe('#3');
    expect(node('check_order').textContent).toContain('→ checkpoint #3');
    expect(screen.getByTestId('lgraph-status').textContent).toContain('Stopped before approve, a breakpoint');
    const trail = screen.getByRole('region', { name: 'Checkpoints in A, oldest first' });
    expect(within(trail).getAllByRole('row').slice(1).map((r) => r.dataset.testid)).toEqual(['checkpoint-#1', 'checkpoint-#2', 'checkpoint-#3']);
    expect(within(trail).getByTestId('checkpoint-#1').textContent).toContain('the input');
    expect(within(trail).getByTestId('checkpoint-#3').textContent).toMatch(/1 · loop.*check_order, draft_note.*messages, balanceCents, note/);
  });

  it('the marks follow the run: a failed sibling, then the end', async () => {
    await showAfter(['shop_unavailable', 'ask']);
    expect(node('check_order').getAttribute('data-mark')).toBe('failed next');
    expect(node('draft_note').getAttribute('data-mark')).toBe('saved');
    expect(screen.getByTestId('checkpoint-#2').textContent).toContain('draft_note · check_order failed');
    cleanup();
    await showAfter(['ask', 'approve']);
    expect(node('__end__').getAttribute('data-mark')).toBe('end');
    expect(node('approve').getAttribute('data-mark')).toBe('');
    expect(node('approve').getAttribute('data-checkpoints')).toBe('#4');
    expect(node('submit').getAttribute('data-checkpoints')).toBe('#5');
    expect(screen.getByTestId('lgraph-status').textContent).toContain('The run reached the end');
  });

  it('speaks the page\'s language', async () => {
    await showAfter(['ask'], 'ja');
    expect(screen.getByTestId('lgraph-status').textContent).toContain('approve の前で停止中（ブレークポイント）');
    expect(node('approve').textContent).toContain('この前にブレークポイント');
    expect(node('draft_note').textContent).toContain('→ チェックポイント #3');
  });
});

describe('the LangGraph panel on the lab page', () => {
  useLabApp();

  it('L05: draws LangGraph\'s compiled graph and marks where the run stands after each step', async () => {
    mountApp();
    await visit('#/lab/L05');
    const panel = () => screen.getByTestId('lgraph-panel');
    // Nothing compiled before the first run (LangGraph's chunk is not even loaded yet).
    expect(panel().getAttribute('data-status')).toBe('none');
    expect(screen.getByTestId('lgraph-not-compiled')).toBeTruthy();
    // current-node: ask, arm a crash after the provider's answer, approve (A crashes in submit), restart A.
    await pickPrediction('predict-node-rerun');
    await choose('scenario-select', 'current-node');
    await click('step-forward');
    expect(counter()).toBe('step 1 / 4');
    const diagram = screen.getByTestId('lgraph-diagram');
    expect(within(diagram).getAllByTestId(/^lgraph-node-/)).toHaveLength(7);
    expect(node('approve').getAttribute('data-mark')).toBe('paused');
    expect(node('draft_note').getAttribute('data-checkpoints')).toBe('#3');
    expect(screen.getByTestId('lgraph-status').textContent).toContain('Stopped before approve');
    await click('step-forward');
    await click('step-forward');
    expect(counter()).toBe('step 3 / 4');
    // The crash hit inside submit before the checkpoint after approve was saved: approve's writes are pending on #3.
    expect(panel().getAttribute('data-status')).toBe('saved');
    expect(node('approve').getAttribute('data-mark')).toBe('saved');
    const kept = within(screen.getByTestId('crash-panel')).getByTestId('crash-kept-lg_checkpoint');
    expect(kept.getAttribute('data-rows')).toBe('3');
    expect(within(kept).getByTestId('checkpoint-#3').textContent).toContain('approve');
    expect(kept.textContent, 'all three rows are shown').not.toContain('more');
    await click('step-forward');
    expect(counter()).toBe('step 4 / 4');
    expect(node('__end__').getAttribute('data-mark')).toBe('end');
    expect(node('submit').getAttribute('data-checkpoints')).toBe('#6');
    expect(panel().getAttribute('data-current')).toBe('__end__');
  });
});
