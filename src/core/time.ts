/**
 * What core code knows about time: the current lab time and a strictly increasing stamp.
 * The simulator's VirtualClock provides both; core never reads the wall clock.
 */
export interface Clock {
  readonly now: number;
  nextStamp(): number;
}
