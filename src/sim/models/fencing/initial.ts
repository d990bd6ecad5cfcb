/**
 * The fencing lab's starting state, in the exact shape of the SPEC 9.7 card vectors:
 * `{"current_token":1,"lease_until":10,"now":0,"workers":{"A":1,"B":null}}`, plus an
 * optional `lease_duration` (ticks per grant, default 10).
 */
import { z } from 'zod';
import { zodProblem } from '../../zodProblem';
import { ResourceFaultPoint } from '../../../core/fencing/protectedResource';

const fence = z.number().int().min(0);

export const fencingInitialSchema = z.object({
  current_token: fence,
  lease_until: z.number().int().min(0),
  now: z.number().int().min(0),
  workers: z.object({ A: fence.nullable().optional(), B: fence.nullable().optional() }).strict(),
  lease_duration: z.number().int().min(1).optional(),
}).strict();

export interface FencingInitial {
  currentToken: number;
  leaseUntil: number;
  now: number;
  workers: Partial<Record<'A' | 'B', number | null>>;
  leaseDuration: number;
}

export function validateFencingInitial(raw: unknown): string | null {
  const problem = zodProblem(fencingInitialSchema, raw);
  if (problem) return problem;
  const data = fencingInitialSchema.parse(raw);
  const { current_token: current, workers } = data;
  for (const [worker, token] of Object.entries(workers)) {
    if (token !== null && token !== undefined && token > current) return `workers.${worker}: fence ${token} was never issued (current is ${current})`;
  }
  return null;
}

export function readInitial(raw: Record<string, unknown>): FencingInitial {
  const data = fencingInitialSchema.parse(raw);
  return {
    currentToken: data.current_token,
    leaseUntil: data.lease_until,
    now: data.now,
    workers: data.workers,
    leaseDuration: data.lease_duration ?? 10,
  };
}

export const FENCING_FAULT_POINTS = [
  { point: ResourceFaultPoint.beforeCommit, node: 'resource', label: 'resource crashes inside the write transaction' },
  { point: ResourceFaultPoint.afterCommit, node: 'resource', label: 'resource crashes after commit, before replying' },
];
