/**
 * The trace: one entry per step with what it did (transactions, frames, notes, crash) and
 * whether the invariants held; steps ahead of the cursor are listed greyed. Click to jump.
 */
import { jumpTo, selectView, useApp } from '../store';
import { formatMessage } from '../../lab/messages/format';

/** "+1 ~2 -0" style counts of rows inserted, updated, deleted. */
function describeWrites(w: { insert: number; update: number; delete: number }): string {
  return [w.insert ? `+${w.insert}` : '', w.update ? `~${w.update}` : '', w.delete ? `−${w.delete}` : ''].filter(Boolean).join(' ');
}

export function Timeline() {
  const view = useApp(selectView);
  if (!view) return null;
  return (
    <section className="panel timeline" aria-label="Timeline">
      <h2>Timeline</h2>
      <ol>
        {view.trace.map((entry) => {
          const broken = entry.invariants.filter((i) => !i.ok).map((i) => i.id);
          return (
            <li key={entry.index} data-testid={`timeline-entry-${entry.index}`} className={`${entry.index === view.cursor ? 'current' : ''}${broken.length ? ' broken' : ''}`}>
              <button className="link" onClick={() => jumpTo(entry.index)}>
                <span className="step-no">{entry.index}</span> {entry.label} <span className="muted">t={entry.time}</span>
              </button>
              {entry.crash && <div className="crash">✖ {entry.crash.node} crashed at {entry.crash.point}</div>}
              {entry.notes.map((note, i) => <div key={i} className="note">{formatMessage(note)}</div>)}
              {entry.transactions.length > 0 && (
                <div className="txs">{entry.transactions.map((t, i) => (
                  <div key={i} className={`tx ${t.outcome}`}>
                    <code>{t.store}.{t.name}{t.outcome === 'rollback' ? ' ↺ rolled back' : ''}</code>
                    {Object.keys(t.writes).length === 0 ? <span className="muted"> wrote nothing</span>
                      : Object.entries(t.writes).map(([table, w]) => <span key={table} className="tx-table">{table} {describeWrites(w)}</span>)}
                  </div>
                ))}</div>
              )}
              {broken.length > 0 && <div className="violation">violates {broken.join(', ')}</div>}
            </li>
          );
        })}
        {view.upcoming.map((label, i) => (
          <li key={`u${i}`} className="upcoming" data-testid={`timeline-upcoming-${view.cursor + i + 1}`}>
            <button className="link" onClick={() => jumpTo(view.cursor + i + 1)}>
              <span className="step-no">{view.cursor + i + 1}</span> {label}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
