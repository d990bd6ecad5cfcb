/**
 * What survives a crash. At the latest crash up to the cursor, side by side:
 * - lost: what the node was doing in memory — the transaction that rolled back (with the
 *   rows it would have written), the frames addressed to it that died with its
 *   connections, and the rows of the stores that hold its process memory (node specs with
 *   `memoryOf`) that the crash step removed (crashLoss.ts);
 * - kept: what its own database holds — the rows a restart will read (read through the
 *   read-only inspector path, at the step of the crash; LangGraph's checkpoints as readable
 *   rows — id, super-step, the nodes before it, channels changed, pending writes — from the
 *   model's `engineCheckpoints`, not their serialized JSON);
 * and once it has restarted, what recovery did: the restart step's transactions, frames and
 * narration — or, when the node restarted inside the crash step, what that step did from
 * the World's restart mark on. Everything comes from the trace and the node's database.
 */
import { cellText } from './cellText';
import { CheckpointTable } from './CheckpointTable';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useRenderMessage } from '../i18n/renderMessage';
import { keptRows, type TableRows } from '../../lab/nodeTables';
import { crashLoss, latestCrash, type CrashAt, type CrashLoss } from '../crashLoss';
import { selectNodes, selectSession, selectTrace, useApp } from '../store';
import { SLIDE_KEY } from '../useKeyboard';
import { openLecture } from './lectureDialogs';

/** The panel's words in the page's language (src/app/i18n/locales/<locale>/app.json); the crash slide's too. */
export function useCrashText() {
  const { t } = useTranslation();
  return {
    title: t('crash.title'),
    heading: (node: string, point: string, step: number) => t('crash.heading', { node, point, step }),
    lost: t('crash.lost'), kept: t('crash.kept'), recovery: (step: number) => t('crash.recovery', { step }),
    rolledBack: (store: string, name: string) => t('crash.rolledBack', { store, name }),
    wouldWrite: (table: string, w: { insert: number; update: number; delete: number }) => t('crash.wouldWrite', { table, insert: w.insert, update: w.update, delete: w.delete }),
    nothingUncommitted: t('crash.nothingUncommitted'),
    frameLost: (id: number, kind: string, from: string) => t('crash.frameLost', { id, kind, from }),
    memoryLost: (store: string) => t('crash.memoryLost', { store }),
    memoryRows: (table: string, n: number) => t('crash.memoryRows', { table, count: n }),
    memoryEmpty: t('crash.memoryEmpty'),
    rows: (n: number) => t('crash.rows', { count: n }),
    more: (n: number) => t('crash.more', { count: n }),
    notRestarted: t('crash.notRestarted'),
    recoveryTx: (store: string, name: string, outcome: string) => t('crash.recoveryTx', { store, name, outcome }),
    sent: (id: number, kind: string, to: string) => t('crash.sent', { id, kind, to }),
    noRecovery: t('crash.noRecovery'),
    slide: t('slide.open'),
  };
}


/** The latest crash at or before the cursor and what it lost (crashLoss.ts), as the crash panel and the crash slide show it; null before any. */
export function useLatestCrash(): (CrashAt & { lost: CrashLoss }) | null {
  const trace = useApp(selectTrace);
  // The specs only (as Topology and Inspector take them): the nodes' lines change every step.
  const specs = useApp(useShallow((s) => selectNodes(s).map((n) => n.spec)));
  const found = useMemo(() => latestCrash(trace), [trace]);
  const crash = found?.crash;
  const lost = useMemo(() => (crash ? crashLoss(crash, specs) : null), [crash, specs]);
  return useMemo(() => (found && lost ? { ...found, lost } : null), [found, lost]);
}

/**
 * The crashed node's tables right after the crash step (`keptRows`), read once per crash:
 * from a replay to the crash step (no table until it has run), or from the open World when
 * the cursor stands on the crash step.
 */
export function useKeptRows(crash: CrashAt['crash']): TableRows[] {
  const session = useApp(selectSession);
  const node = crash.crash!.node;
  const read = useMemo(() => (session ? keptRows(session, node, crash.index) : []), [session, node, crash]);
  const [replayed, setReplayed] = useState<{ from: Promise<TableRows[]>; rows: TableRows[] } | null>(null);
  useEffect(() => {
    if (Array.isArray(read)) return;
    let live = true;
    void read.then((rows) => { if (live) setReplayed({ from: read, rows }); });
    return () => { live = false; };
  }, [read]);
  return Array.isArray(read) ? read : replayed?.from === read ? replayed.rows : NO_ROWS;
}

const NO_ROWS: TableRows[] = [];

export function CrashPanel() {
  const found = useLatestCrash();
  if (!found) return null;
  return <CrashDetail {...found} />;
}

const CrashDetail = memo(function CrashDetail({ crash, restart, lostFrames, lost }: CrashAt & { lost: CrashLoss }) {
  const node = crash.crash!.node;
  const kept = useKeptRows(crash);
  const TEXT = useCrashText();
  return (
    <section className="panel crash-panel" aria-label={TEXT.title} data-testid="crash-panel" data-node={node} data-step={crash.index}>
      <h2>{TEXT.title}</h2>
      <p className="crash-heading">{TEXT.heading(node, crash.crash!.point, crash.index)}</p>
      <div className="crash-columns">
        <div className="crash-lost" data-testid="crash-lost">
          <h3>{TEXT.lost}</h3>
          <LostItems lost={lost} lostFrames={lostFrames} prefix="crash" />
        </div>
        <div className="crash-kept" data-testid="crash-kept">
          <h3>{TEXT.kept}</h3>
          <KeptTables kept={kept} prefix="crash" />
        </div>
      </div>
      <div className="crash-recovery" data-testid="crash-recovery" data-restart={restart?.index}>
        {!restart ? <p className="muted">{TEXT.notRestarted}</p> : (
          <>
            <h3>{TEXT.recovery(restart.index)}</h3>
            <RecoveryItems restart={restart} />
          </>
        )}
      </div>
      <p className="crash-slide-open">
        <button onClick={() => openLecture('slide')} aria-haspopup="dialog" data-testid="crash-slide-button">
          {TEXT.slide} <kbd>{SLIDE_KEY}</kbd>
        </button>
      </p>
    </section>
  );
});

/**
 * What the crash lost: the transactions it rolled back (with the rows each would have
 * written), the frames to the node that died with it, the process memory it wiped.
 * `prefix` names the test ids (the panel's and the slide's are on the page together).
 */
export function LostItems({ lost, lostFrames, prefix }: { lost: CrashLoss; lostFrames: CrashAt['lostFrames']; prefix: string }) {
  const TEXT = useCrashText();
  const { rolledBack, memory } = lost;
  return (
    <>
      {rolledBack.length === 0 ? <p className="muted">{TEXT.nothingUncommitted}</p> : (
        <ul>{rolledBack.map((t, i) => (
          <li key={i} data-testid={`${prefix}-rolled-back`}><code>{TEXT.rolledBack(t.store, t.name)}</code>
            <ul>{Object.entries(t.writes).map(([table, w]) => <li key={table}>{TEXT.wouldWrite(table, w)}</li>)}</ul>
          </li>
        ))}</ul>
      )}
      {lostFrames.length > 0 && <ul>{lostFrames.map((f) => <li key={f.id} data-testid={`${prefix}-frame-lost`}>{TEXT.frameLost(f.id, f.kind, f.from)}</li>)}</ul>}
      {memory.length > 0 && (
        <ul>{memory.map((m) => (
          <li key={m.store} data-testid={`${prefix}-memory-${m.store}`}><code>{TEXT.memoryLost(m.store)}</code>
            <ul>{m.tables.length === 0 ? <li className="muted">{TEXT.memoryEmpty}</li>
              : m.tables.map((t) => <li key={t.table} data-table={t.table} data-rows={t.rows}>{TEXT.memoryRows(t.table, t.rows)}</li>)}</ul>
          </li>
        ))}</ul>
      )}
    </>
  );
}

/** What the node's database kept: each table's first rows (LangGraph's checkpoints as readable rows). */
export function KeptTables({ kept, prefix }: { kept: TableRows[]; prefix: string }) {
  const TEXT = useCrashText();
  return (
    <>
      {kept.map((t) => (
        <div key={t.table} className="kept-table" data-testid={`${prefix}-kept-${t.table}`} data-rows={t.total}>
          <strong>{t.table}</strong> <span className="muted">{TEXT.rows(t.total)}</span>
          {t.checkpoints ? t.checkpoints.length > 0 && <CheckpointTable rows={t.checkpoints} label={t.table} /> : t.rows.length > 0 && (
            <div className="table-wrap" tabIndex={0} role="region" aria-label={t.table}>
              <table>
                <thead><tr>{t.columns.map((c) => <th key={c}>{c}</th>)}</tr></thead>
                <tbody>{t.rows.map((row, i) => <tr key={i}>{row.map((v, j) => { const cell = cellText(v); return <td key={j} title={cell.full}>{cell.text}</td>; })}</tr>)}</tbody>
              </table>
            </div>
          )}
          {t.total > (t.checkpoints ?? t.rows).length && <span className="muted">{TEXT.more(t.total - (t.checkpoints ?? t.rows).length)}</span>}
        </div>
      ))}
    </>
  );
}

/** What recovery did after the restart: its transactions, the frames it sent, the World's narration from the restart on. */
export function RecoveryItems({ restart }: { restart: NonNullable<CrashAt['restart']> }) {
  const TEXT = useCrashText();
  const renderMessage = useRenderMessage();
  return (
    <>
      {restart.transactions.length > 0 ? <ul>{restart.transactions.map((t, i) => <li key={i}><code>{TEXT.recoveryTx(t.store, t.name, t.outcome)}</code></li>)}</ul>
        : <p className="muted">{TEXT.noRecovery}</p>}
      <ul>
        {restart.sent.map((f) => <li key={f.id}>{TEXT.sent(f.id, f.kind, f.to)}</li>)}
        {restart.notes.map((n, i) => <li key={`n${i}`}>{renderMessage(n)}</li>)}
      </ul>
    </>
  );
}

