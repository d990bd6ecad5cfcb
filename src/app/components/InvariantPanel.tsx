/** The lab's invariants after the current step: green when they hold, red with each violation. */
import { selectInvariants, useApp } from '../store';

const TEXT = { title: 'Invariants' };

export function InvariantPanel() {
  const invariants = useApp(selectInvariants);
  return (
    <section className="panel invariants" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ul>
        {invariants.map((inv) => (
          <li key={inv.id} className={inv.ok ? 'ok' : 'violated'} data-testid={`invariant-${inv.id}`} data-ok={inv.ok}>
            <span className="dot" aria-hidden>{inv.ok ? '●' : '▲'}</span>
            <div>
              <strong>{inv.id}</strong> {inv.statement} <span className="rule">({inv.rule})</span>
              {inv.violations.map((v, i) => <div key={i} className="violation">{v}</div>)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
