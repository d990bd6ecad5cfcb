/** The lab catalog: every bundled lab (or its error card), plus a checker for lab files. */
import type { LabLoad } from '../../lab/schema';
import { navigate, previewLabFiles, selectLoads, selectPreviews, useApp } from '../store';
import { LabErrorCard } from './LabErrorCard';

export function Catalog() {
  const loads = useApp(selectLoads);
  const previews = useApp(selectPreviews);
  return (
    <main className="catalog">
      <section className="intro">
        <h1>Durable Execution Lab</h1>
        <p>Step through crashes while the real protocol runs underneath: every node keeps its own SQLite
          database in this tab, every message crosses a simulated network, and every step can be undone.</p>
      </section>
      <div className="lab-grid" data-testid="catalog">
        {[...previews, ...loads].map((load, i) => <CatalogEntry key={i} load={load} />)}
      </div>
      <section className="panel authoring">
        <h2>Check a lab file</h2>
        <p className="muted">Pick a <code>lab.json</code> (and its <code>README.md</code>) to validate it here. A valid one opens like any other lab.</p>
        <input type="file" accept=".json,.md" multiple data-testid="preview-lab-input"
          onChange={(e) => { void previewLabFiles([...(e.target.files ?? [])]); e.target.value = ''; }} />
      </section>
    </main>
  );
}

function CatalogEntry({ load }: { load: LabLoad }) {
  if (!load.ok) return <LabErrorCard load={load} />;
  const { lab } = load;
  return (
    <article className="lab-card" data-testid={`lab-card-${lab.id}`}>
      <h3><span className="lab-id">{lab.id}</span> {lab.title}</h3>
      <p>{lab.summary}</p>
      <p className="muted">SPEC {lab.spec.join(', ')}{lab.rules.length ? ` · ${lab.rules.join(', ')}` : ''}</p>
      <button className="primary" onClick={() => navigate({ page: 'lab', labId: lab.id })} data-testid={`open-${lab.id}`}>Open</button>
    </article>
  );
}
