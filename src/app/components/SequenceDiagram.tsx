/**
 * The message sequence diagram (Lamport / Maelstrom style), drawn from the real trace:
 * lifelines per node, one row per step labelled with the virtual clock, arrows for frames
 * from the step that sent them to the step that delivered them, a cross where one was lost,
 * duplicates marked as copies, crash and restart marks at the fault point. Steps ahead of
 * the cursor (known from an earlier walk) are greyed. Click or press Enter on a message or
 * a mark to jump to its step.
 *
 * The drawing is memoised on the run and the nodes; a step only moves the highlight, which
 * lies over the drawing instead of inside it: a step then moves two boxes on their own layer
 * and leaves the SVG to be neither laid out nor repainted. Only the rows near the scroll box
 * are drawn (`partsIn`, `bandAround`): a run of thousands of steps is otherwise thousands of
 * SVG groups rendered, laid out and painted whenever the run changes (a switch flipped under
 * a 2,000-step run spent most of its longest task there).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../core/message';
import { useRenderMessage } from '../i18n/renderMessage';
import { jumpTo, selectCursor, selectNodes, selectRoute, selectRun, useApp } from '../store';
import { useLectureLayout } from './FlowDiagram';
import { bandAround, fittedLane, GUTTER, MARK_LABEL_GAP, markLabel, NORMAL_TEXT, partsIn, PRESENTER_TEXT, SMALL_LECTURE_TEXT, sequenceLayout, type SeqLayout, type SeqMessage, type SeqParts } from './sequenceLayout';

/** The diagram's words in the page's language (src/app/i18n/locales/<locale>/app.json). */
function useText() {
  const { t } = useTranslation();
  return useMemo(() => ({
    title: t('sequence.title'),
    hint: t('sequence.hint'),
    diagram: t('sequence.diagram'),
    step: (index: number, time: number) => `${index} · t=${time}`,
    message: (m: SeqMessage) => t(m.copyOf ? 'sequence.messageCopy' : 'sequence.message', { id: m.id, kind: m.kind, from: m.from, to: m.to, copyOf: m.copyOf ?? '',
      outcome: m.outcome === 'delivered' ? t('sequence.delivered', { step: m.endedAt ?? '' }) : m.outcome === 'lost' ? t('sequence.lost', { step: m.endedAt ?? '' }) : t('sequence.inFlight') }),
    crash: (node: string, point: string | undefined, step: number) => t('sequence.crash', { node, point: point ?? '?', step }),
    restart: (node: string, step: number) => t('sequence.restart', { node, step }),
    empty: t('sequence.empty'),
  }), [t]);
}
type Text = ReturnType<typeof useText>;

const go = (step: number) => () => jumpTo(step);
const onKey = (step: number) => (e: React.KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); jumpTo(step); }
};

export function SequenceDiagram() {
  const run = useApp(selectRun);
  const nodes = useApp(selectNodes);
  const cursor = useApp(selectCursor);
  const laneKey = nodes.map((n) => n.spec.id).join(' ');
  const lanes = useMemo(() => laneKey.split(' ').filter(Boolean).map((id) => ({ id, label: id })), [laneKey]);
  // The scroll box's width (0 until measured); the lanes are fitted to it.
  const [boxWidth, setBoxWidth] = useState(0);
  const lane = fittedLane(boxWidth, lanes.length);
  // Presenter view sets the row texts larger (styles.css): the rows grow with them. Read as
  // LabPage reads it; it changes only when the route does, so a step keeps the memoised layout.
  const presenting = useApp((s) => { const r = selectRoute(s); return r.page === 'lab' && r.present === true; });
  const smallLecture = useLectureLayout().small;
  const text = presenting ? (smallLecture ? SMALL_LECTURE_TEXT : PRESENTER_TEXT) : NORMAL_TEXT;
  const layout = useMemo(() => sequenceLayout(run, lanes, lane, text), [run, lanes, lane, text]);
  const row = layout.rows.find((r) => r.index === cursor);
  // The band of the drawing near the scroll box; until the box is measured, around the cursor's row.
  const [band, setBand] = useState<{ from: number; to: number } | null>(null);
  const onBand = useCallback((next: { from: number; to: number }) => setBand((old) => (old && old.from === next.from && old.to === next.to ? old : next)), []);
  const shown = band ?? bandAround(row?.y ?? 0, 0);
  const parts = useMemo(() => partsIn(layout, shown.from, shown.to), [layout, shown.from, shown.to]);
  // Presenter view keeps the lanes' names over the rows as they scroll by (the box is short in the lecture layout).
  const scroller = useFollowRow(row, setBoxWidth, presenting ? layout.head : 0, onBand);
  const TEXT = useText();
  const say = useRenderMessage();
  return (
    <section className="panel sequence" aria-label={TEXT.title} data-testid="sequence">
      <h2>{TEXT.title} <span className="muted">{TEXT.hint}</span></h2>
      <div className="sequence-scroll" ref={scroller} tabIndex={0} role="region" aria-label={TEXT.diagram}>
        {presenting && (
          // A copy of the lanes' names that stays at the top of the box; the drawing's own are under it at the top.
          <svg className="seq-heads" aria-hidden="true" width={layout.width} height={layout.head} style={{ marginBottom: -layout.head }} data-testid="sequence-heads">
            {layout.lanes.map((l) => <text key={l.id} x={l.x} y={l.nameY} textAnchor="middle" className="seq-lane-name">{l.label}</text>)}
          </svg>
        )}
        <div className="sequence-canvas" style={{ width: layout.width, height: layout.height }}>
          {row && <div className="seq-current" aria-hidden="true" data-testid="sequence-current" data-step={cursor}
            style={{ height: row.height, transform: `translateY(${row.y}px)` }} />}
          {row && <div className="seq-ahead" aria-hidden="true" style={{ height: layout.height, transform: `translateY(${row.y + row.height}px)` }} />}
          <svg viewBox={`0 0 ${layout.width} ${layout.height}`} width={layout.width} height={layout.height} className="sequence-svg" role="group" aria-label={TEXT.diagram}>
            <SequenceBody layout={layout} parts={parts} TEXT={TEXT} say={say} />
          </svg>
        </div>
      </div>
    </section>
  );
}

/**
 * Keeps the current row in view as the learner steps. The scroll box's size and position
 * are remembered from a ResizeObserver and scroll events instead of read after each step:
 * reading clientWidth or scrollTop right after React's commit forces a layout of the whole
 * page (measured at ~20 ms a step on L10), before the browser lays it out anyway to paint.
 * Writing scrollTop forces that layout too (the browser clamps it to the laid-out height),
 * so the write waits for the next animation frame: the frame's own layout, done once.
 * The same observer reports the box's width, to which the lanes are fitted (`fittedLane`).
 */
function useFollowRow(row: SeqLayout['rows'][number] | undefined, onWidth: (width: number) => void, inset: number, onBand: (band: { from: number; to: number }) => void) {
  const scroller = useRef<HTMLDivElement | null>(null);
  // The box's width, handed on when it changes (the lanes are fitted to it). A ref, so the
  // observer is not re-subscribed should the caller pass a new function.
  const widthListener = useRef(onWidth);
  widthListener.current = onWidth;
  // The band to draw, handed on as the box scrolls (or is about to: a reveal).
  const bandListener = useRef(onBand);
  bandListener.current = onBand;
  const box = useRef({ width: 0, height: 0, top: 0 });
  const target = useRef<{ y: number; height: number } | null>(null);
  const frame = useRef(0);
  const reveal = useCallback(() => {
    const el = scroller.current;
    const b = box.current;
    const t = target.current;
    if (!el || !t || b.height === 0) return; // not measured yet: the first resize callback reveals
    const top = t.y; // the drawing is not scaled: a wide one scrolls sideways
    // `inset`: the top of the box the lanes' names cover (presenter view; rows start below it).
    const above = top < b.top + inset;
    if (above || top + t.height > b.top + b.height) {
      // Most of the box is left for the rows the learner is heading to: stepping down, the row
      // lands a quarter of the way down; stepping back up, its bottom at three quarters. With the
      // row centred, L10's tall rows (a burst of frames each) scrolled the box on every other
      // step; a step that scrolls costs ~2.5 ms more main-thread time (trace: most of it Paint).
      // A row taller than the three quarters below that mark ends at the box's bottom instead
      // (or starts at its top if taller than the box), so its last arrows are not cut off.
      const lead = above ? b.height * 0.75 - t.height : Math.min(b.height * 0.25, Math.max(0, b.height - t.height));
      b.top = Math.max(0, top - Math.max(inset, lead));
      bandListener.current(bandAround(b.top, b.height));
      if (frame.current === 0) {
        frame.current = requestAnimationFrame(() => {
          frame.current = 0;
          el.scrollTop = box.current.top;
        });
      }
    }
  }, [inset]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Both callbacks run when layout is already done, so these reads cost nothing extra.
    const read = () => {
      box.current = { width: el.clientWidth, height: el.clientHeight, top: el.scrollTop };
      if (box.current.height > 0) bandListener.current(bandAround(box.current.top, box.current.height));
    };
    const resized = new ResizeObserver(() => {
      const width = box.current.width;
      read();
      if (box.current.width !== width) widthListener.current(box.current.width);
      reveal();
    });
    resized.observe(el);
    el.addEventListener('scroll', read, { passive: true });
    return () => {
      resized.disconnect();
      el.removeEventListener('scroll', read);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [reveal]);
  useEffect(() => {
    target.current = row ? { y: row.y, height: row.height } : null;
    reveal();
  }, [row, reveal]);
  return scroller;
}

const SequenceBody = memo(function SequenceBody({ layout, parts, TEXT, say }: { layout: SeqLayout; parts: SeqParts; TEXT: Text; say: (m: Message | string) => string }) {
  const { stepY, labelY, labelChars } = layout.text;
  const short = (label: string) => (label.length > labelChars ? `${label.slice(0, labelChars - 1)}…` : label);
  return (
    <g>
      {parts.rows.map((r) => (
        <g key={r.index} className="seq-row" data-testid={`sequence-row-${r.index}`}>
          <line x1={0} x2={layout.width} y1={r.y} y2={r.y} className="seq-rule" />
          <text x={6} y={r.y + stepY} className="seq-step"><title>{say(r.label)}</title>{TEXT.step(r.index, r.time)}</text>
          <text x={6} y={r.y + labelY} className="seq-label">{short(say(r.label))}</text>
        </g>
      ))}
      {layout.lanes.map((l) => (
        <g key={l.id}>
          <text x={l.x} y={l.nameY} textAnchor="middle" className="seq-lane-name">{l.label}</text>
          <line x1={l.x} x2={l.x} y1={layout.head - 6} y2={layout.height} className="seq-lifeline" />
        </g>
      ))}
      {parts.down.map((d) => <line key={`${d.node}-${d.y1}`} x1={d.x} x2={d.x} y1={d.y1} y2={d.y2} className="seq-down" />)}
      {parts.messages.map((m) => {
        const step = m.endedAt ?? m.sentAt;
        const midX = (m.x1 + m.x2) / 2;
        const midY = (m.y1 + m.y2) / 2;
        return (
          <g key={m.id} className={`seq-msg ${m.outcome}${m.copyOf ? ' copy' : ''}`} role="button" tabIndex={0} aria-label={TEXT.message(m)}
            onClick={go(step)} onKeyDown={onKey(step)} data-testid={`sequence-msg-${m.id}`} data-outcome={m.outcome} data-step={step}>
            <title>{TEXT.message(m)}</title>
            <line x1={m.x1} y1={m.y1} x2={m.x2} y2={m.y2} className="seq-hit" />
            <line x1={m.x1} y1={m.y1} x2={m.x2} y2={m.y2} className="seq-arrow" markerEnd={m.outcome === 'delivered' ? 'url(#seq-head)' : undefined} />
            {m.outcome === 'lost' && <path d={`M ${m.x2 - 5} ${m.y2 - 5} L ${m.x2 + 5} ${m.y2 + 5} M ${m.x2 - 5} ${m.y2 + 5} L ${m.x2 + 5} ${m.y2 - 5}`} className="seq-cross" />}
            <text x={midX} y={midY - 3} textAnchor="middle" className="seq-kind">{m.copyOf ? `${m.kind} ×2` : m.kind}</text>
          </g>
        );
      })}
      {parts.marks.map((k) => (
        <g key={`${k.kind}-${k.step}-${k.node}`} className={`seq-mark ${k.kind}`} role="button" tabIndex={0}
          aria-label={k.kind === 'crash' ? TEXT.crash(k.node, k.point, k.step) : TEXT.restart(k.node, k.step)}
          onClick={go(k.step)} onKeyDown={onKey(k.step)} data-testid={`sequence-${k.kind}-${k.step}`}>
          <title>{k.kind === 'crash' ? TEXT.crash(k.node, k.point, k.step) : TEXT.restart(k.node, k.step)}</title>
          {k.kind === 'crash'
            ? <path d={`M ${k.x - 7} ${k.y - 7} L ${k.x + 7} ${k.y + 7} M ${k.x - 7} ${k.y + 7} L ${k.x + 7} ${k.y - 7}`} className="seq-crash" />
            : <circle cx={k.x} cy={k.y} r={6} className="seq-restart" />}
          <text x={k.labelLeft ? k.x - MARK_LABEL_GAP : k.x + MARK_LABEL_GAP} y={k.y + Math.round(layout.text.markFont * 0.35)} textAnchor={k.labelLeft ? 'end' : 'start'} className="seq-mark-label">{markLabel(k)}</text>
        </g>
      ))}
      {layout.messages.length === 0 && <text x={GUTTER} y={layout.head + 16} className="seq-label">{TEXT.empty}</text>}
      <defs>
        <marker id="seq-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" className="seq-head" />
        </marker>
      </defs>
    </g>
  );
});
