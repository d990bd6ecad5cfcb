/** Compensation (SPEC 9.8, seed 002 §8) in L08's World: the compensation model at its lab's seed and starting state. */
import { describe, expect, it } from 'vitest';
import { msg } from '../../core/message';
import { useSqlJs } from '../../test/sqljs';
import { useLabs } from '../driver/testing';

useSqlJs();
const openLab = useLabs();
/** L08 with `switches` flipped. */
const l08 = (switches: Record<string, string> = {}) => openLab('L08', { switches });

describe('compensation records its authority (seed 002 §8)', () => {
  it('a cancellation names who may cancel and on what grant, who did, and the result', async () => {
    await l08().act('book_flight', 'book_hotel', 'cancel_flight').expectState({
      compensations: [{
        action: 'cancel_flight', may_act: ['ops-desk', 'trip-agent'], grant: 'G-3', authority: 'traveller consent given when FL-1 was booked',
        done_by: 'trip-agent', acted: true, result: 'CX-1 CANCELLED',
      }],
    }).expectBroken();
  });
  it('a failed cancellation and the person who closes the case are both recorded', async () => {
    const lab = l08({ airline_cancel: 'fails' }).act('book_flight', 'book_hotel', 'cancel_flight', 'resolve_manually');
    await lab;
    expect(lab.observed().compensations).toMatchObject([
      { action: 'cancel_flight', done_by: 'trip-agent', result: 'CX-1 AIRLINE_ERROR' },
      { action: 'close_by_hand', may_act: ['ops-desk'], grant: 'G-2', authority: 'operations desk policy', done_by: 'ops-desk' },
    ]);
  });
  it('after the traveller withdraws consent, the cancel is refused, recorded and handed to the desk', async () => {
    await l08().act('book_flight', 'withdraw_consent', 'book_hotel', 'cancel_flight').expectState({
      trip_state: 'MANUAL', flight: { status: 'booked' }, cancellations: [],
      compensations: [{ action: 'cancel_flight', may_act: ['ops-desk'], grant: null, done_by: 'trip-agent', acted: false, result: 'NO_AUTHORITY' }],
    }).expectBroken();
  });
  it('COMP-3 catches a cancel on a consent the traveller withdrew (the design that relies on the consent given at booking)', async () => {
    const lab = l08({ cancel_authority: 'consent_at_booking' }).act('book_flight', 'withdraw_consent', 'book_hotel', 'cancel_flight');
    await lab;
    // English: 'compensation step 1 (cancel_flight) was taken by trip-agent on grant G-3, withdrawn before it'.
    expect(lab.invariant('COMP-3').violations).toEqual([msg('violations.compensation.grant_withdrawn', { step: 1, action: 'cancel_flight', by: 'trip-agent', grant: 'G-3' })]);
  });
  it('COMP-2 catches a design that retries a failed cancellation instead of handing it to a person', async () => {
    await l08({ cancel_failure: 'retry', airline_cancel: 'fails' }).act('book_flight', 'book_hotel', 'cancel_flight')
      .expectState({ trip_state: 'HOTEL_FAILED' }).expectBroken('COMP-2');
  });
});

describe('compensation (SPEC 9.8)', () => {
  it('cancelling is a new action with a fee; nothing rewinds', async () => {
    await l08().act('book_flight', 'book_hotel', 'cancel_flight')
      .expectState({ trip_state: 'COMPENSATED', fees_cents: 5000, paid_cents: 5000, flight: { status: 'cancelled' } }).expectBroken();
  });

  it('past the deadline, or when the airline fails, a person takes over', async () => {
    await l08().act('book_flight', 'book_hotel', { advance: 10 }, 'cancel_flight').expectState({ trip_state: 'MANUAL', paid_cents: 40000 });
    await l08({ airline_cancel: 'fails' }).act('book_flight', 'book_hotel', 'cancel_flight').expectState({ trip_state: 'MANUAL' });
  });

  it('there is no negative refund', async () => {
    await l08().act('book_flight', 'negative_refund').expectState({ last_step: { outcome: 'NO_SUCH_TOOL' }, paid_cents: 40000 });
  });

  it('pretending the booking never happened breaks COMP-1, and leaves no record of who decided it (COMP-3)', async () => {
    await l08({ compensation: 'pretend_rollback' }).act('book_flight', 'book_hotel', 'cancel_flight').expectBroken('COMP-1', 'COMP-3');
  });

  it('a step the trip machine does not allow is refused and changes nothing', async () => {
    await l08().refuses('cancel_flight', /^Not now: the trip is PLANNED\.$/);
  });
});
