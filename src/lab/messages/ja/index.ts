/**
 * The ja message catalog: one module per namespace, the same namespaces and keys as
 * `../en` (a key-parity test in `src/lab/i18n/parity.test.ts` holds them together).
 * Terms follow docs/glossary.md; codes, rule IDs and action tokens stay as they are.
 */
import type { Catalog } from '../format';
import { fencing } from './fencing';
import { refund } from './refund';

export const catalog: Catalog = {
  ...refund,
  ...fencing,
};
