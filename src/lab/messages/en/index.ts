/**
 * The English message catalog: one module per namespace (who says it), merged here.
 * Add a namespace by adding its module and spreading it below.
 */
import type { Catalog } from '../format';
import { refund } from './refund';
import { compensation } from './compensation';
import { fencing } from './fencing';
import { outage } from './outage';
import { projection } from './projection';
import { world } from './world';
import { workflow } from './workflow';

export const en: Catalog = {
  ...refund,
  ...compensation,
  ...fencing,
  ...outage,
  ...projection,
  ...world,
  ...workflow,
};
