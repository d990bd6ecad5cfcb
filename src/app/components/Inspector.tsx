/**
 * The read-only SQL inspector: pick a node, pick a table or type a query. Queries run on a
 * throwaway copy of that node's database (Store.readOnlyQuery), so nothing typed here can
 * change the World; errors come back as messages. A query re-runs when the step changes.
 */
import { useEffect, useState } from 'react';
import type { QueryResult } from '../../core/db/store';
import { selectSession, selectView, useApp } from '../store';

export function Inspector() {
  const session = useApp(selectSession);
  const view = useApp(selectView);
  const [node, setNode] = useState<string>('');
  const [sql, setSql] = useState('');
  const [result, setResult] = useState<QueryResult | null>(null);
  const nodeId = node || view?.nodes[0]?.spec.id || '';
  const tables = session && nodeId ? safeTables(session, nodeId) : [];

  const run = (text: string) => {
    if (!session || !nodeId) return;
    setResult(session.current.store(nodeId).readOnlyQuery(text));
  };
  // Keep the result in step with the World as the learner moves through the trace.
  useEffect(() => { if (result?.ok) run(sql); }, [view]);

  if (!session || !view) return null;
  return (
    <section className="panel inspector" aria-label="Database inspector">
      <h2>Inspector <span className="muted">read-only; each node has its own database</span></h2>
      <div className="inspector-controls">
        <select value={nodeId} onChange={(e) => { setNode(e.target.value); setResult(null); }} data-testid="inspector-node">
          {view.nodes.map((n) => <option key={n.spec.id} value={n.spec.id}>{n.spec.label}</option>)}
        </select>
        {tables.map((t) => (
          <button key={t} data-testid={`inspector-table-${t}`} onClick={() => { const q = `SELECT * FROM ${t}`; setSql(q); run(q); }}>{t}</button>
        ))}
      </div>
      <textarea value={sql} rows={2} spellCheck={false} placeholder="SELECT * FROM …  (Ctrl+Enter runs)" data-testid="inspector-query"
        onChange={(e) => setSql(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(sql); }} />
      <button onClick={() => run(sql)} data-testid="inspector-run">Run</button>
      {result && !result.ok && <p className="error" role="alert" data-testid="inspector-error">{result.error}</p>}
      {result && result.ok && (
        <div className="table-wrap">
          <table data-testid="inspector-result">
            <thead><tr>{result.columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
            <tbody>{result.rows.map((row, i) => <tr key={i}>{row.map((v, j) => <td key={j}>{v === null ? <span className="muted">NULL</span> : String(v)}</td>)}</tr>)}</tbody>
          </table>
          {result.rows.length === 0 && <p className="muted">No rows.</p>}
        </div>
      )}
    </section>
  );
}

function safeTables(session: NonNullable<ReturnType<typeof selectSession>>, node: string): string[] {
  try {
    return session.current.store(node).tables();
  } catch {
    return [];
  }
}
