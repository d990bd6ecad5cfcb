/**
 * The read-only SQL inspector: pick a node, pick a table or type a query. Queries run on a
 * throwaway copy of that node's database (Store.readOnlyQuery), so nothing typed here can
 * change the World; errors come back as messages. A query re-runs when the step changes.
 * A node's table list depends only on its schema, so it is read once per schema, not per
 * step.
 */
import { runQuery } from '../inspector/queryClient';
import { memo, useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { QueryProblem, QueryResult } from '../../core/db/store';
import { useRenderMessage } from '../i18n/renderMessage';
import { selectNodes, selectSession, selectTrace, useApp } from '../store';

type Text = ReturnType<typeof useText>;

/** The inspector's words in the page's language (src/app/i18n/locales/<locale>/app.json), once per language. */
function useText() {
  const { t } = useTranslation();
  return useMemo(() => ({
    title: t('inspector.title'), subtitle: t('inspector.subtitle'),
    node: t('inspector.node'), query: t('inspector.query'),
    placeholder: t('inspector.placeholder'), run: t('inspector.run'), noRows: t('inspector.noRows'), result: t('inspector.result'),
    problem: (p: QueryProblem) => problemText(p, t),
  }), [t]);
}

/**
 * A query's problem in the page's language. The app's own problems are whole sentences;
 * SQLite's message exists only in English, so it is quoted after a translated lead-in that
 * says whose words they are.
 */
export function problemText(problem: QueryProblem, t: TFunction<'app'>): string {
  switch (problem.code) {
    case 'empty': return t('inspector.empty');
    case 'several': return t('inspector.several');
    case 'engine': return t('inspector.engine', { engine: problem.engine });
    case 'timeout': return t('inspector.timeout', { seconds: problem.seconds });
  }
}

/** Tables per node schema (DDL text): fixed for the life of a lab's World. */
const tablesBySchema = new Map<string, string[]>();

/**
 * The panel re-renders on a step only while a result is shown (the query re-runs against
 * the World at the new step); with no result, a step changes nothing here (it reads the
 * nodes' specs, not their status or lines). The controls are a memoised part of their own, so re-running the
 * query redraws the result table, not the node picker and table buttons.
 */
export function Inspector() {
  const session = useApp(selectSession);
  // The nodes' specs only (the same objects for the life of the World), not their live lines.
  const nodes = useApp(useShallow((s) => selectNodes(s).map((n) => n.spec)));
  const [node, setNode] = useState<string>('');
  const [sql, setSql] = useState('');
  const [result, setResult] = useState<QueryResult | null>(null);
  // The trace changes with every step (and with a switch): the World changed under the query.
  const live = result?.ok === true;
  const trace = useApp((s) => (live ? selectTrace(s) : null));
  const TEXT = useText();
  const nodeId = node || nodes[0]?.id || '';

  const run = (text: string) => {
    if (!session || !nodeId) return;
    // In a worker with a time limit (queryClient.ts): a query that never ends stops there.
    void session.read((world) => world.store(nodeId).export())
      .then((image) => runQuery(image, text))
      .then((answer) => { if (answer) setResult(answer); }, () => undefined); // a closed session has nothing to show
  };
  // Keep the result in step with the World as the learner moves through the trace.
  useEffect(() => { if (live) run(sql); }, [trace]);

  if (!session || nodes.length === 0) return null;
  return (
    <section className="panel inspector" aria-label={TEXT.title}>
      <h2>{TEXT.title} <span className="muted">{TEXT.subtitle}</span></h2>
      <InspectorControls session={session} nodes={nodes} nodeId={nodeId} sql={sql} text={TEXT}
        onNode={(id) => { setNode(id); setResult(null); }} onSql={setSql} onRun={(q) => { setSql(q); run(q); }} />
      {result && !result.ok && <p className="error" role="alert" data-testid="inspector-error">{TEXT.problem(result.problem)}</p>}
      {result && result.ok && <ResultTable result={result} text={TEXT} />}
    </section>
  );
}

type Session = NonNullable<ReturnType<typeof selectSession>>;
type Nodes = readonly ReturnType<typeof selectNodes>[number]['spec'][];

/** Node picker, table buttons and the query box. The callbacks are new each render but close over only the compared props and state setters, so they are left out of the comparison. */
const InspectorControls = memo(function InspectorControls({ session, nodes, nodeId, sql, text: TEXT, onNode, onSql, onRun }: {
  session: Session; nodes: Nodes; nodeId: string; sql: string; text: Text;
  onNode: (id: string) => void; onSql: (sql: string) => void; onRun: (sql: string) => void;
}) {
  const say = useRenderMessage();
  const spec = nodes.find((n) => n.id === nodeId);
  const tables = spec ? tablesOf(session, spec.id, spec.schema) : [];
  return (
    <>
      <div className="inspector-controls">
        <select value={nodeId} onChange={(e) => onNode(e.target.value)} data-testid="inspector-node" aria-label={TEXT.node}>
          {nodes.map((n) => <option key={n.id} value={n.id}>{say(n.label)}</option>)}
        </select>
        {tables.map((t) => (
          <button key={t} data-testid={`inspector-table-${t}`} onClick={() => onRun(`SELECT * FROM ${t}`)}>{t}</button>
        ))}
      </div>
      <textarea value={sql} rows={2} spellCheck={false} placeholder={TEXT.placeholder} data-testid="inspector-query" aria-label={TEXT.query}
        onChange={(e) => onSql(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onRun(sql); }} />
      <button onClick={() => onRun(sql)} data-testid="inspector-run">{TEXT.run}</button>
    </>
  );
}, (a, b) => a.session === b.session && a.nodes === b.nodes && a.nodeId === b.nodeId && a.sql === b.sql && a.text === b.text);

function ResultTable({ result, text: TEXT }: { result: Extract<QueryResult, { ok: true }>; text: Text }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={TEXT.result}>
      <table data-testid="inspector-result">
        <thead><tr>{result.columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
        <tbody>{result.rows.map((row, i) => <tr key={i}>{row.map((v, j) => <td key={j}>{v === null ? <span className="muted">NULL</span> : String(v)}</td>)}</tr>)}</tbody>
      </table>
      {result.rows.length === 0 && <p className="muted">{TEXT.noRows}</p>}
    </div>
  );
}

function tablesOf(session: NonNullable<ReturnType<typeof selectSession>>, node: string, schema: string): string[] {
  const key = `${node}\n${schema}`;
  const known = tablesBySchema.get(key);
  if (known) return known;
  try {
    const tables = session.tablesOf(node);
    tablesBySchema.set(key, tables);
    return tables;
  } catch {
    return [];
  }
}
