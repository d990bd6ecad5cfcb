/**
 * The graph view's data for L05: the graph is LangGraph's own description of the graph the
 * workers compile, and the marks on it (next tasks, saved pending writes, failed tasks, the
 * checkpoint after each super-step) follow the run step by step.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { runStep } from '../../asyncStep';
import { World } from '../../world';
import { workflowModel } from '.';
import { matrixLangGraphModel } from '../matrix';
import { compileWorkflow, type WorkflowEnv } from '../../../core/workflow/refundWorkflow';
import { noFaults } from '../../../core/faults';
import type { ThreadView } from '../../../core/workflow/threadView';

useSqlJs();

/** L05's World (labs/L05/lab.json: seed 5, 100.00) under `recovery`, after `actions`. */
async function l05(recovery: string, actions: unknown[]): Promise<World> {
  const world = World.create({ model: 'workflow', seed: 5, initial: { amount_cents: 10000 }, switches: { recovery } }, { model: workflowModel });
  for (const action of actions) {
    const outcome = await runStep(world, action);
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(action)}`);
  }
  return world;
}

const thread = (world: World): ThreadView => world.engineThread()!;
/** The marks a reader sees: status, current, saved and failed tasks, and the trail as `#n after nodes`. */
const marks = (view: ThreadView) => ({
  status: view.status, current: view.current, saved: view.saved, failed: view.failed,
  trail: view.checkpoints.map((c) => `${c.short} ${c.source}:${c.step} after ${c.after.join('+') || '-'}`),
});

describe('the LangGraph thread view (L05)', () => {
  it('draws the graph LangGraph describes for the compiled workflow: same nodes (START and END included), same edges', async () => {
    const world = await l05('all_three', ['ask']);
    const view = thread(world);
    // The graph a worker compiles, over any saver: its own description, asked here independently.
    const env = { design: 'all_three', threadStore: world.store('A'), memoryStore: world.store('A_memory'), faults: noFaults, alive: () => true, clock: world.clock } as unknown as WorkflowEnv;
    const drawn = await compileWorkflow(env).getGraphAsync();
    expect(view.graph!.nodes).toEqual(Object.values(drawn.nodes).map((n) => n.id));
    expect(view.graph!.nodes).toEqual(['__start__', 'draft_note', 'check_order', 'approve', 'submit', 'reconcile', '__end__']);
    expect(view.graph!.edges).toEqual(drawn.edges.map((e) => ({ from: e.source, to: e.target, conditional: e.conditional === true })));
    // The routing functions' path maps: each conditional edge goes only where its function can send the run.
    expect(view.graph!.edges.filter((e) => e.conditional).map((e) => `${e.from}->${e.to}`).sort()).toEqual([
      '__start__->check_order', '__start__->draft_note', '__start__->submit', 'approve->__end__', 'approve->submit', 'submit->__end__', 'submit->reconcile',
    ]);
    expect(view.graph!.breakpoints).toEqual(['approve']);
  });

  it('before any run there is no graph compiled and no checkpoint', async () => {
    const view = thread(await l05('all_three', []));
    expect(view).toMatchObject({ graph: null, status: 'none', current: [], checkpoints: [] });
  });

  it('the current node follows the run: the breakpoint before approve, then the end', async () => {
    const asked = thread(await l05('all_three', ['ask']));
    expect(marks(asked)).toEqual({
      status: 'paused', current: ['approve'], saved: [], failed: [],
      trail: ['#1 input:-1 after -', '#2 loop:0 after __start__', '#3 loop:1 after check_order+draft_note'],
    });
    expect(asked.checkpoints[2]).toMatchObject({ changed: ['messages', 'balanceCents', 'note'], parent: asked.checkpoints[1]!.id });
    const done = thread(await l05('all_three', ['ask', 'approve']));
    expect(marks(done)).toMatchObject({ status: 'done', current: ['__end__'] });
    expect(done.checkpoints.map((c) => c.after.join('+'))).toEqual(['', '__start__', 'check_order+draft_note', 'approve', 'submit']);
    expect(done.checkpoints.at(-1)!.changed).toEqual(['outcome']);
  });

  it('a failed sibling: the model call saved its write (pending), the shop read failed; the retry goes on to the breakpoint', async () => {
    const failed = thread(await l05('all_three', ['shop_unavailable', 'ask']));
    expect(marks(failed)).toMatchObject({ status: 'resume', current: ['check_order'], saved: ['draft_note'], failed: ['check_order'] });
    expect(failed.checkpoints.at(-1)).toMatchObject({ short: '#2', writers: ['draft_note'], failed: ['check_order'] });
    expect(failed.checkpoints.at(-1)!.writes).toBeGreaterThan(0);
    const retried = thread(await l05('all_three', ['shop_unavailable', 'ask', 'retry']));
    expect(marks(retried)).toMatchObject({ status: 'paused', current: ['approve'], saved: [], failed: [] });
  });

  it('a crash inside submit: approve\'s writes are saved on the checkpoint before it (no checkpoint after it yet); in memory only, all is lost', async () => {
    const crash = ['ask', { crash_at: 'workflow.before_submit' }, 'approve'];
    const durable = thread(await l05('all_three', crash));
    // LangGraph saves a checkpoint on a promise chain: submit started before the one after approve was put.
    expect(marks(durable)).toMatchObject({ status: 'saved', current: [], saved: ['approve'] });
    expect(durable).toMatchObject({ store: 'A' });
    expect(durable.checkpoints.at(-1)).toMatchObject({ short: '#3', writers: ['approve'] });
    // The restart resumes: approve's writes applied, submit runs again to the end.
    expect(marks(thread(await l05('all_three', [...crash, { restart: 'A' }])))).toMatchObject({ status: 'done', current: ['__end__'] });
    const memory = thread(await l05('key_only', crash));
    expect(memory).toMatchObject({ store: 'A_memory', status: 'lost', current: [], checkpoints: [] });
  });

  it('fault 6: a run stalled inside submit is marked running there until it wakes', async () => {
    const stall = ['ask', 'stall_after_check', 'approve'];
    expect(thread(await l05('all_three', stall))).toMatchObject({ status: 'saved', saved: ['approve'], running: ['submit'] });
    // B took the thread over and finished it; A still holds its request inside submit.
    expect(thread(await l05('all_three', [...stall, 'takeover']))).toMatchObject({ status: 'done', running: ['submit'] });
    expect(thread(await l05('all_three', [...stall, 'takeover', 'wake']))).toMatchObject({ status: 'done', running: [] });
  });

  it('L06 under the LangGraph executor shows the same thread; the readable checkpoints stand for lg_checkpoint', async () => {
    const world = World.create({ model: 'matrix_langgraph', seed: 6, initial: { amount_cents: 10000 }, switches: { executor: 'langgraph', recovery: 'all_three' } }, { model: matrixLangGraphModel });
    await runStep(world, 'ask');
    expect(marks(world.engineThread()!)).toMatchObject({ status: 'paused', current: ['approve'] });
    expect(world.engineCheckpoints('A')).toMatchObject({ table: 'lg_checkpoint', rows: [{ short: '#1' }, { short: '#2' }, { short: '#3' }] });
    expect(world.engineCheckpoints('shop')).toBeNull();
  });
});
