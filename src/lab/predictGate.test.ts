/**
 * A scenario must not answer a prediction before the student has made it: every scenario
 * that plays a predict exercise's situation declares the predict (`asks`), and stepping it
 * past the predict's start stays locked until a pick is recorded.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { loadLabsFromDir } from './nodeFiles';
import { LabSession } from './session';
import { closedGate, gatesOf, playsPredict } from './predictGate';
import type { PredictExercise } from './exercises/schema';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));

describe('a scenario that plays a prediction asks it first', () => {
  it('every lab loads', () => expect(labs).toHaveLength(loadLabsFromDir(resolve('labs')).length));

  // Ungated, stepping a scenario that plays a predict's situation shows its outcome before the pick;
  // a gate on a step the scenario never plays guards nothing.
  for (const lab of labs) {
    const predicts = lab.exercises.filter((e): e is PredictExercise => e.kind === 'predict');
    for (const scenario of lab.scenarios) {
      const played = predicts.filter((p) => playsPredict(lab, scenario, p)).map((p) => p.id);
      if (played.length === 0 && !scenario.asks) continue;
      it(`${lab.id}/${scenario.id} asks exactly what it plays (${played.join(', ') || 'nothing'})`, () => {
        expect([...(scenario.asks ?? [])].sort()).toEqual([...played].sort());
      });
    }
  }
});

describe('L05 current-node holds predict-node-rerun until the pick', () => {
  const l05 = labs.find((l) => l.id === 'L05')!;
  const attempt = { at: '2026-11-29T10:00:00Z', input: { kind: 'predict' as const, pick: 1 }, verdict: { pass: false, feedback: 'x', rules: [] } };

  it('locks the restart (the fourth step) before any pick', () => {
    const gate = closedGate(l05, 'current-node', {});
    expect(gate?.exercise.id).toBe('predict-node-rerun');
    expect(gate?.cursor).toBe(3);
    expect(l05.scenarios.find((s) => s.id === 'current-node')!.actions[3]).toEqual({ restart: 'A' });
  });

  it('opens once a pick is recorded, right or wrong', () => {
    expect(closedGate(l05, 'current-node', { 'predict-node-rerun': { attempts: [attempt] } })).toBeNull();
  });

  it('its title does not give the outcome away', () => {
    const titles = [l05.scenarios.find((s) => s.id === 'current-node')!.title,
      ...Object.values(l05.translations ?? {}).map((tr) => tr?.strings.scenarios['current-node']?.title ?? '')];
    expect(titles).toHaveLength(4);
    for (const title of titles) expect(title).not.toMatch(/re-runs|second|twice|再実行|重新运行|重新執行|2/);
  });

  it('a scenario that asks nothing has no gate', () => {
    expect(gatesOf(l05, 'happy-path')).toEqual([]);
    expect(closedGate(l05, undefined, {})).toBeNull();
  });
});

describe('a held session does not step past the hold', () => {
  it('refuses the step forward with the hold\'s reason and stops a jump at it; lifting the hold lets it through', () => {
    const l07 = labs.find((l) => l.id === 'L07')!;
    const { session } = LabSession.open(l07);
    session.loadScript(l07.scenarios.find((s) => s.id === 'late-write')!);
    let held = true;
    session.holdWith(() => (held ? { cursor: 2, error: 'predict first' } : null));
    expect(session.forward()).toEqual({ ok: true });
    expect(session.forward()).toEqual({ ok: true });
    expect(session.forward()).toEqual({ ok: false, error: 'predict first' });
    expect(session.cursor).toBe(2);
    session.jumpTo(0);
    session.jumpTo(5);
    expect(session.cursor).toBe(2);
    held = false;
    expect(session.forward()).toEqual({ ok: true });
    expect(session.cursor).toBe(3);
    session.dispose();
  });
});
