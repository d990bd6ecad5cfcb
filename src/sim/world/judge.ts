/**
 * The invariant runner: what the World finds true or broken after each step, and the two
 * judgements asked for on demand (every invariant by its full-history `check`, the end
 * conditions). Only reads: it sees the World through the model context it is handed.
 */
import type { InvariantResult, Model, ModelContext } from '../model';
import type { TraceEntry } from './types';
import type { NodeStores } from './stores';

export class Judge {
  constructor(private readonly model: Model, readonly oracle: 'step' | 'full', private readonly stores: NodeStores) {}

  /**
   * An invariant with an incremental `checkStep` is given what the previous entry found and
   * looks only at this step's writes; one without is judged by its full-history `check`.
   * Stores the step left unopened are read through the shared readers meanwhile.
   */
  evaluate(ctx: ModelContext, previous: TraceEntry | undefined): InvariantResult[] {
    this.stores.startJudging();
    try {
      return this.judge(ctx, previous);
    } finally {
      this.stores.stopJudging();
    }
  }

  /**
   * Every invariant judged by its full-history `check`, now (the test oracle that the
   * incremental `checkStep` must agree with: src/sim/oracle.ts).
   */
  checkFull(ctx: ModelContext): InvariantResult[] {
    return this.model.invariants.map((inv) => result(inv, inv.check(ctx)));
  }

  /**
   * The model's end conditions judged now (liveness: is the World settled?), or an empty
   * list for a model that declares none. Read-only, like the invariants.
   */
  endConditions(ctx: ModelContext): InvariantResult[] {
    return (this.model.endConditions ?? []).map((c) => {
      const violations = c.check(ctx);
      return { id: c.id, statement: c.statement, rule: c.rules.join(', '), ok: violations.length === 0, violations };
    });
  }

  private judge(ctx: ModelContext, previous: TraceEntry | undefined): InvariantResult[] {
    return this.model.invariants.map((inv, i) => {
      if (this.oracle === 'full' || !inv.checkStep) return result(inv, inv.check(ctx));
      const before = previous?.invariants[i]?.id === inv.id ? previous.invariants[i]!.violations
        : previous?.invariants.find((r) => r.id === inv.id)?.violations ?? [];
      return result(inv, inv.checkStep(ctx, before));
    });
  }
}

function result(inv: Model['invariants'][number], violations: InvariantResult['violations']): InvariantResult {
  return { id: inv.id, statement: inv.statement, rule: inv.rule, ok: violations.length === 0, violations };
}
