/** The compensation model narrates with message descriptors whose keys all have English templates. */
import { describe, expect, it } from 'vitest';
import { isMessage } from '../../../core/message';
import { useSqlJs } from '../../../test/sqljs';
import { World } from '../../../sim/world';
import { en } from './index';

useSqlJs();

const INITIAL = { flight_price_cents: 40000, cancel_fee_cents: 5000, cancel_window: 10 };

describe('compensation narration', () => {
  it('is message descriptors with English templates', () => {
    const seen = new Set<string>();
    const runs: [unknown[], Record<string, string>][] = [
      [['book_flight', 'book_hotel', 'cancel_flight', 'negative_refund'], {}],
      [['book_flight', 'book_hotel', 'cancel_flight', 'resolve_manually'], { airline_cancel: 'fails' }],
      [['book_flight', 'book_hotel', 'cancel_flight'], { compensation: 'pretend_rollback' }],
      [['book_flight', 'book_hotel'], { hotel: 'available' }],
    ];
    for (const [actions, switches] of runs) {
      const world = World.replay({ model: 'compensation', seed: 8, initial: INITIAL, switches }, actions);
      for (const note of world.trace.flatMap((e) => e.notes)) {
        expect(isMessage(note), String(note)).toBe(true);
        if (isMessage(note) && note.key.startsWith('compensation.')) {
          seen.add(note.key);
          expect(en[note.key], note.key).toBeTypeOf('string');
        }
      }
      world.dispose();
    }
    expect(seen.size).toBe(9);
  });
});
