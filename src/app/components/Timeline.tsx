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
import { memo, useEffect, useMemo, useRef } from 'react';
import type { TraceEntry } from '../../sim/world';
import { stepLabel, type StepLabel } from '../../lab/sessionLabels';
import { usePageText } from '../i18n/pageText';
import { useRenderMessage } from '../i18n/renderMessage';
import { jumpTo, selectCursor, selectTrace, selectUpcoming, useApp } from '../store';

/**
 * The panel's words in the page's language (src/app/i18n/locales/<locale>/app.json), looked
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
  const list = useFollowCurrent(cursor, trace.length > 0);
  return (
    <section className="panel timeline" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ol tabIndex={0} aria-label={TEXT.region} ref={list}>
        {/* One array keyed by step number, not position: after a step each row keeps its key
            and props (a step label is one object per step: src/lab/session.ts), so only the row that
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

/**
 * Keeps the current row in view after a step (scrolling as little as it can, like
 * scrollIntoView's block 'nearest'), without reading layout right after React's commit: that
 * read would force a layout of the whole list on every step, and rows out of view are
 * skipped (`content-visibility: auto`) so their size is only known once laid out anyway.
 * An IntersectionObserver on the current row is told, once the browser has laid the page out
 * for its next frame, where the row and the list's visible box are; only when the row is not
 * wholly inside is the list scrolled, by the difference (a write, no read). A row scrolled
 * into view may then be drawn taller than its placeholder, which the observer reports too,
 * so a few follow-up reports per step are honoured; after that a learner who scrolls the list
 * away from the current row is left alone until the next step.
 */
function useFollowCurrent(cursor: number, hasEntries: boolean) {
  const list = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    const root = list.current;
    const row = hasEntries ? root?.querySelector<HTMLElement>(':scope > li[aria-current="step"]') : null;
    if (!root || !row) return;
    let reports = 3; // the first report and up to two corrections once the row is drawn
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      const box = entry?.rootBounds;
      if (!entry || !box || reports <= 0) return;
      reports -= 1;
      const r = entry.boundingClientRect;
      let delta = 0;
      if (r.top < box.top || r.height > box.height) delta = r.top - box.top; // above, or taller than the box: its top at the top
      else if (r.bottom > box.bottom) delta = r.bottom - box.bottom; // below: its bottom at the bottom
      if (Math.abs(delta) >= 1) root.scrollBy({ top: delta, behavior: 'instant' });
      else reports = 0; // in view: done for this step
    }, { root, threshold: [0, 1] });
    observer.observe(row);
    return () => observer.disconnect();
  }, [cursor, hasEntries]);
  return list;
}
