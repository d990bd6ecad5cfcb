import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { replayAsync, stepAsync } from '../../asyncStep';
import type { World } from '../../world';

useSqlJs();

async function run(recovery: string, actions: unknown[]): Promise<{ world: World; o: Record<string, unknown> }> {
  const world = await replayAsync({ model: 'workflow', seed: 1, initial: { amount_cents: 10000 }, switches: { recovery } }, actions);
  return { world, o: world.observe() };
}

const broken = (world: World) => world.invariants.filter((i) => !i.ok).map((i) => i.id);

describe('LangGraph refund workflow', () => {
  it('happy path: pauses at the approval breakpoint, the approval event resumes it, one refund', async () => {
    const { world, o } = await run('all_three', ['ask']);
    expect(o).toMatchObject({ waiting_for_approval: true, approval_requests: 1, status: 'NONE', model_calls: 1 });
    world.dispose();
    const done = await run('all_three', ['ask', 'approve']);
    expect(done.o).toMatchObject({ status: 'CONFIRMED', ledger_count: 1, model_calls: 1, waiting_for_approval: false });
    done.world.dispose();
  });

  const crashAfterAnswer = ['ask', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' }];

  it('current node only: the submit node re-runs whole after the crash and refunds again', async () => {
    const { world, o } = await run('current_node', crashAfterAnswer);
    expect(o).toMatchObject({ ledger_count: 2, node_runs: { submit: 2 } });
    expect(broken(world)).toContain('LG-LEDGER-1');
    world.dispose();
  });

  it('all three: the node re-runs whole, the intent key makes the provider replay: one refund', async () => {
    const { world, o } = await run('all_three', crashAfterAnswer);
    expect(o).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', node_runs: { submit: 2 } });
    expect(broken(world)).toEqual([]);
    world.dispose();
  });

  it('messages only: recovery re-plans from the chat and refunds again', async () => {
    const { world, o } = await run('messages_only', crashAfterAnswer);
    expect(o).toMatchObject({ ledger_count: 2 });
    expect(broken(world)).toContain('LG-LEDGER-1');
    world.dispose();
  });

  it('key only: the run is gone after the crash; it starts over and asks for the approval again', async () => {
    const r = await run('key_only', ['ask', { crash_at: 'workflow.before_submit' }, 'approve', { restart: 'A' }]);
    expect(r.o).toMatchObject({ approval_requests: 2, repeated_approval_requests: 1, model_calls: 2 });
    expect(broken(r.world)).toContain('LG-APPROVAL-1');
    r.world.dispose();
  });

  it('a crash after the model answered re-runs the call: more cost, a different answer', async () => {
    const { world, o } = await run('all_three', [{ crash_at: 'workflow.after_model_answer' }, 'ask', { restart: 'A' }]);
    expect(o).toMatchObject({ model_calls: 2, model_cost_cents: 4, waiting_for_approval: true });
    const answers = o.model_answers as string[];
    expect(answers[0]).not.toEqual(answers[1]);
    world.dispose();
  });

  it('a sibling that failed is re-run; the model call that succeeded beside it is reused from its saved write', async () => {
    const { world, o } = await run('all_three', ['shop_unavailable', 'ask']);
    expect(o).toMatchObject({ model_calls: 1, node_runs: { draft_note: 1, check_order: 1 }, waiting_for_approval: false });
    expect(o.saved_sibling_writes).toContain('draft_note:note');
    world.dispose();
    const r = await run('all_three', ['shop_unavailable', 'ask', 'retry']);
    expect(r.o).toMatchObject({ model_calls: 1, node_runs: { draft_note: 1, check_order: 2 }, waiting_for_approval: true });
    r.world.dispose();
  });

  it('same seed and actions give the same observations, node lines and trace (LangGraph\'s own ids never show)', async () => {
    const actions = ['shop_unavailable', 'ask', 'retry', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' }];
    const views = [];
    for (let i = 0; i < 2; i++) {
      const { world, o } = await run('all_three', actions);
      views.push(JSON.stringify({ o, lines: world.describeNodes(), trace: world.trace.map((e) => [e.label, e.notes, e.transactions.map((t) => [t.store, t.name, t.outcome, t.writes]), e.crash]) }));
      world.dispose();
    }
    expect(views[0]).toEqual(views[1]);
  });

  it('same seed and actions give the same bytes in every database (LangGraph\'s ids and timestamps are stored by sequence)', async () => {
    // Every design: the durable saver (all_three, current_node) and the in-memory one (key_only, messages_only),
    // with a failed sibling, a retry, a crash inside submit, a restart and a reconcile lookup; and fault 6 (a run
    // parked across steps, a second worker's graph over the same saver). A run takes well
    // over a millisecond, so the wall clock LangGraph's uuid6 ids and timestamps come from has moved between them.
    const actions = ['shop_unavailable', 'ask', 'retry', { crash_at: 'workflow.after_provider_answer' }, 'lose_response', 'approve', { restart: 'A' }];
    const stall = ['ask', 'stall_after_check', 'approve', 'takeover', 'wake'];
    const runs: [string, unknown[]][] = [
      ...['all_three', 'current_node', 'key_only', 'messages_only'].map((recovery): [string, unknown[]] => [recovery, actions]),
      ['all_three', stall], ['current_node', stall],
    ];
    for (const [recovery, schedule] of runs) {
      const images = [];
      for (let i = 0; i < 2; i++) {
        const { world } = await run(recovery, schedule);
        images.push(world.images());
        world.dispose();
      }
      expect(Object.keys(images[0]!)).toEqual(['A', 'B', 'A_memory', 'shop', 'provider', 'vendor']);
      for (const node of Object.keys(images[0]!)) expect(Buffer.from(images[1]![node]!).equals(Buffer.from(images[0]![node]!)), `${recovery}: ${node}`).toBe(true);
    }
  });

  it('fault 6: A stalls after its epoch check; B takes over and refunds from the same checkpoints; A wakes and sends — the intent key keeps one refund', async () => {
    const actions = ['ask', 'stall_after_check', 'approve'];
    const { world, o } = await run('all_three', actions);
    expect(o).toMatchObject({ run_stalled: true, worker: 'paused', status: 'SUBMITTED', ledger_count: 0, owner: 'A@1' });
    // Nothing of the parked run writes after its step ends (the checkpoint before submit is already saved): a
    // macrotask later, A's database is byte for byte what the step left.
    const bytes = world.images().A!;
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.from(world.images().A!).equals(Buffer.from(bytes))).toBe(true);
    expect((await stepAsync(world, 'takeover')).ok).toBe(true);
    expect(world.observe()).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', owner: 'B@2', run_stalled: true, node_runs: { submit: 2 } });
    expect((await stepAsync(world, 'wake')).ok).toBe(true);
    const after = world.observe();
    expect(after).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', owner: 'B@2', run_stalled: false, worker: 'up' });
    // The provider got two requests under one key and replayed the second; A's late record was fenced.
    expect(world.trace.at(-1)!.notes.map((n) => (typeof n === 'string' ? n : n.key))).toEqual(expect.arrayContaining(['workflow.woke', 'workflow.fenced']));
    expect(broken(world)).toEqual([]);
    world.dispose();
    // Without the key (current_node) the late send books a second refund.
    const unkeyed = await run('current_node', [...actions, 'takeover', 'wake']);
    expect(unkeyed.o).toMatchObject({ ledger_count: 2 });
    expect(broken(unkeyed.world)).toContain('LG-LEDGER-1');
    unkeyed.world.dispose();
    // B cannot take over from checkpoints that lived only in A's process memory.
    const memoryOnly = await run('key_only', actions);
    expect(await stepAsync(memoryOnly.world, 'takeover')).toMatchObject({ ok: false, error: expect.stringMatching(/process memory/) });
    memoryOnly.world.dispose();
  });

  it('an expiry needs an open approval: with none it is refused and the shop is unchanged; after a grant it expires that one', async () => {
    const { world } = await run('all_three', ['ask']);
    const before = JSON.stringify(world.observe());
    expect(await stepAsync(world, 'expire')).toMatchObject({ ok: false, error: expect.stringMatching(/No approval is open/) });
    expect(JSON.stringify(world.observe())).toEqual(before);
    expect((await stepAsync(world, 'grant')).ok).toBe(true);
    expect((await stepAsync(world, 'expire')).ok).toBe(true);
    expect(await stepAsync(world, 'expire')).toMatchObject({ ok: false });
    world.dispose();
  });
});
