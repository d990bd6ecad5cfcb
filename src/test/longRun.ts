/**
 * A long L07 run, as many steps as asked: a cycle of eight steps that L07 takes again from
 * where the last one left off (both workers acquire, write and release; the clock moves on).
 * For the places that need a long run: the paced replay's test, the sequence diagram's
 * browser test, and `npm run bench:ui`'s flip.
 */
export const L07_CYCLE: readonly unknown[] = ['A_write', 'B_acquire', 'tick', 'B_write', 'A_acquire', { advance: 5 }, 'A_release', 'B_release'];

/** The first `steps` steps of the cycle repeated (`steps` a multiple of its length). */
export function longL07Run(steps: number): unknown[] {
  if (steps % L07_CYCLE.length !== 0) throw new Error(`longL07Run: ${steps} is not a multiple of ${L07_CYCLE.length}`);
  return Array.from({ length: steps / L07_CYCLE.length }, () => L07_CYCLE).flat();
}
