/**
 * The trace: one entry per step with what it did (transactions, frames, notes, crash) and
 * whether the invariants held; steps ahead of the cursor are listed greyed. Click to jump.
 * Each entry is a memoised row: a step re-renders the rows whose content or "current" mark
 * changed, not the whole list.
 */
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TraceEntry } from '../../sim/world';
import { stepLabel, type StepLabel } from '../../lab/sessionLabels';
import { useRenderMessage } from '../i18n/renderMessage';
import { jumpTo, selectCursor, selectTrace, selectUpcoming, useApp } from '../store';

/**
 * The panel's words in the page's language (src/app/i18n/locales/<locale>/app.ts), looked
 * up once per language (`t` changes with it), not on every step by every row rendered.
 */
function useText() {
  const { t } = useTranslation();
  return useMemo(() => ({
    title: t('timeline.title'), region: t('timeline.region'),
    time: (time: number) => `t=${time}`,
    crash: (node: string, point: string) => t('timeline.crash', { node, point }),
    rolledBack: t('timeline.rolledBack'), wroteNothing: t('timeline.wroteNothing'),
    violates: (ids: string[]) => t('timeline.violates', { ids: ids.join(', ') }),
  }), [t]);
}

/** "+1 ~2 -0" style counts of rows inserted, updated, deleted. */
function describeWrites(w: { insert: number; update: number; delete: number }): string {
  return [w.insert ? `+${w.insert}` : '', w.update ? `~${w.update}` : '', w.delete ? `−${w.delete}` : ''].filter(Boolean).join(' ');
}

export function Timeline() {
  const trace = useApp(selectTrace);
  const upcoming = useApp(selectUpcoming);
  const cursor = useApp(selectCursor);
  const TEXT = useText();
  return (
    <section className="panel timeline" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ol tabIndex={0} aria-label={TEXT.region}>
        {trace.map((entry) => <TimelineEntry key={entry.index} entry={entry} current={entry.index === cursor} />)}
        {/* Keyed by step number, not position: after a step each row keeps its key and props
            (stableView shifts the labels with the cursor), so only the row that became the
            current entry changes instead of every row ahead being rewritten. */}
        {upcoming.map((label, i) => <UpcomingEntry key={`u${cursor + i + 1}`} index={cursor + i + 1} label={label} />)}
      </ol>
    </section>
  );
}

const TimelineEntry = memo(function TimelineEntry({ entry, current }: { entry: TraceEntry; current: boolean }) {
  const broken = entry.invariants.filter((i) => !i.ok).map((i) => i.id);
  const renderMessage = useRenderMessage();
  const TEXT = useText();
  return (
    <li data-testid={`timeline-entry-${entry.index}`} className={`${current ? 'current' : ''}${broken.length ? ' broken' : ''}`} aria-current={current ? 'step' : undefined}>
      <button className="link" onClick={() => jumpTo(entry.index)}>
        <span className="step-no">{entry.index}</span> {renderMessage(stepLabel(entry.action, entry.label))} <span className="muted">{TEXT.time(entry.time)}</span>
      </button>
      {entry.crash && <div className="crash">{TEXT.crash(entry.crash.node, entry.crash.point)}</div>}
      {entry.notes.map((note, i) => <div key={i} className="note">{renderMessage(note)}</div>)}
      {entry.transactions.length > 0 && (
        <div className="txs">{entry.transactions.map((t, i) => (
          <div key={i} className={`tx ${t.outcome}`}>
            <code>{t.store}.{t.name}{t.outcome === 'rollback' ? TEXT.rolledBack : ''}</code>
            {Object.keys(t.writes).length === 0 ? <span className="muted">{TEXT.wroteNothing}</span>
              : Object.entries(t.writes).map(([table, w]) => <span key={table} className="tx-table">{table} {describeWrites(w)}</span>)}
          </div>
        ))}</div>
      )}
      {broken.length > 0 && <div className="violation">{TEXT.violates(broken)}</div>}
    </li>
  );
});

const UpcomingEntry = memo(function UpcomingEntry({ index, label }: { index: number; label: StepLabel }) {
  const renderMessage = useRenderMessage();
  return (
    <li className="upcoming" data-testid={`timeline-upcoming-${index}`}>
      <button className="link" onClick={() => jumpTo(index)}>
        <span className="step-no">{index}</span> {renderMessage(label)}
      </button>
    </li>
  );
});
