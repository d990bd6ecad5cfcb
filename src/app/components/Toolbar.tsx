/** Reset / back / step, the step counter, the clock, the scenario picker and the switches. */
import { clearSteps, jumpTo, openScenario, resetLab, selectSession, selectView, setSwitch, stepBack, stepForward, useApp } from '../store';

export function Toolbar() {
  const view = useApp(selectView);
  const session = useApp(selectSession);
  if (!view || !session) return null;
  const scenarioId = view.scenarioCheck?.scenario.id ?? '';
  return (
    <div className="toolbar" role="toolbar" aria-label="Stepping">
      <button onClick={resetLab} disabled={view.cursor === 0} data-testid="reset" title="Reset to the starting state (Home or r)">⟲ Reset</button>
      <button onClick={stepBack} disabled={view.cursor === 0} data-testid="step-back" title="Step back (← or ,)">◀ Back</button>
      <button onClick={stepForward} disabled={view.cursor >= view.total} data-testid="step-forward" className="primary" title="Step forward (→ or .)">Step ▶</button>
      <input type="range" min={0} max={view.total} value={view.cursor} aria-label="Step" disabled={view.total === 0}
        onChange={(e) => jumpTo(Number(e.target.value))} data-testid="step-slider" />
      <span className="counter" data-testid="step-counter">step {view.cursor} / {view.total}</span>
      <span className="clock" data-testid="clock">t = {view.time}</span>
      <label className="field">
        Scenario
        <select value={scenarioId} data-testid="scenario-select" onChange={(e) => e.target.value ? openScenario(e.target.value) : clearSteps()}>
          <option value="">Sandbox (my own steps)</option>
          {session.lab.scenarios.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
        </select>
      </label>
      {view.switchSpecs.map((spec) => (
        <label key={spec.key} className="field">
          {spec.label}
          <select value={view.switches[spec.key]} data-testid={`switch-${spec.key}`} onChange={(e) => setSwitch(spec.key, e.target.value)}>
            {spec.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
      ))}
    </div>
  );
}
