/**
 * The English message catalog: one module per namespace (who says it), merged here.
 * Add a namespace by adding its module and naming it in EN_NAMESPACES; every other locale
 * must then supply it too (src/lab/messages/namespaces.ts makes that a type error).
 */
import type { Catalog } from '../format';
import { mergeNamespaces } from '../namespaces';
import { refund } from './refund';
import { compensation } from './compensation';
import { fencing } from './fencing';
import { outage } from './outage';
import { projection } from './projection';
import { world } from './world';
import { workflow } from './workflow';
import { authority } from './authority';
import { invariants } from './invariants';
import { switches } from './switches';
import { feedback } from './feedback';
import { refusals } from './refusals';
import { steps } from './steps';
import { view } from './view';
import { rules } from './rules';
import { flash } from './flash';
import { actions } from './actions';
import { problems } from './problems';
import { violations } from './violations';
import { reasons } from './reasons';
import { bounds } from './bounds';

/** The namespaces of the World's narration: the one list every locale is checked against. */
export const EN_NAMESPACES = { refund, compensation, fencing, outage, projection, world, workflow, authority, invariants, switches, feedback, refusals, steps, view, rules, flash, problems, violations, actions, reasons, bounds };

export const en: Catalog = mergeNamespaces(EN_NAMESPACES);
