/**
 * The virtual clock: lab time in whole ticks ("t"), plus a stamp counter that totally
 * orders every core call in the World (a Lamport-style order the invariants use).
 * Nothing in core or sim reads the wall clock.
 */
export class VirtualClock {
  private time: number;
  private stamps = 0;

  constructor(start = 0) {
    this.time = start;
  }

  get now(): number {
    return this.time;
  }

  /** Moves time forward by `ticks` (a non-negative integer). */
  advance(ticks: number): void {
    if (!Number.isInteger(ticks) || ticks < 0) throw new Error(`clock: cannot advance by ${ticks}`);
    this.time += ticks;
  }

  /** Moves time forward to `time`; time never goes backwards. */
  advanceTo(time: number): void {
    if (!Number.isInteger(time) || time < this.time) {
      throw new Error(`clock: cannot move from t=${this.time} to t=${time} (time only moves forward)`);
    }
    this.time = time;
  }

  /** A fresh, strictly increasing stamp. */
  nextStamp(): number {
    this.stamps += 1;
    return this.stamps;
  }

  /** Time and stamp counter, for a World checkpoint. */
  save(): ClockState {
    return { time: this.time, stamps: this.stamps };
  }

  /** Puts the clock back to a saved state (undo: the only way time moves backwards). */
  restore(state: ClockState): void {
    this.time = state.time;
    this.stamps = state.stamps;
  }
}

export interface ClockState {
  readonly time: number;
  readonly stamps: number;
}
