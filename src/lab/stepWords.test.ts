/**
 * Reports name steps by the words the timeline uses, in the report's language, never by the
 * action's JSON: a search's counterexample in a repair's feedback, and a refused step.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import './i18n/messageCatalogs';
import { loadLabsFromDir } from './nodeFiles';
import type { Lab } from './schema';
import { actionText, splitActions } from './stepWords';
import { regrade, type Submission } from './submission';

useSqlJs();
const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const l01 = labs.find((l) => l.id === 'L01') as Lab;

function submissionWith(exercise: string, input: unknown): Submission {
  const attempt = { at: '2026-11-29T10:00:00Z', input, verdict: { pass: false, feedback: '', rules: [] } };
  return { format: 'durable-execution-lab/submission', schemaVersion: 1, appVersion: '0.1.0', exportedAt: '2026-11-29T11:00:00Z', student: { name: 'A', id: 's-1' }, labs: { L01: { exercises: { [exercise]: { attempts: [attempt] } } } } } as Submission;
}

describe('step words in reports', () => {
  it('splits a saved action list at top-level commas only', async () => {
    expect(splitActions('approve, {"advance":3}, {"crash_at":"a,b"}, retry')).toEqual(['approve', { advance: 3 }, { crash_at: 'a,b' }, 'retry']);
  });

  it('a repair broken by search lists its counterexample as step labels, in the report language', async () => {
    for (const lang of ['en', 'ja'] as const) {
      const [row] = (await regrade(submissionWith('search-then-choose', { kind: 'repair', choices: { retry_policy: 'blind_resend' } }), labs, { labs: ['L01'], lang })).filter((r) => r.exercise === 'search-then-choose');
      expect(row!.status).toBe('fail');
      expect(row!.feedback).not.toMatch(/\{"|"\}/);
      expect(row!.feedback).toContain(`${actionText(l01, 'approve', {}, lang)} → `);
      expect(row!.feedback).toContain(' → ');
    }
  });

  it('a reproduce attempt is described by its steps', async () => {
    const [row] = (await regrade(submissionWith('double-refund', { kind: 'reproduce', actions: ['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'] }), labs, { labs: ['L01'] })).filter((r) => r.exercise === 'double-refund');
    expect(row!.answer).toBe(['approve', 'lose_response', 'submit', { advance: 3 }, 'retry'].map((a) => actionText(l01, a, {}, 'en')).join(' → '));
    expect(row!.answer).not.toContain('{');
  });
});
