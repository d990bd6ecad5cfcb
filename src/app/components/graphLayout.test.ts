import { describe, expect, it } from 'vitest';
import { FIT_PADDING, fitsCell, fittedZoom, keepUnchanged, layoutGraph, layoutToCell, layoutToFit, peerEdges, sameData } from './graphLayout';

describe('keepUnchanged (React Flow gets the same node objects back when a step did not change them)', () => {
  const node = (id: string, active: boolean) => ({ id, position: { x: 1, y: 2 }, data: { name: id, active, loops: ['RENEW'] }, markerEnd: { type: 'arrow' } });

  it('returns the previous array itself when every element is equal in content', () => {
    const before = [node('free', false), node('held', true)];
    const after = [node('free', false), node('held', true)];
    expect(keepUnchanged(before, after)).toBe(before);
  });

  it('keeps the unchanged objects and takes the changed ones', () => {
    const before = [node('free', false), node('held', true), node('expired', false)];
    const after = [node('free', true), node('held', false), node('expired', false)];
    const kept = keepUnchanged(before, after);
    expect(kept).not.toBe(before);
    expect(kept[0]).toBe(after[0]);
    expect(kept[1]).toBe(after[1]);
    expect(kept[2]).toBe(before[2]);
  });

  it('sees a change deep inside (an array element, a nested field) and a change in length', () => {
    const before = [node('held', true)];
    expect(keepUnchanged(before, [{ ...node('held', true), data: { name: 'held', active: true, loops: ['EXPIRE'] } }])).not.toBe(before);
    expect(keepUnchanged(before, [{ ...node('held', true), position: { x: 1, y: 3 } }])).not.toBe(before);
    expect(keepUnchanged(before, [node('held', true), node('free', false)])).toHaveLength(2);
    expect(keepUnchanged(before, [])).toEqual([]);
  });

  it('compares plain data only: different classes or extra keys are different', () => {
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData(new Date(0), new Date(0))).toBe(false);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
  });
});

describe('layoutToFit (the layout a desktop box reads best in)', () => {
  const box = { width: 553, minHeight: 150, maxHeight: 420, zoom: 0.6 };
  const state = (id: string) => ({ id, width: 130, height: 54 });
  const label = { width: 100, height: 17 };

  it('keeps a short graph left to right', () => {
    const layout = layoutToFit({ nodes: ['a', 'b', 'c'].map(state), edges: [{ from: 'a', to: 'b', label }, { from: 'b', to: 'c', label }] }, box);
    expect(layout.direction).toBe('LR');
    expect(fittedZoom(layout, box)).toBeGreaterThanOrEqual(box.zoom);
  });

  it('turns a long chain top to bottom, where it is fitted larger', () => {
    const ids = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    const input = { nodes: ids.map(state), edges: ids.slice(1).map((to, i) => ({ from: ids[i]!, to, label })) };
    const layout = layoutToFit(input, box);
    expect(layout.direction).toBe('TB');
    expect(fittedZoom(layout, box)).toBeGreaterThan(fittedZoom(layoutGraph({ ...input, direction: 'LR' })!, box));
  });

  it('wraps a wide fan-out onto two rows, each node below the first row and none overlapping', () => {
    const wide = { id: '', width: 230, height: 92 };
    const leaves = ['l1', 'l2', 'l3', 'l4'];
    const input = { nodes: [{ ...wide, id: 'root' }, ...leaves.map((id) => ({ ...wide, id }))], edges: leaves.map((to) => ({ from: 'root', to, label: { width: 140, height: 34 } })) };
    const flat = layoutGraph({ ...input, direction: 'TB' })!;
    const wrapped = layoutGraph({ ...input, direction: 'TB', wrapRank: 2 })!;
    expect(wrapped.width).toBeLessThan(flat.width * 0.75);
    expect(new Set(leaves.map((id) => wrapped.nodes[id]!.y)).size).toBe(2);
    const boxes = leaves.map((id) => ({ ...wrapped.nodes[id]!, w: 230, h: 92 }));
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) {
      expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
    }
    const topology = { width: 553, minHeight: 200, maxHeight: 480, zoom: 0.65 };
    expect(fittedZoom(wrapped, topology)).toBeGreaterThan(fittedZoom(flat, topology));
  });

  it('sets two linked sources side by side in the first column, the link straight down the gap that holds its label', () => {
    // L05 at presenter size: B reads A's checkpoints; both talk to the same services.
    const node = (id: string) => ({ id, width: 391, height: 156 });
    const label = { width: 250, height: 34 };
    const sinks = ['a_mem', 'b_mem', 'shop', 'provider', 'vendor'];
    const input = {
      nodes: ['A', 'B', ...sinks].map(node),
      edges: [
        { id: 'takeover', from: 'B', to: 'A', label },
        { from: 'A', to: 'a_mem', label }, { from: 'B', to: 'b_mem', label },
        ...['shop', 'provider', 'vendor'].flatMap((to) => [{ from: 'A', to, label }, { from: 'B', to, label }]),
      ],
    };
    expect([...peerEdges(input.edges)]).toEqual([0]);
    const side = layoutGraph({ ...input, direction: 'LR', peers: true })!;
    expect(side.nodes.A!.x).toBe(side.nodes.B!.x);
    const [top, bottom] = [side.nodes.A!, side.nodes.B!].sort((p, q) => p.y - q.y);
    const gap = bottom!.y - (top!.y + 156);
    expect(gap).toBeGreaterThanOrEqual(label.height);
    const route = side.edges.takeover!;
    expect(route.points).toHaveLength(2);
    expect(route.label!.y).toBeGreaterThan(top!.y + 156);
    expect(route.label!.y).toBeLessThan(bottom!.y);
    // One column of workers instead of three ranks: narrower than plain left to right.
    expect(side.width).toBeLessThan(layoutGraph({ ...input, direction: 'LR' })!.width * 0.75);
    const presenter = { width: 1460, minHeight: 300, maxHeight: 1134, zoom: 1 };
    expect(fittedZoom(layoutToFit(input, presenter), presenter)).toBeGreaterThanOrEqual(1);
  });

  it('finds no peers in a chain or a fan-in', () => {
    expect(peerEdges([{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }]).size).toBe(0);
    expect(peerEdges([{ from: 'a', to: 'c' }, { from: 'b', to: 'c' }]).size).toBe(0);
  });
});

describe('layoutToCell (the lecture layout: a fixed cell, a fixed zoom, a scroll inside when larger)', () => {
  const node = (id: string) => ({ id, width: 391, height: 224 });
  const label = { width: 170, height: 58 };
  const needs = (l: { width: number; height: number }, zoom: number) => ({ width: l.width * zoom * (1 + FIT_PADDING), height: l.height * zoom * (1 + FIT_PADDING) });

  it('takes a layout that fits the cell when one does', () => {
    const input = { nodes: ['a', 'b'].map(node), edges: [{ from: 'a', to: 'b', label }] };
    const cell = { width: 1100, height: 850, zoom: 1 };
    const layout = layoutToCell(input, cell);
    expect(needs(layout, 1).width).toBeLessThanOrEqual(cell.width);
    expect(needs(layout, 1).height).toBeLessThanOrEqual(cell.height);
  });

  it('when none fits, one as wide as the cell at most, so it scrolls down only (L05 at 1080p: not the wrapped one, a bit larger fitted but wider)', () => {
    const sinks = ['a_mem', 'b_mem', 'shop', 'provider', 'vendor'];
    const input = {
      nodes: ['A', 'B', ...sinks].map(node),
      edges: [
        { id: 'takeover', from: 'B', to: 'A', label },
        { from: 'A', to: 'a_mem', label }, { from: 'B', to: 'b_mem', label },
        ...['shop', 'provider', 'vendor'].flatMap((to) => [{ from: 'A', to, label }, { from: 'B', to, label }]),
      ],
    };
    const cell = { width: 1100, height: 850, zoom: 1 };
    const layout = layoutToCell(input, cell);
    expect(needs(layout, 1).width).toBeLessThanOrEqual(cell.width);
    expect(needs(layout, 1).height).toBeGreaterThan(cell.height);
    // A smaller zoom (a 720p screen) fits a wider layout in the same cell width.
    expect(needs(layoutToCell(input, { ...cell, width: 800, zoom: 0.75 }), 0.75).width).toBeLessThanOrEqual(800);
  });

  it('fitsCell: the layout with the fit padding at the cell\'s zoom within the cell', () => {
    expect(fitsCell({ width: 1000, height: 800 }, { width: 1040, height: 832, zoom: 1 })).toBe(true);
    expect(fitsCell({ width: 1000, height: 801 }, { width: 1040, height: 832, zoom: 1 })).toBe(false);
    expect(fitsCell({ width: 1000, height: 800 }, { width: 780, height: 624, zoom: 0.75 })).toBe(true);
  });

  it('when no layout is narrow enough, the narrowest', () => {
    const input = { nodes: ['a', 'b', 'c'].map(node), edges: [{ from: 'a', to: 'b', label }, { from: 'b', to: 'c', label }] };
    const layout = layoutToCell(input, { width: 200, height: 200, zoom: 1 });
    expect(layout.width).toBeLessThan(layoutGraph({ ...input, direction: 'LR' })!.width);
  });
});
