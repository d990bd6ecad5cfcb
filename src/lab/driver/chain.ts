/**
 * The verbs a lab is driven by, headless or in a page: `LabDriver` (this folder) runs them
 * on a session, the Playwright page object (`e2e/labPage.ts` `PageDriver`) as clicks and
 * reads of the page. A chain written against this interface runs on either, unchanged
 * (`src/test/chains.ts`); awaiting it runs the chain and throws its first failure.
 */
export interface LabChain extends PromiseLike<void> {
  /** Takes each action in turn (a lab's own action values); a refused one fails the chain. */
  act(...actions: unknown[]): this;
  back(times?: number): this;
  forward(times?: number): this;
  reset(): this;
  /** Sets switch `key` to `value`: the same steps replayed under the other design. */
  flip(key: string, value: string): this;
  /** The observed state contains `expected` (the card subset match). */
  expectState(expected: Record<string, unknown>): this;
  /** Invariant `id` holds (or not) at the latest step. */
  expectInvariant(id: string, holds: boolean): this;
  expectCursor(cursor: number): this;
}
