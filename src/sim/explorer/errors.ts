/** A model without the search hooks (`enabled`, `fingerprint`) cannot be explored yet. */
export class MissingHookError extends Error {
  override name = 'MissingHookError';
}
