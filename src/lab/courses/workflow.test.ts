/** L05's LangGraph refund workflow (its lab's seed and starting state), one recovery design per switch. */
import { formatMessage } from '../i18n/catalogRegistry';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import type { LabDriver } from '../driver';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();

/** L05 under `recovery`, after `actions` (each awaited, as the app's queue does). */
async function run(recovery: string, actions: unknown[]): Promise<{ lab: LabDriver; o: Record<string, unknown> }> {
  const lab = openLab('L05', { switches: { recovery } }).act(...actions);
  await lab;
  return { lab, o: lab.observed() };
}

/** The invariants broken at the latest step. */
const broken = (lab: LabDriver) => lab.world.invariants.filter((i) => !i.ok).map((i) => i.id);

describe('LangGraph refund workflow', () => {
  it('happy path: pauses at the approval breakpoint, the approval event resumes it, one refund', async () => {
    const { o } = await run('all_three', ['ask']);
    expect(o).toMatchObject({ waiting_for_approval: true, approval_requests: 1, status: 'NONE', model_calls: 1 });
    const done = await run('all_three', ['ask', 'approve']);
    expect(done.o).toMatchObject({ status: 'CONFIRMED', ledger_count: 1, model_calls: 1, waiting_for_approval: false });
  });

  const crashAfterAnswer = ['ask', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' }];

  it('current node only: the submit node re-runs whole after the crash and refunds again', async () => {
    const { lab, o } = await run('current_node', crashAfterAnswer);
    expect(o).toMatchObject({ ledger_count: 2, node_runs: { submit: 2 } });
    expect(broken(lab)).toContain('LG-LEDGER-1');
  });

  it('all three: the node re-runs whole, the intent key makes the provider replay: one refund', async () => {
    const { lab, o } = await run('all_three', crashAfterAnswer);
    expect(o).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', node_runs: { submit: 2 } });
    expect(broken(lab)).toEqual([]);
  });

  it('messages only: recovery re-plans from the chat and refunds again', async () => {
    const { lab, o } = await run('messages_only', crashAfterAnswer);
    expect(o).toMatchObject({ ledger_count: 2 });
    expect(broken(lab)).toContain('LG-LEDGER-1');
  });

  it('key only: the run is gone after the crash; it starts over and asks for the approval again', async () => {
    const r = await run('key_only', ['ask', { crash_at: 'workflow.before_submit' }, 'approve', { restart: 'A' }]);
    expect(r.o).toMatchObject({ approval_requests: 2, repeated_approval_requests: 1, model_calls: 2 });
    expect(broken(r.lab)).toContain('LG-APPROVAL-1');
  });

  it('a crash after the model answered re-runs the call: more cost, a different answer', async () => {
    const { o } = await run('all_three', [{ crash_at: 'workflow.after_model_answer' }, 'ask', { restart: 'A' }]);
    expect(o).toMatchObject({ model_calls: 2, model_cost_cents: 4, waiting_for_approval: true });
    const answers = o.model_answers as string[];
    expect(answers[0]).not.toEqual(answers[1]);
  });

  it('a sibling that failed is re-run; the model call that succeeded beside it is reused from its saved write', async () => {
    const { o } = await run('all_three', ['shop_unavailable', 'ask']);
    expect(o).toMatchObject({ model_calls: 1, node_runs: { draft_note: 1, check_order: 1 }, waiting_for_approval: false });
    expect(o.saved_sibling_writes).toContain('draft_note:note');
    const r = await run('all_three', ['shop_unavailable', 'ask', 'retry']);
    expect(r.o).toMatchObject({ model_calls: 1, node_runs: { draft_note: 1, check_order: 2 }, waiting_for_approval: true });
  });

  it('same seed and actions give the same observations, node lines and trace (LangGraph\'s own ids never show)', async () => {
    const actions = ['shop_unavailable', 'ask', 'retry', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' }];
    const views = [];
    for (let i = 0; i < 2; i++) {
      const { lab, o } = await run('all_three', actions);
      views.push(JSON.stringify({ o, lines: lab.world.describeNodes(), trace: lab.world.trace.map((e) => [e.label, e.notes, e.transactions.map((t) => [t.store, t.name, t.outcome, t.writes]), e.crash]) }));
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
      ['all_three', stall], ['current_node', stall], ['all_three', ['ask', 'approve_to_two']], ['key_only', ['ask', 'approve_to_two']],
    ];
    for (const [recovery, schedule] of runs) {
      const images = [];
      for (let i = 0; i < 2; i++) {
        const { lab } = await run(recovery, schedule);
        images.push(lab.world.images());
      }
      expect(Object.keys(images[0]!)).toEqual(['A', 'B', 'A_memory', 'B_memory', 'shop', 'provider', 'vendor']);
      for (const node of Object.keys(images[0]!)) expect(Buffer.from(images[1]![node]!).equals(Buffer.from(images[0]![node]!)), `${recovery}: ${node}`).toBe(true);
    }
  });

  it('fault 6: A stalls after its epoch check; B takes over and refunds from the same checkpoints; A wakes and sends — the intent key keeps one refund', async () => {
    const actions = ['ask', 'stall_after_check', 'approve'];
    const { lab, o } = await run('all_three', actions);
    expect(o).toMatchObject({ run_stalled: true, worker: 'paused', status: 'SUBMITTED', ledger_count: 0, owner: 'A@1' });
    // Nothing of the parked run writes after its step ends (the checkpoint before submit is already saved): a
    // macrotask later, A's database is byte for byte what the step left.
    const bytes = lab.world.images().A!;
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.from(lab.world.images().A!).equals(Buffer.from(bytes))).toBe(true);
    await lab.act('takeover').expectState({ ledger_count: 1, status: 'CONFIRMED', owner: 'B@2', run_stalled: true, node_runs: { submit: 2 } });
    await lab.act('wake').expectState({ ledger_count: 1, status: 'CONFIRMED', owner: 'B@2', run_stalled: false, worker: 'up' });
    // The provider got two requests under one key and replayed the second; A's late record was fenced.
    expect(lab.world.trace.at(-1)!.notes.map((n) => (typeof n === 'string' ? n : n.key))).toEqual(expect.arrayContaining(['workflow.woke', 'workflow.fenced']));
    expect(broken(lab)).toEqual([]);
    // Without the key (current_node) the late send books a second refund.
    const unkeyed = await run('current_node', [...actions, 'takeover', 'wake']);
    expect(unkeyed.o).toMatchObject({ ledger_count: 2 });
    expect(broken(unkeyed.lab)).toContain('LG-LEDGER-1');
    // B cannot take over from checkpoints that lived only in A's process memory.
    const memoryOnly = await run('key_only', actions);
    expect(formatMessage((await memoryOnly.lab.attempt('takeover'))!)).toMatch(/process memory/);
  });

  it('fault 5: the approval reaches two workers, each its own process with its own log and memory; B finds A\'s intent and may not send for it', async () => {
    const { lab, o } = await run('all_three', ['ask', 'approve_to_two']);
    // Each worker ran the graph as itself: its own node-run log, its own claim on the intent.
    const byWorker = o.node_runs_by_worker as Record<string, Record<string, number>>;
    expect(byWorker.A).toMatchObject({ approve: 1, submit: 1 });
    expect(byWorker.B).toMatchObject({ approve: 1, submit: 1 });
    // A created the intent and holds epoch 1; B found it (EXISTING) and its submit was refused by the epoch check.
    const notes = lab.world.trace.flatMap((e) => e.notes).filter((n) => typeof n !== 'string');
    expect(notes.filter((n) => n.key === 'workflow.intent').map((n) => n.params)).toEqual([
      expect.objectContaining({ worker: 'A', code: 'CREATED' }), expect.objectContaining({ worker: 'B', code: 'EXISTING' })]);
    expect(notes.filter((n) => n.key === 'workflow.not_owner').map((n) => n.params?.worker)).toEqual(['B']);
    const senders = lab.world.trace.flatMap((e) => e.delivered).filter((f) => f.kind === 'lg_refund_request').map((f) => f.from);
    expect(senders).toEqual(['A']);
    expect(o).toMatchObject({ ledger_count: 1, status: 'CONFIRMED', owner: 'A@1' });
    expect(broken(lab)).toEqual([]);
  });

  it('an expiry needs an open approval: with none it is refused and the shop is unchanged; after a grant it expires that one', async () => {
    const { lab } = await run('all_three', ['ask']);
    const before = JSON.stringify(lab.observed());
    expect(formatMessage((await lab.attempt('expire'))!)).toMatch(/No approval is open/);
    expect(JSON.stringify(lab.observed())).toEqual(before);
    expect(await lab.attempt('grant')).toBeNull();
    expect(await lab.attempt('expire')).toBeNull();
    expect(await lab.attempt('expire')).not.toBeNull();
  });
});
