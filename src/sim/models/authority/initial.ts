/**
 * L09's starting state: one organization and group, its members, missions with budgets and
 * work items. `lead` founds the group (admin). Setup reaches this state through real,
 * signed, accepted commands, so the event history explains every row from sequence 1.
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import type { CommandKind } from '../../../core/authority/commands';
import { CLIENTS } from './actions';

const id = z.string().min(1).max(32);

export const authorityInitialSchema = z.object({
  org: id,
  group: id,
  members: z.record(z.enum(CLIENTS.filter((c) => c !== 'lead') as ['agent-1', 'agent-2']), z.enum(['admin', 'approver', 'worker'])),
  missions: z.record(id, z.number().int().min(0)),
  work_items: z.record(id, id),
  now: z.number().int().min(0).optional(),
}).strict();

export type AuthorityInitial = z.infer<typeof authorityInitialSchema>;

export function validateAuthorityInitial(raw: unknown): string | null {
  const problem = zodProblem(authorityInitialSchema, raw);
  if (problem) return problem;
  const data = authorityInitialSchema.parse(raw);
  for (const [item, mission] of Object.entries(data.work_items)) {
    if (!(mission in data.missions)) return `work_items.${item}: no mission ${mission}`;
  }
  return null;
}

/** The commands lead sends to build the starting state, in order. */
export function setupCommands(initial: AuthorityInitial): { kind: CommandKind; payload: Record<string, unknown>; expectedRevision: number | null }[] {
  const out: { kind: CommandKind; payload: Record<string, unknown>; expectedRevision: number | null }[] = [
    { kind: 'create_group', payload: { org: initial.org }, expectedRevision: null },
  ];
  let groupRevision = 1;
  for (const [agent, role] of Object.entries(initial.members)) {
    out.push({ kind: 'add_member', payload: { agent, role }, expectedRevision: groupRevision++ });
  }
  for (const [mission, budget] of Object.entries(initial.missions)) out.push({ kind: 'create_mission', payload: { mission, budget_cents: budget }, expectedRevision: null });
  for (const [item, mission] of Object.entries(initial.work_items)) out.push({ kind: 'create_work_item', payload: { work_item: item, mission }, expectedRevision: null });
  return out;
}
