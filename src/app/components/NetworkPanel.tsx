/** Frames in flight, oldest first, with per-frame deliver / drop / duplicate. */
import { playAction, selectView, useApp } from '../store';

export function NetworkPanel() {
  const view = useApp(selectView);
  if (!view) return null;
  return (
    <section className="panel network" aria-label="Network" data-testid="network">
      <h2>Network <span className="muted">({view.frames.length} in flight)</span></h2>
      {view.frames.length === 0 ? <p className="muted">No frames in flight.</p> : (
        <ul className="frames">
          {view.frames.map((f) => (
            <li key={f.id} data-testid={`frame-${f.id}`}>
              <code>#{f.id}</code> {f.kind} <span className="muted">{f.from} → {f.to}{f.copyOf ? ` (copy of #${f.copyOf})` : ''}</span>
              <span className="frame-actions">
                <button onClick={() => playAction({ deliver: f.id })}>deliver</button>
                <button onClick={() => playAction({ drop: f.id })}>drop</button>
                <button onClick={() => playAction({ duplicate: f.id })}>duplicate</button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
