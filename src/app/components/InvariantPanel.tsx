/** The lab's invariants after the current step: green when they hold, red with each violation. */
import { selectView, useApp } from '../store';

export function InvariantPanel() {
  const view = useApp(selectView);
  if (!view) return null;
  return (
    <section className="panel invariants" aria-label="Invariants">
      <h2>Invariants</h2>
      <ul>
        {view.invariants.map((inv) => (
          <li key={inv.id} className={inv.ok ? 'ok' : 'violated'} data-testid={`invariant-${inv.id}`} data-ok={inv.ok}>
            <span className="dot" aria-hidden>{inv.ok ? '●' : '▲'}</span>
            <div>
              <strong>{inv.id}</strong> {inv.statement} <span className="muted">({inv.rule})</span>
              {inv.violations.map((v, i) => <div key={i} className="violation">{v}</div>)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
