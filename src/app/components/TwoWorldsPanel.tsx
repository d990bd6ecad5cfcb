/**
 * The refund labs' "two worlds": what the worker believes about the current operation,
 * next to the provider's own ledger — the ground truth. Both are read from the running
 * World's databases (read-only copies), after every step.
 */
import { selectSession, selectView, useApp } from '../store';

export function TwoWorldsPanel() {
  const view = useApp(selectView);
  const session = useApp(selectSession);
  if (!view || !session) return null;
  const observed = view.observed as { status?: string; operation?: { id: string; state: string; external_ref: string | null; owner: string; epoch: number } | null };
  const local = view.switches.refund_mode && view.switches.refund_mode !== 'provider';
  const ledger = local
    ? session.current.store('shop').readOnlyQuery('SELECT entry_id AS id, operation_id AS ref, amount_cents AS amount, at FROM refund_ledger ORDER BY entry_id')
    : session.current.store('provider').readOnlyQuery('SELECT refund_id AS id, reference AS ref, amount_cents AS amount, at FROM ledger ORDER BY at, refund_id');
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
        {ledger.ok && ledger.rows.length > 0 ? (
          <ul className="ledger" data-testid="ledger-rows">
            {ledger.rows.map((row) => <li key={String(row[0])}><code>{String(row[0])}</code> {String(row[2])}¢ for {String(row[1])} at t={String(row[3])}</li>)}
          </ul>
        ) : <p className="muted" data-testid="ledger-rows">no refunds</p>}
      </div>
    </section>
  );
}
