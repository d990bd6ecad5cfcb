/**
 * The seeded RNG: every random choice in the World comes from here, so one seed and one
 * action list always give the same run (xoroshiro128+ from pure-rand).
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export class SeededRng {
  private generator: RandomGenerator;

  constructor(readonly seed: number) {
    this.generator = xoroshiro128plus(seed);
  }

  /** An independent copy of the generator's position, for a World checkpoint. */
  save(): RandomGenerator {
    return this.generator.clone();
  }

  /** Continues from a saved position (the saved copy stays untouched, so it can be restored again). */
  restore(saved: RandomGenerator): void {
    this.generator = saved.clone();
  }

  /** A uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.generator, from, to);
  }
}
