/**
 * The zh-Hans message catalog: one module per namespace, the same namespaces and keys as
 * `../en` (a key-parity test in `src/lab/i18n/parity.test.ts` holds them together).
 * Terms follow docs/glossary.md; codes, rule IDs and action tokens stay as they are.
 */
import type { Catalog } from '../format';
import { compensation } from './compensation';
import { fencing } from './fencing';
import { outage } from './outage';
import { projection } from './projection';
import { refund } from './refund';
import { workflow } from './workflow';
import { world } from './world';

export const catalog: Catalog = {
  ...refund,
  ...compensation,
  ...fencing,
  ...outage,
  ...projection,
  ...world,
  ...workflow,
};
