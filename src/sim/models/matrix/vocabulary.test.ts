/**
 * L06's Executor switch and the two vocabularies: under LangGraph, every palette action only
 * the hand-written executor has is refused with the executor that has it (and the other way
 * round) — the World refuses the step, nothing runs, nothing is recorded, nothing throws.
 * The palette comes from labs/L06/lab.json, so a new hand-written button is covered too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { runStep } from '../../asyncStep';
import { isRefusal } from '../../model';
import { World } from '../../world';
import { matrixLangGraphModel, matrixModel } from '.';
import { executorOnlyRefusal } from './vocabulary';

useSqlJs();

const lab = JSON.parse(readFileSync('labs/L06/lab.json', 'utf8')) as { world: { seed: number; initial: Record<string, unknown> }; actions: { action: unknown }[] };
const palette = lab.actions.map((a) => a.action);
const understood = (model: typeof matrixModel | typeof matrixLangGraphModel, raw: unknown) => !isRefusal(model.parseAction(raw));

/** The palette buttons only the hand-written executor has (World actions — clock, delivery — belong to both). */
const HANDWRITTEN_ONLY = [
  'submit', { submit: { worker: 'worker-2' } }, { retry: { worker: 'worker-2' } }, 'crash_before_commit', 'crash_after_commit',
  'lose_request', 'pause_before_dispatch', 'pause_after_fence_check',
];
const LANGGRAPH_ONLY = ['ask', 'grant', 'approve_to_two', 'stall_after_check'];

const world = (executor: 'handwritten' | 'langgraph') => World.create({
  model: executor === 'langgraph' ? 'matrix_langgraph' : 'matrix', seed: lab.world.seed, initial: lab.world.initial, switches: { executor },
});

describe('L06: an action of the other executor is refused with the executor that has it', () => {
  it('the lists above are exactly the palette buttons one executor has and the other lacks', async () => {
    // (Crash points and restarts are World actions: the World checks them against the model's fault points and nodes.)
    expect(palette.filter((a) => understood(matrixModel, a) && !understood(matrixLangGraphModel, a))).toEqual(HANDWRITTEN_ONLY);
    expect(palette.filter((a) => understood(matrixLangGraphModel, a) && !understood(matrixModel, a))).toEqual(LANGGRAPH_ONLY);
  });

  it.each(HANDWRITTEN_ONLY.map((a) => [JSON.stringify(a), a]))('under LangGraph, %s is refused: only the hand-written executor has it', async (_name, action) => {
    const w = world('langgraph');
    await runStep(w, 'ask');
    const before = w.trace.length;
    const outcome = await runStep(w, action);
    expect(outcome).toEqual({ ok: false, error: executorOnlyRefusal('handwritten', action) });
    expect(outcome.ok ? null : outcome.error).toEqual({ key: 'refusals.handwritten_only', params: { action: typeof action === 'string' ? action : JSON.stringify(action) } });
    expect(w.trace.length).toBe(before);
    w.dispose();
  });

  it.each(LANGGRAPH_ONLY.map((a) => [a]))('under the hand-written executor, %s is refused: only LangGraph has it', (action) => {
    const w = world('handwritten');
    expect(w.step(action)).toEqual({ ok: false, error: executorOnlyRefusal('langgraph', action) });
    w.dispose();
  });

  it('an action neither executor has keeps the plain parse error', async () => {
    expect(matrixLangGraphModel.parseAction('fly_to_the_moon')).toMatch(/^unknown action/);
    expect(matrixModel.parseAction('fly_to_the_moon')).toMatch(/^unknown action/);
  });

  it('the provider logs every refund request it receives: a re-run submit node sends twice, the key keeps one refund', async () => {
    const w = world('langgraph');
    for (const a of ['ask', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' }]) expect((await runStep(w, a)).ok).toBe(true);
    expect(w.observe()).toMatchObject({ refund_requests: 2, ledger_count: 1, status: 'CONFIRMED', node_runs: { submit: 2 } });
    w.dispose();
    const once = world('langgraph');
    for (const a of ['ask', 'approve']) await runStep(once, a);
    expect(once.observe()).toMatchObject({ refund_requests: 1, ledger_count: 1 });
    once.dispose();
  });
});
