/** The lab's observable state — exactly what cards match against — and the scenario check. */
import { selectView, useApp } from '../store';

export function ObservedState() {
  const view = useApp(selectView);
  if (!view) return null;
  const check = view.scenarioCheck;
  return (
    <section className="panel observed" aria-label="Observed state">
      <h2>Observed state</h2>
      {check && (
        <div className={`scenario-check ${!check.atEnd ? 'pending' : check.mismatches.length === 0 ? 'pass' : 'fail'}`} data-testid="scenario-check"
          data-status={!check.atEnd ? 'pending' : check.mismatches.length === 0 ? 'pass' : 'fail'}>
          <strong>{check.scenario.title}</strong>
          {!check.atEnd ? <div>Step to the end to check the expected outcome.</div>
            : check.mismatches.length === 0 ? <div>✓ Reached the expected outcome.</div>
              : <ul>{check.mismatches.map((m) => <li key={m.path}><code>{m.path}</code>: expected {JSON.stringify(m.expected)}, got {JSON.stringify(m.actual)}</li>)}</ul>}
        </div>
      )}
      <pre data-testid="observed-state">{JSON.stringify(view.observed, null, 2)}</pre>
    </section>
  );
}
