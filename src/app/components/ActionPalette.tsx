/** The lab's actions, grouped as its lab.json declares them; each click is one World step. */
import type { PaletteEntry } from '../../lab/schema';
import { actionSlug } from '../actionSlug';
import { playAction, selectView, useApp } from '../store';

export function ActionPalette({ entries }: { entries: PaletteEntry[] }) {
  const view = useApp(selectView);
  const groups = [...new Set(entries.map((e) => e.group))];
  return (
    <section className="panel palette" aria-label="Actions">
      <h2>Actions</h2>
      {groups.map((group) => (
        <div key={group} className="palette-group">
          <h3>{group}</h3>
          <div className="palette-buttons">
            {entries.filter((e) => e.group === group).map((entry) => (
              <button key={actionSlug(entry.action)} onClick={() => playAction(entry.action)} title={entry.help ?? entry.label}
                data-testid={`action-${actionSlug(entry.action)}`}>
                {entry.label}{entry.key ? <kbd>{entry.key}</kbd> : null}
              </button>
            ))}
          </div>
        </div>
      ))}
      {view && view.armed.length > 0 && <p className="armed" data-testid="armed-faults">Armed: {view.armed.join(', ')}</p>}
    </section>
  );
}
