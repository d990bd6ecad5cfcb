/**
 * The trace: one entry per step with what it did (transactions, frames, notes, crash) and
 * whether the invariants held; steps ahead of the cursor are listed greyed. Click to jump.
 * Each entry is a memoised row: a step re-renders the rows whose content or "current" mark
 * changed, not the whole list.
 *
 * A step ahead and the same step once taken are one row, keyed by the step number: the <li>
 * stays in the document and only its content changes. Rows are `content-visibility: auto`
 * (styles.css), and Chromium re-numbers every ordered-list item on the page (the README's
 * lists) whenever such an element is inserted or removed, so swapping an "upcoming" <li> for
 * a new "entry" <li> on each step re-laid out and repainted the narrative panel.
 */
import { memo, useMemo } from 'react';
import type { TraceEntry } from '../../sim/world';
import { stepLabel, type StepLabel } from '../../lab/sessionLabels';
import { usePageText } from '../i18n/pageText';
import { useRenderMessage } from '../i18n/renderMessage';
import { jumpTo, selectCursor, selectTrace, selectUpcoming, useApp } from '../store';

/**
 * The panel's words in the page's language (src/app/i18n/locales/<locale>/app.ts), looked
 * up once per language (`t` changes with it), not on every step by every row rendered.
 * `usePageText`, not react-i18next's `useTranslation`: each row that re-renders on a step
 * would otherwise redo that hook's per-render namespace checks (see pageText.ts).
 */
function useText() {
  const { t } = usePageText();
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
        {/* One array keyed by step number, not position: after a step each row keeps its key
            and props (stableView shifts the labels with the cursor), so only the row that
            became the current entry changes, and it keeps its <li>. */}
        {[
          ...trace.map((entry) => <TimelineRow key={entry.index} index={entry.index} entry={entry} current={entry.index === cursor} />),
          ...upcoming.map((label, i) => <TimelineRow key={cursor + i + 1} index={cursor + i + 1} label={label} current={false} />),
        ]}
      </ol>
    </section>
  );
}

/**
 * A step taken (`entry`) or ahead of the cursor (`label`). Both render the same <li> from the
 * same component, so when the cursor passes a row React updates that element in place.
 */
const TimelineRow = memo(function TimelineRow({ index, entry, label, current }: { index: number; entry?: TraceEntry; label?: StepLabel; current: boolean }) {
  const renderMessage = useRenderMessage();
  const TEXT = useText();
  if (!entry) {
    return (
      <li className="upcoming" data-testid={`timeline-upcoming-${index}`}>
        <button className="link" onClick={() => jumpTo(index)}>
          <span className="step-no">{index}</span> {renderMessage(label ?? '')}
        </button>
      </li>
    );
  }
  const broken = entry.invariants.filter((i) => !i.ok).map((i) => i.id);
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
