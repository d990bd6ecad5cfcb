/**
 * The zh-Hant message catalog: one module per namespace, the same namespaces and keys as
 * `../en` (`mergeNamespaces` fails the type-check on a missing one; the key-parity test in
 * `src/lab/i18n/parity.test.ts` lists the gaps). Terms follow docs/glossary.md; codes, rule
 * IDs and action tokens stay as they are.
 */
import { mergeNamespaces } from '../namespaces';
import { compensation } from './compensation';
import { fencing } from './fencing';
import { outage } from './outage';
import { projection } from './projection';
import { refund } from './refund';
import { workflow } from './workflow';
import { world } from './world';
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

export const catalog = mergeNamespaces({ refund, compensation, fencing, outage, projection, world, workflow, authority, invariants, switches, feedback, refusals, steps, view, rules, flash, problems, violations, actions, reasons, bounds });
