import { describe, expect, it } from 'vitest';
import { NodeRoom } from './nodeRoom';

/** A layout of `structure` as Topology makes one: each node at its room, at least `floor`. */
function layOut(room: NodeRoom, structure: string, ids: string[], floor: number, size = 'w', regrow = true) {
  room.begin(structure, size, regrow);
  const nodes = ids.map((id) => ({ id, height: room.heightOf(id, floor) }));
  room.laid(nodes);
  return Object.fromEntries(nodes.map((n) => [n.id, n.height]));
}

describe('NodeRoom (nodes laid out from their measured heights)', () => {
  it('lays out at the floor until measured, and again only when a node outgrows its box', () => {
    const room = new NodeRoom();
    expect(layOut(room, 's', ['a', 'b'], 100)).toEqual({ a: 100, b: 100 });
    // Measured within their boxes: nothing to redo.
    expect(room.measured([{ id: 'a', height: 100 }, { id: 'b', height: 80 }])).toBe(false);
    // A line more takes a past its box: laid out again, at its measured height.
    expect(room.measured([{ id: 'a', height: 130 }])).toBe(true);
    expect(layOut(room, 's', ['a', 'b'], 100)).toEqual({ a: 130, b: 100 });
    expect(room.measured([{ id: 'a', height: 130 }])).toBe(false);
  });

  it('keeps the tallest height while stepping back and forth, so nodes do not move', () => {
    const room = new NodeRoom();
    layOut(room, 's', ['a'], 50);
    expect(room.measured([{ id: 'a', height: 90 }])).toBe(true);
    expect(layOut(room, 's', ['a'], 50)).toEqual({ a: 90 });
    expect(room.measured([{ id: 'a', height: 60 }])).toBe(false); // a step back: shorter
    expect(layOut(room, 's', ['a'], 50)).toEqual({ a: 90 });
    expect(room.measured([{ id: 'a', height: 90 }])).toBe(false); // forward again: fits its box
  });

  it('without regrow, fits the first measured heights and keeps that layout while nodes grow', () => {
    const room = new NodeRoom();
    layOut(room, 's', ['a', 'b'], 100, 'w', false);
    expect(room.measured([{ id: 'a', height: 120 }, { id: 'b', height: 90 }])).toBe(true);
    expect(layOut(room, 's', ['a', 'b'], 100, 'w', false)).toEqual({ a: 120, b: 100 });
    expect(room.measured([{ id: 'a', height: 150 }, { id: 'b', height: 140 }])).toBe(false);
    expect(layOut(room, 's', ['a', 'b'], 100, 'w', false)).toEqual({ a: 120, b: 100 });
    // Fitted again for a new structure, from the heights measured last.
    expect(layOut(room, 'other switch', ['a', 'b'], 100, 'w', false)).toEqual({ a: 150, b: 140 });
  });

  it('fits a new structure to the heights measured last, and forgets heights measured at another size', () => {
    const room = new NodeRoom();
    layOut(room, 's', ['a'], 50);
    room.measured([{ id: 'a', height: 120 }]);
    room.measured([{ id: 'a', height: 70 }]);
    expect(layOut(room, 's', ['a'], 50)).toEqual({ a: 120 });
    expect(layOut(room, 'other switch', ['a'], 50)).toEqual({ a: 70 });
    expect(layOut(room, 'presenter', ['a'], 50, 'wider')).toEqual({ a: 50 });
  });
});
