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

export const GUTTER = 170;
/** The widest lane, and the narrowest: about a message kind such as `acquire_request` (≈ 90 px), so a label between two neighbours overhangs them by a few pixels at most. */
export const LANE = 150;
export const MIN_LANE = 84;
export const HEAD = 34;
const SLOT = 16;
const ROW_PAD = 10;

/** `label`: the step's label as a message (world actions, the starting state) or the model's text. */
export interface SeqRow { index: number; y: number; height: number; label: StepLabel; time: number }
export interface SeqMessage {
  id: number; kind: string; from: string; to: string; copyOf?: number;
  x1: number; y1: number; x2: number; y2: number;
  outcome: 'delivered' | 'lost' | 'in-flight';
  sentAt: number; endedAt: number | null;
}
export interface SeqMark { kind: 'crash' | 'restart'; node: string; step: number; x: number; y: number; point?: string }
export interface SeqLayout {
  lanes: { id: string; label: string; x: number }[];
  rows: SeqRow[];
  messages: SeqMessage[];
  marks: SeqMark[];
  /** Spans of a lifeline while its node is down (crash → restart, or to the end). */
  down: { node: string; x: number; y1: number; y2: number }[];
  width: number;
  height: number;
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

export function sequenceLayout(trace: readonly TraceEntry[], nodes: readonly { id: string; label: string }[], lane = LANE): SeqLayout {
  const lanes = nodes.map((n, i) => ({ id: n.id, label: n.label, x: GUTTER + lane * (i + 0.5) }));
  const laneX = new Map(lanes.map((l) => [l.id, l.x]));
  const rows: SeqRow[] = [];
  const sends = new Map<number, { step: number; y: number; frame: TraceEntry['sent'][number] }>();
  const messages: SeqMessage[] = [];
  const marks: SeqMark[] = [];
  const down: SeqLayout['down'] = [];
  const crashedAt = new Map<string, number>();
  let y = HEAD;
  for (const entry of trace) {
    let slot = 0;
    const slotY = () => y + ROW_PAD + SLOT * slot++;
    const action = entry.action as { type?: string; node?: unknown } | null;
    if (action?.type === 'restart' && typeof action.node === 'string' && laneX.has(action.node)) {
      const at = slotY();
      marks.push({ kind: 'restart', node: action.node, step: entry.index, x: laneX.get(action.node)!, y: at });
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
      marks.push({ kind: 'crash', node: entry.crash.node, step: entry.index, x: laneX.get(entry.crash.node)!, y: at, point: entry.crash.point });
      crashedAt.set(entry.crash.node, at);
    }
    const height = Math.max(28, ROW_PAD * 2 + SLOT * Math.max(slot - 1, 0) + 8);
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
  return { lanes, rows, messages, marks, down, width: GUTTER + lane * lanes.length + 10, height: y + 6 };
}
