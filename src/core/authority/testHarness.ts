/**
 * A small driver for authority tests and benchmarks: one authority store, seeded keys, and
 * `send(...)` that signs and accepts a command. Not used by the app.
 */
import { requireSqlJs } from '../db/sqljs';
import { Store } from '../db/store';
import { CrashSignal, noFaults, type FaultPoints } from '../faults';
import { accept, registerActorKey } from './accept';
import { signCommand, type CommandContent, type CommandKind, type SignedCommand } from './commands';
import { seededKeyPair, type KeyPair } from './keys';
import type { AcceptResult } from './outcomes';
import { AUTHORITY_SCHEMA } from './schema';

export class AuthorityHarness {
  readonly store: Store;
  readonly keys = new Map<string, KeyPair>();
  readonly clock = { now: 0, stamp: 0, nextStamp() { return ++this.stamp; } };
  private armed: string | null = null;
  private readonly faults: FaultPoints = {
    reach: (point) => {
      if (this.armed === point) {
        this.armed = null;
        throw new CrashSignal('authority', point);
      }
    },
  };

  constructor(readonly seed = 1, actors = ['lead', 'agent-1', 'agent-2']) {
    this.store = new Store(requireSqlJs(), 'authority', AUTHORITY_SCHEMA);
    for (const actor of actors) {
      const pair = seededKeyPair(seed, actor);
      this.keys.set(actor, pair);
      registerActorKey(this.store, actor, pair.publicKeyHex);
    }
  }

  sign(content: CommandContent): SignedCommand {
    return signCommand(this.keys.get(content.actor)!, content);
  }

  command(actor: string, actionId: string, kind: CommandKind, payload: Record<string, unknown>, expectedRevision: number | null = null, group = 'G1'): SignedCommand {
    return this.sign({ actor, actionId, group, kind, expectedRevision, payload });
  }

  submit(command: SignedCommand): AcceptResult {
    return accept(this.store, this.clock, this.faults, command);
  }

  send(actor: string, actionId: string, kind: CommandKind, payload: Record<string, unknown>, expectedRevision: number | null = null): AcceptResult {
    return this.submit(this.command(actor, actionId, kind, payload, expectedRevision));
  }

  /** Submits with a crash armed at `point`; returns the crash point reached, or null. */
  submitCrashingAt(point: string, command: SignedCommand): string | null {
    this.armed = point;
    try {
      this.submit(command);
      return null;
    } catch (error) {
      if (error instanceof CrashSignal) return error.point;
      throw error;
    } finally {
      this.armed = null;
    }
  }

  /** The usual group: lead (admin), two workers, mission M1 with a budget, work items W1, W2. */
  bootstrap(budgetCents = 1000): this {
    const ok = (r: AcceptResult) => { if (r.code !== 'ACCEPTED') throw new Error(`bootstrap: ${r.code}`); };
    ok(this.send('lead', 'boot-1', 'create_group', { org: 'acme' }));
    ok(this.send('lead', 'boot-2', 'add_member', { agent: 'agent-1', role: 'worker' }, 1));
    ok(this.send('lead', 'boot-3', 'add_member', { agent: 'agent-2', role: 'worker' }, 2));
    ok(this.send('lead', 'boot-4', 'create_mission', { mission: 'M1', budget_cents: budgetCents }));
    ok(this.send('lead', 'boot-5', 'create_work_item', { work_item: 'W1', mission: 'M1' }));
    ok(this.send('lead', 'boot-6', 'create_work_item', { work_item: 'W2', mission: 'M1' }));
    return this;
  }

  bytes(): number[] {
    return [...this.store.export()];
  }

  count(table: string): number {
    return Number(this.store.get(`SELECT count(*) AS n FROM ${table}`)!.n);
  }
}

export { noFaults };
