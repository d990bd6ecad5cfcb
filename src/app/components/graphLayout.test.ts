import { describe, expect, it } from 'vitest';
import { keepUnchanged, sameData } from './graphLayout';

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
