import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { requireSqlJs } from '../db/sqljs';
import { Store } from '../db/store';
import { CrashSignal, noFaults, type FaultPoints } from '../faults';
import type { EventRecord } from '../authority/outcomes';
import { ApplyFaultPoint, applyEvent, bufferedSeqs, drainBuffer, readCursor, readProjection, restoreFromSnapshot, type ApplyVariant } from './apply';
import { PROJECTION_SCHEMA } from './schema';
import { foldEvents } from '../authority/fold';

useSqlJs();

const G = 'G1';
const events: EventRecord[] = [
  { eventId: 'E-G1-1', group: G, seq: 1, aggregateId: G, aggregateRevision: 1, kind: 'group_created', payload: { org: 'acme', group: G, founder: 'lead' }, at: 0 },
  { eventId: 'E-G1-2', group: G, seq: 2, aggregateId: 'M1', aggregateRevision: 1, kind: 'mission_created', payload: { mission: 'M1', budget_cents: 100 }, at: 0 },
  { eventId: 'E-G1-3', group: G, seq: 3, aggregateId: 'W1', aggregateRevision: 1, kind: 'work_item_created', payload: { work_item: 'W1', mission: 'M1' }, at: 0 },
  { eventId: 'E-G1-4', group: G, seq: 4, aggregateId: 'W1', aggregateRevision: 2, kind: 'work_item_claimed', payload: { work_item: 'W1', owner: 'a', epoch: 1, lease_id: 'l', lease_until: 9 }, at: 0 },
];
const worker = () => new Store(requireSqlJs(), 'worker', PROJECTION_SCHEMA);
const correct = { variant: 'correct' as ApplyVariant };
const crashAt = (target: string): FaultPoints => ({ reach: (point) => { if (point === target) throw new CrashSignal('worker', point); } });

describe('the seven-step apply cycle (SPEC §4, MWP-WRK-029)', () => {
  it('applies in order, advancing the durable cursor one step at a time', () => {
    const store = worker();
    for (const e of events) expect(applyEvent(store, noFaults, e, correct)).toBe('APPLIED');
    expect(readCursor(store, G).seq).toBe(4);
    expect(readProjection(store, G)).toEqual(foldEvents(events));
    expect(store.all('SELECT work_item_id, status FROM work_queue')).toEqual([{ work_item_id: 'W1', status: 'running' }]);
    expect(store.all('SELECT intent FROM outbox')).toEqual([{ intent: 'start W1 for a' }]);
  });

  it('ignores a duplicate Event ID, and anything at or behind the cursor', () => {
    const store = worker();
    applyEvent(store, noFaults, events[0]!, correct);
    expect(applyEvent(store, noFaults, events[0]!, correct)).toBe('DUPLICATE');
    expect(store.get('SELECT count(*) AS n FROM applied_log')).toEqual({ n: 1 });
  });

  it('buffers an early event, never advancing past the gap, then drains after the gap fills', () => {
    const store = worker();
    applyEvent(store, noFaults, events[0]!, correct);
    expect(applyEvent(store, noFaults, events[2]!, correct)).toBe('BUFFERED');
    expect(applyEvent(store, noFaults, events[3]!, correct)).toBe('BUFFERED');
    expect(readCursor(store, G)).toMatchObject({ seq: 1, mode: 'buffering' });
    expect(bufferedSeqs(store, G)).toEqual([3, 4]);
    expect(applyEvent(store, noFaults, events[1]!, correct)).toBe('APPLIED');
    expect(drainBuffer(store, noFaults, G, correct).map((e) => e.seq)).toEqual([3, 4]);
    expect(readCursor(store, G)).toMatchObject({ seq: 4, mode: 'in_order' });
    expect(bufferedSeqs(store, G)).toEqual([]);
  });

  for (const point of Object.values(ApplyFaultPoint)) {
    it(`a crash at ${point} leaves the worker's database exactly as before`, () => {
      const store = worker();
      applyEvent(store, noFaults, events[0]!, correct);
      const before = [...store.export()];
      expect(() => applyEvent(store, crashAt(point), events[1]!, correct)).toThrow(CrashSignal);
      expect([...store.export()]).toEqual(before);
      expect(applyEvent(store, noFaults, events[1]!, correct)).toBe('APPLIED');
    });
  }

  it('broken variants: no dedupe re-applies, cursor-on-receipt jumps a gap, ACK-before-commit acks what is then rolled back', () => {
    const naive = worker();
    applyEvent(naive, noFaults, events[0]!, { variant: 'no_dedupe' });
    applyEvent(naive, noFaults, events[0]!, { variant: 'no_dedupe' });
    expect(naive.get('SELECT count(*) AS n FROM applied_log')).toEqual({ n: 2 });
    const jumpy = worker();
    applyEvent(jumpy, noFaults, events[0]!, { variant: 'cursor_on_receipt' });
    applyEvent(jumpy, noFaults, events[3]!, { variant: 'cursor_on_receipt' });
    expect(readCursor(jumpy, G).seq).toBe(4);
    const early = worker();
    const acks: number[] = [];
    expect(() => applyEvent(early, crashAt(ApplyFaultPoint.afterCursorAdvance), events[0]!, { variant: 'ack_before_commit', ackEarly: (c) => acks.push(c) })).toThrow(CrashSignal);
    expect(acks).toEqual([1]);
    expect(readCursor(early, G).seq).toBe(0);
  });

  it('a restored snapshot replaces the projection and the cursor resumes after it', () => {
    const store = worker();
    applyEvent(store, noFaults, events[0]!, correct);
    restoreFromSnapshot(store, G, 3, foldEvents(events.slice(0, 3)));
    expect(readCursor(store, G)).toMatchObject({ seq: 3, base: 3 });
    expect(applyEvent(store, noFaults, events[2]!, correct)).toBe('STALE');
    expect(applyEvent(store, noFaults, events[3]!, correct)).toBe('APPLIED');
    expect(readProjection(store, G)).toEqual(foldEvents(events));
  });
});
