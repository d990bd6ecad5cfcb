/**
 * What an instructor may want to know about how an exercise was answered — reported per
 * exercise, never scored: the spoilers were shown before the graded attempt, the lab was
 * reset, a Search ran before a reproduce attempt (or its steps came from one), records were
 * imported, or a repair/reproduce has no attempt handed in (the grader then takes the first
 * pass). Computed from the record's events (records.ts); a file of schema version 1 has no
 * events, so only what its attempts show is flagged (the grader warns that the rest is unknown).
 */
import type { ExerciseRecord } from './records';

export type FlagCode = 'spoilers' | 'reset' | 'search-before' | 'imported' | 'no-hand-in';

export interface Flag {
  code: FlagCode;
  /** How many times, when more than once matters (resets, imports). */
  count?: number;
}

const time = (at: string) => {
  const t = Date.parse(at);
  return Number.isNaN(t) ? Infinity : t;
};

export function exerciseFlags(kind: string, record: ExerciseRecord, graded: number, hasEvents: boolean): Flag[] {
  const flags: Flag[] = [];
  const events = record.events ?? [];
  const gradedAt = graded >= 0 ? time(record.attempts[graded]!.at) : Infinity;
  const before = (type: string) => events.some((e) => e.type === type && time(e.at) <= gradedAt);
  if (before('spoilers')) flags.push({ code: 'spoilers' });
  const resets = events.filter((e) => e.type === 'reset').length;
  if (resets > 0) flags.push({ code: 'reset', count: resets });
  const input = graded >= 0 ? record.attempts[graded]!.input : null;
  if (kind === 'reproduce' && (before('search') || (input?.kind === 'reproduce' && input.origin === 'search'))) flags.push({ code: 'search-before' });
  const imports = events.filter((e) => e.type === 'import').length;
  if (imports > 0) flags.push({ code: 'imported', count: imports });
  if (hasEvents && (kind === 'repair' || kind === 'reproduce') && record.attempts.length > 0 && !events.some((e) => e.type === 'hand-in')) flags.push({ code: 'no-hand-in' });
  return flags;
}
