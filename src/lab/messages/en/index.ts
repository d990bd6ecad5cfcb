/**
 * The English message catalog: one JSON file per namespace (who says it), merged here.
 * Add a namespace by adding its file and naming it in EN_NAMESPACES; every other locale
 * must then supply it too (src/lab/messages/namespaces.ts makes that a type error).
 */
import type { Catalog } from '../render';
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

/** The namespaces of the World's narration: the one list every locale is checked against. */
export const EN_NAMESPACES = { refund, compensation, fencing, outage, projection, world, workflow, authority, invariants, switches, feedback, refusals, steps, view, rules, flash, problems, violations, actions, reasons, bounds };

export const en: Catalog = mergeNamespaces(EN_NAMESPACES);
