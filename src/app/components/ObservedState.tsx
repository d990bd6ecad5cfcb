/** The lab's observable state — exactly what cards match against — and the scenario check. */
import { memo } from 'react';
import { selectObserved, selectScenarioCheck, useApp } from '../store';

const TEXT = {
  title: 'Observed state', region: 'Observed state as JSON',
  pending: 'Step to the end to check the expected outcome.', pass: '✓ Reached the expected outcome.',
  mismatch: (expected: unknown, actual: unknown) => `: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
};

export function ObservedState() {
  const observed = useApp(selectObserved);
  if (!observed) return null;
  return (
    <section className="panel observed" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ScenarioCheck />
      <ObservedJson observed={observed} />
    </section>
  );
}

const ObservedJson = memo(function ObservedJson({ observed }: { observed: Record<string, unknown> }) {
  return <pre data-testid="observed-state" tabIndex={0} role="region" aria-label={TEXT.region}>{JSON.stringify(observed, null, 2)}</pre>;
});

/** The open scenario's outcome; also shown in presenter view. */
export function ScenarioCheck() {
  const check = useApp(selectScenarioCheck);
  if (!check) return null;
  const status = !check.atEnd ? 'pending' : check.mismatches.length === 0 ? 'pass' : 'fail';
  return (
    <div className={`scenario-check ${status}`} data-testid="scenario-check" data-status={status}>
      <strong>{check.scenario.title}</strong>
      {status === 'pending' ? <div>{TEXT.pending}</div>
        : status === 'pass' ? <div>{TEXT.pass}</div>
          : <ul>{check.mismatches.map((m) => <li key={m.path}><code>{m.path}</code>{TEXT.mismatch(m.expected, m.actual)}</li>)}</ul>}
    </div>
  );
}
