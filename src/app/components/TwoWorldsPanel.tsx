/**
 * The refund labs' "two worlds": what the worker believes about the current operation,
 * next to the ledger that is the ground truth. Both come from the World's observed state,
 * re-derived after every step.
 */
import { selectView, useApp } from '../store';

interface Observed {
  status?: string;
  operation?: { id: string; state: string; external_ref: string | null; owner: string; epoch: number } | null;
  ledger?: { id: string; operation: string; amount_cents: number; at: number }[];
}

export function TwoWorldsPanel() {
  const view = useApp(selectView);
  if (!view) return null;
  const observed = view.observed as Observed;
  const local = view.switches.refund_mode && view.switches.refund_mode !== 'provider';
  const ledger = observed.ledger ?? [];
  const op = observed.operation;
  return (
    <section className="panel two-worlds" aria-label="Two worlds" data-testid="two-worlds">
      <div>
        <h2>What the worker knows</h2>
        <p className="big-status" data-testid="worker-status">{observed.status ?? '—'}</p>
        {op ? <p className="muted">{op.id} · {op.state}{op.external_ref ? ` · receipt ${op.external_ref}` : ''} · {op.owner} (epoch {op.epoch})</p> : <p className="muted">no intent yet</p>}
      </div>
      <div>
        <h2>{local ? 'The ledger (same database)' : "The provider's ledger"}</h2>
        {ledger.length > 0 ? (
          <ul className="ledger" data-testid="ledger-rows">
            {ledger.map((row) => <li key={row.id}><code>{row.id}</code> {row.amount_cents}¢ for {row.operation} at t={row.at}</li>)}
          </ul>
        ) : <p className="muted" data-testid="ledger-rows">no refunds</p>}
      </div>
    </section>
  );
}
