/** One lab: narrative and actions on the left, diagrams in the middle, state and trace on the right. */
import { selectRoute, selectSession, selectView, useApp } from '../store';
import { useLabKeyboard } from '../useKeyboard';
import { ActionPalette } from './ActionPalette';
import { ExercisesPanel } from './ExercisesPanel';
import { Inspector } from './Inspector';
import { InvariantPanel } from './InvariantPanel';
import { LAB_PANELS } from './labPanels';
import { MachineDiagram } from './MachineDiagram';
import { Narrative } from './Narrative';
import { NetworkPanel } from './NetworkPanel';
import { ObservedState } from './ObservedState';
import { Timeline } from './Timeline';
import { Toolbar } from './Toolbar';
import { Topology } from './Topology';

export function LabPage() {
  const route = useApp(selectRoute);
  const session = useApp(selectSession);
  const view = useApp(selectView);
  const palette = session?.lab.actions ?? [];
  useLabKeyboard(palette);
  if (!session || !view) return <main className="loading">Opening the lab…</main>;
  const { lab } = session;
  return (
    <main className={`lab${route.page === 'lab' && route.present ? ' presenting' : ''}`} data-testid={`lab-${lab.id}`}>
      <header className="lab-head">
        <h1><span className="lab-id">{lab.id}</span> {lab.title}</h1>
        <p className="muted">SPEC {lab.spec.join(', ')} · {lab.rules.join(', ')}</p>
      </header>
      <Toolbar />
      <div className="lab-grid-3">
        <div className="col-left">
          <Narrative markdown={lab.readme} />
          <ExercisesPanel />
          <ActionPalette entries={palette} />
        </div>
        <div className="col-main">
          {(LAB_PANELS[lab.model] ?? []).map((Panel, i) => <Panel key={i} />)}
          <Topology />
          <div className="machines">
            {view.machines.map((m) => <MachineDiagram key={m.id} graph={m.graph} state={m.state} title={m.title} />)}
          </div>
          <NetworkPanel />
          <Inspector />
        </div>
        <div className="col-right">
          <InvariantPanel />
          <ObservedState />
          <Timeline />
        </div>
      </div>
    </main>
  );
}
