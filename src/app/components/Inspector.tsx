/**
 * The read-only SQL inspector: pick a node, pick a table or type a query. Queries run on a
 * throwaway copy of that node's database (Store.readOnlyQuery), so nothing typed here can
 * change the World; errors come back as messages. A query re-runs when the step changes.
 * A node's table list depends only on its schema, so it is read once per schema, not per
 * step.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryResult } from '../../core/db/store';
import { useRenderMessage } from '../i18n/renderMessage';
import { selectCursor, selectNodes, selectSession, selectTrace, useApp } from '../store';

/** The inspector's words in the page's language (src/app/i18n/locales/<locale>/app.ts). */
function useText() {
  const { t } = useTranslation();
  return {
    title: t('inspector.title'), subtitle: t('inspector.subtitle'),
    node: t('inspector.node'), query: t('inspector.query'),
    placeholder: t('inspector.placeholder'), run: t('inspector.run'), noRows: t('inspector.noRows'), result: t('inspector.result'),
  };
}

/** Tables per node schema (DDL text): fixed for the life of a lab's World. */
const tablesBySchema = new Map<string, string[]>();

export function Inspector() {
  const session = useApp(selectSession);
  const nodes = useApp(selectNodes);
  const cursor = useApp(selectCursor);
  const trace = useApp(selectTrace);
  const [node, setNode] = useState<string>('');
  const [sql, setSql] = useState('');
  const [result, setResult] = useState<QueryResult | null>(null);
  const TEXT = useText();
  const say = useRenderMessage();
  const nodeId = node || nodes[0]?.spec.id || '';
  const spec = nodes.find((n) => n.spec.id === nodeId)?.spec;
  const tables = session && spec ? tablesOf(session, spec.id, spec.schema) : [];

  const run = (text: string) => {
    if (!session || !nodeId) return;
    setResult(session.current.store(nodeId).readOnlyQuery(text));
  };
  // Keep the result in step with the World as the learner moves through the trace.
  useEffect(() => { if (result?.ok) run(sql); }, [cursor, trace]);

  if (!session || nodes.length === 0) return null;
  return (
    <section className="panel inspector" aria-label={TEXT.title}>
      <h2>{TEXT.title} <span className="muted">{TEXT.subtitle}</span></h2>
      <div className="inspector-controls">
        <select value={nodeId} onChange={(e) => { setNode(e.target.value); setResult(null); }} data-testid="inspector-node" aria-label={TEXT.node}>
          {nodes.map((n) => <option key={n.spec.id} value={n.spec.id}>{say(n.spec.label)}</option>)}
        </select>
        {tables.map((t) => (
          <button key={t} data-testid={`inspector-table-${t}`} onClick={() => { const q = `SELECT * FROM ${t}`; setSql(q); run(q); }}>{t}</button>
        ))}
      </div>
      <textarea value={sql} rows={2} spellCheck={false} placeholder={TEXT.placeholder} data-testid="inspector-query" aria-label={TEXT.query}
        onChange={(e) => setSql(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(sql); }} />
      <button onClick={() => run(sql)} data-testid="inspector-run">{TEXT.run}</button>
      {result && !result.ok && <p className="error" role="alert" data-testid="inspector-error">{result.error}</p>}
      {result && result.ok && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={TEXT.result}>
          <table data-testid="inspector-result">
            <thead><tr>{result.columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
            <tbody>{result.rows.map((row, i) => <tr key={i}>{row.map((v, j) => <td key={j}>{v === null ? <span className="muted">NULL</span> : String(v)}</td>)}</tr>)}</tbody>
          </table>
          {result.rows.length === 0 && <p className="muted">{TEXT.noRows}</p>}
        </div>
      )}
    </section>
  );
}

function tablesOf(session: NonNullable<ReturnType<typeof selectSession>>, node: string, schema: string): string[] {
  const key = `${node}\n${schema}`;
  const known = tablesBySchema.get(key);
  if (known) return known;
  try {
    const tables = session.current.store(node).tables();
    tablesBySchema.set(key, tables);
    return tables;
  } catch {
    return [];
  }
}
