import { describe, expect, it } from 'vitest';
import { msg } from '../../core/message';
import type { TraceEntry } from '../../sim/world';
import type { Frame } from '../../sim/network';
import { bandAround, fittedLane, GUTTER, HEAD, LANE, MARK_LABEL_GAP, MIN_LANE, NORMAL_TEXT, partsIn, PRESENTER_TEXT, sequenceLayout } from './sequenceLayout';

const frame = (id: number, from: string, to: string, extra: Partial<Frame> = {}): Frame => ({ id, from, to, kind: `k${id}`, body: {}, sentAt: 0, ...extra });
const entry = (index: number, part: Partial<TraceEntry>): TraceEntry => ({
  index, action: null, label: msg('steps.advance', { by: index }), time: index, transactions: [], sent: [], delivered: [], dropped: [], notes: [], crash: null, invariants: [], ...part,
});
const nodes = [{ id: 'A', label: 'A' }, { id: 'B', label: 'B' }];

describe('sequenceLayout', () => {
  it('draws a frame from the step that sent it to the step that delivered it, lost frames short with their step, in-flight ones open', () => {
    const f1 = frame(1, 'A', 'B');
    const f2 = frame(2, 'B', 'A');
    const f3 = frame(3, 'A', 'B', { copyOf: 1 });
    const f4 = frame(4, 'A', 'B');
    const trace = [
      entry(0, {}),
      entry(1, { sent: [f1, f2] }),
      entry(2, { delivered: [f1], sent: [f3], dropped: [f2] }),
      entry(3, { sent: [f4], delivered: [f3] }),
    ];
    const layout = sequenceLayout(trace, nodes);
    const byId = new Map(layout.messages.map((m) => [m.id, m]));
    const [a, b] = layout.lanes;
    expect(byId.get(1)).toMatchObject({ outcome: 'delivered', sentAt: 1, endedAt: 2, x1: a!.x, x2: b!.x });
    expect(byId.get(1)!.y2).toBeGreaterThan(byId.get(1)!.y1);
    expect(byId.get(2)).toMatchObject({ outcome: 'lost', endedAt: 2 });
    expect(byId.get(2)!.x2).not.toBe(a!.x); // a lost frame stops short of its target
    expect(byId.get(3)).toMatchObject({ copyOf: 1, outcome: 'delivered', sentAt: 2, endedAt: 3 });
    expect(byId.get(4)).toMatchObject({ outcome: 'in-flight', endedAt: null });
    // Rows follow the trace and grow downwards.
    expect(layout.rows.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < layout.rows.length; i++) expect(layout.rows[i]!.y).toBe(layout.rows[i - 1]!.y + layout.rows[i - 1]!.height);
  });

  it('marks a crash at its fault point and a restart, with the lifeline down in between', () => {
    const trace = [
      entry(0, {}),
      entry(1, { crash: { node: 'B', point: 'b.before_commit' } }),
      entry(2, {}),
      entry(3, { action: { type: 'restart', node: 'B' } }),
    ];
    const layout = sequenceLayout(trace, nodes);
    expect(layout.marks.map((m) => [m.kind, m.node, m.step, m.point])).toEqual([['crash', 'B', 1, 'b.before_commit'], ['restart', 'B', 3, undefined]]);
    expect(layout.down).toHaveLength(1);
    expect(layout.down[0]!.y2).toBeGreaterThan(layout.down[0]!.y1);
  });

  it('a node that crashes and restarts in one step (the World notes world.restarted after world.crashed) gets both marks in that row', () => {
    const crashed = msg('world.crashed', { node: 'B', point: 'executor.after_prepare' });
    const trace = [
      entry(0, {}),
      entry(1, { crash: { node: 'B', point: 'executor.after_prepare' }, notes: [crashed, msg('world.restarted', { node: 'B' }), msg('refund.recovers_prepared', {})] }),
      entry(2, {}),
    ];
    const layout = sequenceLayout(trace, nodes);
    expect(layout.marks.map((m) => [m.kind, m.node, m.step])).toEqual([['crash', 'B', 1], ['restart', 'B', 1]]);
    const [crash, restart] = layout.marks;
    const row = layout.rows[1]!;
    expect(restart!.y).toBeGreaterThan(crash!.y);
    expect(restart!.y).toBeLessThan(row.y + row.height);
    // Down between the two marks only, not to the end of the run.
    expect(layout.down).toEqual([{ node: 'B', x: crash!.x, y1: crash!.y, y2: restart!.y }]);
    // A restart note of another node, or one with no crash before it, is no restart of this crash.
    const other = sequenceLayout([entry(0, { crash: { node: 'B', point: 'p' }, notes: [msg('world.restarted', { node: 'A' }), msg('world.crashed', { node: 'B', point: 'p' })] })], nodes);
    expect(other.marks.map((m) => m.kind)).toEqual(['crash']);
  });

  it('a mark label that would run past the drawing\'s right edge is put left of the lifeline', () => {
    const point = 'accept.after_event_append';
    // L09's authority crash point on the last of three lanes (at the narrowest lane the first one's label still fits).
    const three = [...nodes, { id: 'C', label: 'C' }];
    const trace = [entry(0, {}), entry(1, { crash: { node: 'C', point } }), entry(2, { crash: { node: 'A', point } })];
    for (const lane of [MIN_LANE, 120, LANE]) {
      const layout = sequenceLayout(trace, three, lane);
      const onB = layout.marks.find((m) => m.node === 'C')!;
      const onA = layout.marks.find((m) => m.node === 'A')!;
      expect(onB.labelLeft, `lane ${lane}`).toBe(true);
      // 0.6 em per monospace character at 11 px: at the left it starts inside the drawing.
      expect(onB.x - MARK_LABEL_GAP - point.length * 11 * 0.6, `lane ${lane}`).toBeGreaterThan(0);
      expect(onA.labelLeft, `lane ${lane}`).toBe(false);
      expect(onA.x + MARK_LABEL_GAP + point.length * 11 * 0.6, `lane ${lane}`).toBeLessThan(layout.width);
    }
    // A short label on the last lane still fits to the right.
    expect(sequenceLayout([entry(0, { crash: { node: 'B', point: 'p' } })], nodes, MIN_LANE).marks[0]!.labelLeft).toBe(false);
  });

  it('presenter text: rows hold an 18 px step line above an 18 px label line; the normal rows are as they were', () => {
    const trace = [entry(0, {}), entry(1, { sent: [frame(1, 'A', 'B')] }), entry(2, { delivered: [frame(1, 'A', 'B')] })];
    const normal = sequenceLayout(trace, nodes);
    expect(normal.rows.map((r) => r.height)).toEqual([28, 28, 28]);
    expect(normal.text).toBe(NORMAL_TEXT);
    const big = sequenceLayout(trace, nodes, LANE, PRESENTER_TEXT);
    const px = 18;
    // A line's box: about 0.8 em above its baseline and 0.25 em below.
    const { stepY, labelY } = big.text;
    expect(stepY - 0.8 * px).toBeGreaterThanOrEqual(0);
    expect(labelY - 0.8 * px).toBeGreaterThanOrEqual(stepY + 0.25 * px);
    for (const r of big.rows) expect(r.height, `row ${r.index}`).toBeGreaterThanOrEqual(labelY + 0.25 * px);
    for (let i = 1; i < big.rows.length; i++) expect(big.rows[i]!.y).toBe(big.rows[i - 1]!.y + big.rows[i - 1]!.height);
    // The frame's two ends are as far apart, scaled: it is sent and delivered in separate rows.
    expect(big.messages[0]!.y2 - big.messages[0]!.y1).toBeGreaterThan(normal.messages[0]!.y2 - normal.messages[0]!.y1);
  });

  it('lanes\' names wider than their lanes go on two lines, every other one higher; names that fit stay on one', () => {
    // L05's seven lanes at 18 px in the lecture layout's column: "A_memory" beside "B_memory" in 84 px lanes.
    const l05 = ['A', 'B', 'A_memory', 'B_memory', 'shop', 'provider', 'vendor'].map((id) => ({ id, label: id }));
    const big = sequenceLayout([entry(0, {})], l05, MIN_LANE, PRESENTER_TEXT);
    expect(big.head).toBeGreaterThan(HEAD);
    expect(new Set(big.lanes.map((l) => l.nameY)).size).toBe(2);
    big.lanes.forEach((l, i) => { if (i > 0) expect(l.nameY).not.toBe(big.lanes[i - 1]!.nameY); });
    expect(Math.min(...big.lanes.map((l) => l.nameY))).toBeGreaterThanOrEqual(18); // the upper line inside the drawing
    expect(big.rows[0]!.y).toBe(big.head);
    // The same lanes at the normal size, and wide lanes at presenter size: one line, as before.
    for (const layout of [sequenceLayout([entry(0, {})], l05, MIN_LANE), sequenceLayout([entry(0, {})], l05, LANE, PRESENTER_TEXT)]) {
      expect(layout.head).toBe(HEAD);
      expect(new Set(layout.lanes.map((l) => l.nameY))).toEqual(new Set([HEAD - 12]));
    }
  });

  it('a reply sent after a delivery in the same step starts below that delivery', () => {
    const req = frame(1, 'A', 'B');
    const reply = frame(2, 'B', 'A');
    const layout = sequenceLayout([entry(0, {}), entry(1, { sent: [req, reply], delivered: [req, reply] })], nodes);
    const [m1, m2] = layout.messages;
    expect(m1!.y2).toBeGreaterThan(m1!.y1); // sent, then delivered lower down
    expect(m2!.y1).toBeGreaterThanOrEqual(m1!.y2);
    expect(m2!.y2).toBeGreaterThan(m2!.y1);
  });
});

describe('fittedLane', () => {
  it('fits the lanes into the box, within their bounds', () => {
    // L07 at 1280x720: a 525 px box, four lifelines, all inside it.
    const lane = fittedLane(600, 4);
    expect(GUTTER + 4 * lane + 10).toBeLessThanOrEqual(600);
    expect(lane).toBeGreaterThan(MIN_LANE);
    expect(fittedLane(2000, 4)).toBe(LANE);
    expect(fittedLane(300, 6)).toBe(MIN_LANE);
    expect(fittedLane(0, 4)).toBe(LANE); // not measured yet
  });
  it('places the lifelines and the drawing width at the lane given', () => {
    const layout = sequenceLayout([entry(0, {})], nodes, 100);
    expect(layout.lanes.map((l) => l.x)).toEqual([GUTTER + 50, GUTTER + 150]);
    expect(layout.width).toBe(GUTTER + 200 + 10);
  });
});

describe('the band drawn of a long run', () => {
  // 2,000 steps; a frame crosses the whole run (sent at step 1, delivered at the last), one is sent and delivered near step 1,000.
  const long = new Array<TraceEntry>(2001);
  const across = frame(1, 'A', 'B');
  const near = frame(2, 'B', 'A');
  for (let i = 0; i <= 2000; i++) long[i] = entry(i, {});
  long[1] = entry(1, { sent: [across] });
  long[1000] = entry(1000, { sent: [near] });
  long[1001] = entry(1001, { delivered: [near] });
  long[2000] = entry(2000, { delivered: [across] });
  const layout = sequenceLayout(long, nodes);

  it('covers the scroll box and a margin around it, in fixed steps', () => {
    for (const [top, height] of [[0, 400], [12_345, 400], [40_000, 900], [700, 0]] as const) {
      const band = bandAround(top, height);
      expect(band.from).toBeLessThanOrEqual(Math.max(0, top - 1500));
      expect(band.to).toBeGreaterThanOrEqual(top + height + 1500);
    }
    expect(bandAround(12_345, 400)).toEqual(bandAround(12_900, 400)); // scrolling a little redraws nothing
  });

  it('keeps the rows, frames and marks that reach into the band, an arrow across it whole, and nothing else', () => {
    const row1000 = layout.rows.find((r) => r.index === 1000)!;
    const band = bandAround(row1000.y, 600);
    const parts = partsIn(layout, band.from, band.to);
    expect(parts.rows.length).toBeGreaterThan(10);
    expect(parts.rows.length).toBeLessThan(400);
    for (const r of parts.rows) expect(r.y + r.height >= band.from && r.y <= band.to).toBe(true);
    const inside = layout.rows.filter((r) => r.y >= band.from && r.y + r.height <= band.to);
    expect(inside.every((r) => parts.rows.includes(r))).toBe(true);
    expect(parts.messages.map((m) => m.id).sort()).toEqual([1, 2]);
    expect(partsIn(layout, 0, 200).messages.map((m) => m.id)).toEqual([1]);
    expect(partsIn(layout, 0, layout.height)).toBe(layout);
  });
});
