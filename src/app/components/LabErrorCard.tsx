/** A lab that failed validation: which file, which field, what is wrong. */
import type { LabLoad } from '../../lab/schema';

export function LabErrorCard({ load }: { load: Extract<LabLoad, { ok: false }> }) {
  return (
    <article className="lab-card error-card" data-testid="lab-error-card" data-file={load.file} role="alert">
      <h3>{load.id ?? 'A lab'} did not load</h3>
      <p><code>{load.file}</code></p>
      <ul>
        {load.problems.map((p, i) => (
          <li key={i}><code>{p.field}</code>: {p.message}{p.file !== load.file ? <> (in <code>{p.file}</code>)</> : null}</li>
        ))}
      </ul>
      <p className="muted">The other labs are unaffected. Fix the file and reload.</p>
    </article>
  );
}
