/**
 * The palette follows L06's Executor switch: under LangGraph the hand-written executor's
 * buttons are hidden (and the other way round); a lab with one model keeps every button.
 */
import { describe, expect, it } from 'vitest';
import { loadLabsFromDir } from './nodeFiles';
import { actionId } from './i18n/labStrings';
import { offeredActions } from './palette';

const labs = new Map(loadLabsFromDir('labs').flatMap((l) => (l.ok ? [[l.lab.id, l.lab] as const] : [])));
const l06 = labs.get('L06')!;
const ids = (switches: Record<string, string>) => offeredActions(l06, switches).map((e) => actionId(e.action));

describe('offeredActions', () => {
  it('L06 under LangGraph: the LangGraph buttons and the World actions, none of the hand-written executor\'s', () => {
    const shown = ids({ executor: 'langgraph' });
    for (const only of ['submit', 'crash_before_commit', 'crash_after_commit', 'lose_request', 'pause_before_dispatch', 'pause_after_fence_check',
      '{"submit":{"worker":"worker-2"}}', '{"retry":{"worker":"worker-2"}}']) expect(shown).not.toContain(only);
    expect(shown).toEqual(expect.arrayContaining(['ask', 'approve', 'retry', 'wake', 'takeover', 'stall_after_check', '{"restart":"A"}',
      '{"crash_at":"workflow.before_submit"}', 'tick', 'deliver_next']));
  });

  it('L06 hand-written: its own buttons, no LangGraph-only ones (their crash points and worker A do not exist there)', () => {
    const shown = ids({ executor: 'handwritten' });
    for (const only of ['ask', 'grant', 'approve_to_two', 'stall_after_check', '{"restart":"A"}', '{"crash_at":"workflow.before_submit"}',
      '{"crash_at":"workflow.after_provider_answer"}']) expect(shown).not.toContain(only);
    expect(shown).toEqual(expect.arrayContaining(['submit', 'crash_after_commit', '{"submit":{"worker":"worker-2"}}', 'tick']));
    // Between them, the two executors offer every button of the palette.
    expect(new Set([...shown, ...ids({ executor: 'langgraph' })]).size).toBe(l06.actions.length);
  });

  it('a lab with one model keeps its whole palette', () => {
    for (const id of ['L01', 'L05', 'L07']) {
      const lab = labs.get(id)!;
      expect(offeredActions(lab, lab.world.switches)).toEqual(lab.actions);
    }
  });
});
