/**
 * The authority model's search hooks and incremental invariants:
 * AUTH-1…4's `checkStep` agrees with the full-history `check` on seeded random schedules
 * (src/sim/oracle.ts), on the sound model and on a corrupted variant that does break them,
 * where a `checkStep` that never looks again is caught; the fingerprint ignores Action IDs
 * and step stamps; frames are checked where they enter.
 */
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../../test/sqljs';
import { parseAuthorityFrame } from '../../../core/authority/frames';
import type { Model } from '../../model';
import { checkStepAgreement } from '../../oracle';
import { World } from '../../world';
import { authorityModel } from './index';

useSqlJs();

const INITIAL = { org: 'acme', group: 'G1', members: { 'agent-1': 'worker', 'agent-2': 'worker' }, missions: { M1: 1000 }, work_items: { W1: 'M1', W2: 'M1' } };
const config = (switches: Record<string, string> = {}) => ({ model: 'authority', seed: 9, initial: INITIAL, switches });

/**
 * A broken authority: after every third command it accepts, it also bumps a work item's
 * revision and wipes an outbox row behind the accept transaction's back (test-only SQL) —
 * state no event explains (AUTH-3) and an event without its outbox row (AUTH-2).
 */
let accepted = 0;
const corrupted: Model = {
  ...(authorityModel as unknown as Model),
  receive(ctx, frame) {
    authorityModel.receive(ctx, frame);
    if (frame.to !== 'authority' || ++accepted % 3 !== 0) return;
    const store = ctx.store('authority');
    store.tx('corrupt', () => {
      store.run("UPDATE work_items SET revision = revision + 7 WHERE work_item_id = 'W1'");
      store.run('DELETE FROM outbox WHERE seq = (SELECT MAX(seq) FROM outbox)');
    });
  },
};
const neverLooksAgain = (model: Model): Model => ({
  ...model, invariants: model.invariants.map((inv) => ({ ...inv, checkStep: (_ctx, previous) => [...previous] })),
});

describe('authority invariants: checkStep agrees with check', () => {
  for (const switches of [{}, { lease_sweep: 'on' }] as Record<string, string>[]) {
    it(`on random schedules of the real model ${JSON.stringify(switches)}`, () => {
      const report = checkStepAgreement(config(switches), { runs: 6, steps: 30, seed: 3, maxAdvance: 6, crashRate: 0.15 });
      expect(report.disagreements).toEqual([]);
      expect(report.stepsTaken).toBeGreaterThan(100);
    }, 300_000);
  }

  it('on a corrupted authority that does break AUTH-2 and AUTH-3, and a checkStep that never looks again is caught', () => {
    accepted = 0;
    const report = checkStepAgreement(config(), { model: corrupted, runs: 6, steps: 30, seed: 3, crashRate: 0.1 });
    expect(report.disagreements).toEqual([]);
    expect(report.violatingSteps, 'the corruption must show, or agreement is vacuous').toBeGreaterThan(0);
    accepted = 0;
    const broken = checkStepAgreement(config(), { model: neverLooksAgain(corrupted), runs: 6, steps: 30, seed: 3, crashRate: 0.1 });
    expect(broken.disagreements.map((d) => d.invariant)).not.toEqual([]);
  }, 300_000);
});

describe('authority search hooks', () => {
  const fingerprint = (actions: unknown[]) => {
    const world = World.replay(config(), actions);
    const text = world.modelFingerprint();
    world.dispose();
    return text;
  };
  const claim = (actor: string) => ({ send: { actor, action_id: 'auto', kind: 'claim', expected_revision: 'current', payload: { work_item: 'W1' } } });

  it('enabled() offers claims, the race and the replays, each one its precondition accepts', () => {
    const world = World.create(config());
    const enabled = world.modelEnabled() ?? [];
    expect(enabled.map((a) => JSON.stringify(a))).toContain(JSON.stringify({ type: 'race_claim', work_item: 'W1' }));
    expect(enabled.some((a) => a.type === 'send' && a.kind === 'claim' && a.actor === 'agent-2')).toBe(true);
    world.step(claim('agent-1'));
    const owner = (world.modelEnabled() ?? []).filter((a) => a.type === 'send' && a.actor === 'agent-1').map((a) => a.kind);
    expect(owner).toEqual(expect.arrayContaining(['renew_lease', 'report_progress', 'complete']));
    world.dispose();
  });

  it('the fingerprint ignores Action IDs and the receipts that carry them, not what a command does', () => {
    const claimAs = (actor: string, id: string) => ({ send: { ...claim(actor).send, action_id: id } });
    // Two runs that differ only in the Action IDs chosen: same state, same fingerprint.
    expect(fingerprint([claimAs('agent-1', 'first-try'), 'resend_last'])).toEqual(fingerprint([claimAs('agent-1', 'x'), 'resend_last']));
    expect(fingerprint([claim('agent-1')])).not.toEqual(fingerprint([claim('agent-2')]));
    // A resent command comes back DUPLICATE, a forged one is refused: the states differ in what the last command is.
    expect(fingerprint([claim('agent-1'), 'resend_last'])).not.toEqual(fingerprint([claim('agent-1'), 'forge_last']));
    // Deadlines count from now: a tick after the claim leaves one tick less of the lease.
    expect(fingerprint(['tick', claim('agent-1')])).not.toEqual(fingerprint([claim('agent-1'), 'tick']));
  });

  it('frames are validated where they enter: a command without a signature is refused with its path', () => {
    expect(parseAuthorityFrame('command', { command: { actor: 'agent-1', actionId: 'x', group: 'G1', kind: 'claim', expectedRevision: 1, payload: {} } }))
      .toMatch(/^command: command\.signature/);
    expect(parseAuthorityFrame('result', { actionId: 'x', result: { code: 'NOPE', digest: 'd', message: 'm' } })).toMatch(/^result: result/);
  });
});
