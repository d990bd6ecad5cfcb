/**
 * The zh-Hant message catalog: one JSON file per namespace, the same namespaces and keys as
 * `../en` (`mergeNamespaces` fails the type-check on a missing or extra one; the key-parity
 * test in `src/lab/i18n/parity.test.ts` lists the gaps). Terms follow docs/glossary.md;
 * codes, rule IDs and action tokens stay as they are.
 */
import { mergeNamespaces } from '../namespaces';
import refund from './refund.json';
import compensation from './compensation.json';
import fencing from './fencing.json';
import outage from './outage.json';
import projection from './projection.json';
import world from './world.json';
import workflow from './workflow.json';
import authority from './authority.json';
import invariants from './invariants.json';
import switches from './switches.json';
import feedback from './feedback.json';
import refusals from './refusals.json';
import steps from './steps.json';
import view from './view.json';
import rules from './rules.json';
import flash from './flash.json';
import problems from './problems.json';
import violations from './violations.json';
import actions from './actions.json';
import reasons from './reasons.json';
import bounds from './bounds.json';

export const catalog = mergeNamespaces({ refund, compensation, fencing, outage, projection, world, workflow, authority, invariants, switches, feedback, refusals, steps, view, rules, flash, problems, violations, actions, reasons, bounds });
