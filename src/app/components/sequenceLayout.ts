/**
 * The geometry of the message sequence diagram, computed from the real trace: one lifeline
 * per node, one row per step (the virtual clock labels each row), an arrow per frame from
 * the step that sent it to the step that delivered it, a cross where a frame was lost,
 * an open arrow for a frame still in flight, and crash / restart marks on the lifeline.
 *
 * Within a step the order is: frames sent (in order), then frames delivered or lost, then
 * the crash; each gets its own slot so arrows in one step slant instead of overlapping.
 * Pure (no React), so it is unit-tested on its own.
 */
import type { TraceEntry } from '../../sim/world';
import { stepLabel, type StepLabel } from '../../lab/sessionLabels';
import { restartNoteInCrashStep } from '../crashLoss';

export const GUTTER = 170;
/** The widest lane, and the narrowest: about a message kind such as `acquire_request` (≈ 90 px), so a label between two neighbours overhangs them by a few pixels at most. */
export const LANE = 150;
export const MIN_LANE = 84;
export const HEAD = 34;

/**
 * The text a row holds, and so its geometry: the step line and the label line under it (their
 * baselines from the row's top), the smallest row that holds both, the mark labels' size and
 * the label's length. Presenter view sets these texts at 18 px (styles.css, `.lab.presenting`):
 * with the normal 28 px rows, "0 · t=0" ran into the label below it, so rows, slots and
 * baselines grow with the text there. `scale` multiplies the slot and row padding.
 */
export interface SeqText { scale: number; stepY: number; labelY: number; minRow: number; markFont: number; labelChars: number; nameFont: number }
export const NORMAL_TEXT: SeqText = { scale: 1, stepY: 16, labelY: 28, minRow: 28, markFont: 11, labelChars: 24, nameFont: 13 };
/** 18 px lines (1.5 x the 12 px step line): a baseline 1.3 lines below the one above, 14 characters in the gutter. */
export const PRESENTER_TEXT: SeqText = { scale: 1.5, stepY: 22, labelY: 46, minRow: 54, markFont: 18, labelChars: 14, nameFont: 18 };
/** The lecture layout on a screen smaller than 1080p (styles.css, `.lecture-small`): 14 px lines, 18 characters in the gutter. */
export const SMALL_LECTURE_TEXT: SeqText = { scale: 1.2, stepY: 18, labelY: 36, minRow: 42, markFont: 14, labelChars: 18, nameFont: 14 };
const SLOT = 16;
const ROW_PAD = 10;
/** A monospace character is about 0.6 em wide (the diagram's font is var(--mono)); a bit more for safety. */
const CHAR_EM = 0.62;
/** The gap between a mark's centre and its label. */
export const MARK_LABEL_GAP = 10;

/** `label`: the step's label as a message (world actions, the starting state) or the model's text. */
export interface SeqRow { index: number; y: number; height: number; label: StepLabel; time: number }
export interface SeqMessage {
  id: number; kind: string; from: string; to: string; copyOf?: number;
  x1: number; y1: number; x2: number; y2: number;
  outcome: 'delivered' | 'lost' | 'in-flight';
  sentAt: number; endedAt: number | null;
}
/** `labelLeft`: the label ends left of the mark, since to its right it would run past the drawing's edge. */
export interface SeqMark { kind: 'crash' | 'restart'; node: string; step: number; x: number; y: number; point?: string; labelLeft: boolean }
export interface SeqLayout {
  /** `nameY`: the baseline of the lane's name. */
  lanes: { id: string; label: string; x: number; nameY: number }[];
  /** Where the rows start: under the lanes' names (one line of them, or two when staggered). */
  head: number;
  rows: SeqRow[];
  messages: SeqMessage[];
  marks: SeqMark[];
  /** Spans of a lifeline while its node is down (crash → restart, or to the end). */
  down: { node: string; x: number; y1: number; y2: number }[];
  width: number;
  height: number;
  text: SeqText;
}

/**
 * The lane width that fits `laneCount` lifelines beside the step column in a box `boxWidth`
 * wide, between MIN_LANE and LANE: at 1280x720 four fixed 150 px lanes left L07's authority
 * and resource lifelines outside the box, reachable only by scrolling sideways.
 */
export function fittedLane(boxWidth: number, laneCount: number): number {
  if (laneCount === 0 || boxWidth <= 0) return LANE;
  return Math.max(MIN_LANE, Math.min(LANE, Math.floor((boxWidth - GUTTER - 10) / laneCount)));
}

/** The text beside a mark: the fault point of a crash, a sign for a restart. */
export const markLabel = (mark: Pick<SeqMark, 'kind' | 'point'>): string => (mark.kind === 'crash' ? mark.point ?? '?' : '↻');

export function sequenceLayout(trace: readonly TraceEntry[], nodes: readonly { id: string; label: string }[], lane = LANE, text = NORMAL_TEXT): SeqLayout {
  const width = GUTTER + lane * nodes.length + 10;
  const slotHeight = SLOT * text.scale;
  const rowPad = ROW_PAD * text.scale;
  const mark = (m: Omit<SeqMark, 'labelLeft'>): SeqMark => ({
    ...m, labelLeft: m.x + MARK_LABEL_GAP + markLabel(m).length * text.markFont * CHAR_EM > width,
  });
  // Names wider than their lanes (L05's seven lanes in the lecture layout's narrow column, at
  // 18 px) would run into each other: every other one goes a line higher then.
  const nameWidth = (label: string) => label.length * text.nameFont * CHAR_EM;
  const staggered = nodes.some((n, i) => i > 0 && (nameWidth(nodes[i - 1]!.label) + nameWidth(n.label)) / 2 + 4 > lane);
  const nameLine = Math.round(text.nameFont * 1.25);
  const head = staggered ? HEAD + nameLine : HEAD;
  const lanes = nodes.map((n, i) => ({ id: n.id, label: n.label, x: GUTTER + lane * (i + 0.5), nameY: head - 12 - (staggered && i % 2 === 0 ? nameLine : 0) }));
  const laneX = new Map(lanes.map((l) => [l.id, l.x]));
  const rows: SeqRow[] = [];
  const sends = new Map<number, { step: number; y: number; frame: TraceEntry['sent'][number] }>();
  const messages: SeqMessage[] = [];
  const marks: SeqMark[] = [];
  const down: SeqLayout['down'] = [];
  const crashedAt = new Map<string, number>();
  let y = head;
  for (const entry of trace) {
    let slot = 0;
    const slotY = () => y + rowPad + slotHeight * slot++;
    const action = entry.action as { type?: string; node?: unknown } | null;
    if (action?.type === 'restart' && typeof action.node === 'string' && laneX.has(action.node)) {
      const at = slotY();
      marks.push(mark({ kind: 'restart', node: action.node, step: entry.index, x: laneX.get(action.node)!, y: at }));
      const since = crashedAt.get(action.node);
      if (since !== undefined) down.push({ node: action.node, x: laneX.get(action.node)!, y1: since, y2: at });
      crashedAt.delete(action.node);
    }
    // Frame ids grow as frames are created, so a frame sent in this step is placed after
    // every delivery of an older frame: replies come out below the request that caused them.
    const pending = [...entry.sent];
    const placeSendsUpTo = (id: number) => {
      while (pending.length > 0 && pending[0]!.id <= id) {
        const frame = pending.shift()!;
        sends.set(frame.id, { step: entry.index, y: slotY(), frame });
      }
    };
    const end = (frame: TraceEntry['sent'][number], outcome: 'delivered' | 'lost') => {
      placeSendsUpTo(frame.id);
      const start = sends.get(frame.id);
      const at = slotY();
      const x1 = laneX.get(frame.from) ?? GUTTER;
      const target = laneX.get(frame.to) ?? GUTTER;
      messages.push({
        id: frame.id, kind: frame.kind, from: frame.from, to: frame.to, ...(frame.copyOf ? { copyOf: frame.copyOf } : {}),
        x1, y1: start?.y ?? at, x2: outcome === 'lost' ? x1 + (target - x1) * 0.6 : target, y2: at,
        outcome, sentAt: start?.step ?? entry.index, endedAt: entry.index,
      });
      sends.delete(frame.id);
    };
    for (const frame of entry.delivered) end(frame, 'delivered');
    for (const frame of entry.dropped) end(frame, 'lost');
    placeSendsUpTo(Number.POSITIVE_INFINITY);
    if (entry.crash && laneX.has(entry.crash.node)) {
      const at = slotY();
      const node = entry.crash.node;
      marks.push(mark({ kind: 'crash', node, step: entry.index, x: laneX.get(node)!, y: at, point: entry.crash.point }));
      crashedAt.set(node, at);
      // A model that crashes a node and restarts it in the same action: the restart is drawn
      // in this row, below the crash, with the lifeline down in between.
      if (restartNoteInCrashStep(entry, node) >= 0) {
        const back = slotY();
        marks.push(mark({ kind: 'restart', node, step: entry.index, x: laneX.get(node)!, y: back }));
        down.push({ node, x: laneX.get(node)!, y1: at, y2: back });
        crashedAt.delete(node);
      }
    }
    const height = Math.max(text.minRow, rowPad * 2 + slotHeight * Math.max(slot - 1, 0) + 8 * text.scale);
    rows.push({ index: entry.index, y, height, label: stepLabel(entry.action, entry.label), time: entry.time });
    y += height;
  }
  for (const { step, y: y1, frame } of sends.values()) {
    const x1 = laneX.get(frame.from) ?? GUTTER;
    const target = laneX.get(frame.to) ?? GUTTER;
    messages.push({
      id: frame.id, kind: frame.kind, from: frame.from, to: frame.to, ...(frame.copyOf ? { copyOf: frame.copyOf } : {}),
      x1, y1, x2: x1 + (target - x1) * 0.5, y2: y - 4, outcome: 'in-flight', sentAt: step, endedAt: null,
    });
  }
  for (const [node, y1] of crashedAt) down.push({ node, x: laneX.get(node)!, y1, y2: y });
  messages.sort((a, b) => a.id - b.id);
  return { lanes, head, rows, messages, marks, down, width, height: y + 6, text };
}

/** What is drawn of a layout: the parts that reach into a band of it (`from` ≤ y ≤ `to`). */
export type SeqParts = Pick<SeqLayout, 'rows' | 'messages' | 'marks' | 'down'>;

/**
 * The parts of `layout` that reach into the band from `from` to `to` (px down the drawing).
 * A long run has thousands of rows; drawing only those near the scroll box keeps a step, a
 * switch flip or a jump from laying out and painting the whole run. An arrow or a down span
 * crossing the band is kept whole.
 */
export function partsIn(layout: SeqLayout, from: number, to: number): SeqParts {
  const spans = (y1: number, y2: number) => Math.max(y1, y2) >= from && Math.min(y1, y2) <= to;
  if (from <= 0 && to >= layout.height) return layout;
  return {
    rows: layout.rows.filter((r) => spans(r.y, r.y + r.height)),
    messages: layout.messages.filter((m) => spans(m.y1, m.y2)),
    marks: layout.marks.filter((k) => spans(k.y - 8, k.y + 8)),
    down: layout.down.filter((d) => spans(d.y1, d.y2)),
  };
}

/**
 * The band drawn for a scroll box `height` tall scrolled to `top`: the box and at least one
 * more box-height or 1,500 px (whichever is more) above and below it, in fixed steps, so
 * scrolling within a step redraws nothing.
 */
export function bandAround(top: number, height: number): { from: number; to: number } {
  const unit = Math.max(1500, 2 * height);
  const from = Math.max(0, Math.floor((top - unit) / unit) * unit);
  return { from, to: from + height + 3 * unit };
}
