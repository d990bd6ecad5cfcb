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
      it(`${lab.id}/${scenario.id} asks exactly what it plays (${played.join(', ') || 'nothing'})`, async () => {
        expect([...(scenario.asks ?? [])].sort()).toEqual([...played].sort());
      });
    }
  }
});

describe('the title of a scenario that asks does not answer it', () => {
  // The scenario list shows every title before any pick: each pattern is the outcome its predict asks about.
  const outcomes: [string, RegExp][] = [
    ['L01/two-worlds', /two worlds|2 つの世界|两个世界|兩個世界|ledger|台帳|账本|帳本/],
    ['L01/never-retry', /finish|終わ|完成/],
    ['L02/declined', /REJECTED|balance|残高|余额|餘額/],
    ['L02/neither-blocks', /block|止め|阻止|擋下/],
    ['L02/manual-resolution', /person|statement|人が|明細|由人|对账单|對帳單/],
    ['L02/late-answer', /UNKNOWN|decides|決着|定论|決定/],
    ['L03/changed-parameters', /conflict|old result|競合|以前の結果|冲突|衝突|旧结果|舊的結果/],
    ['L03/genuine-second-refund', /second refund|2 件目|第二笔|第二筆/],
    ['L04/crash-after', /same row|同じ行|同一条记录|同一列/],
    ['L04/kv-first-skips', /skip|スキップ|跳过|跳過/],
    ['L07/late-write', /late|遅れ|迟到|遲到/],
    ['L08/hotel-fails-compensate', /fee|new action|手数料|新しいアクション|费用|新动作|費用|新的動作/],
    ['L08/past-deadline', /person|too late|人に|遅すぎ|交给人|太晚|交給人|來不及/],
    ['L09/duplicate', /receipt|appended|レシート|追加|回执|追加|收據|附加/],
    ['L09/stale-revision', /reject|拒否|拒绝|拒絕/],
    ['L10/gap', /stops|waits|止ま|待つ|停下|等待/],
    ['L10/gap-filled', /drains|吐き出|清空/],
    ['L10/duplicate', /ignored|無視|忽略/],
    ['L11/restore', /restore|snapshot|復元|スナップショット|恢复|快照|還原/],
    ['L11/tamper-group', /refused|untouched|拒否|そのまま|拒绝|不变|拒絕|不受影響/],
    ['L12/checkpoint-releases', /releas|new one|解放|新しいリース|释放|新租约|釋放|新的租約/],
    ['L12/session-replaced', /revoke|queued|取り消|撤销|撤銷/],
    ['L13/reconcile-first', /nothing goes out|何も送らない|什么都不发出|什麼都不送出/],
    ['L14/skip-reconciliation', /two refunds|2 件の返金|两笔退款|兩筆退款/],
    ['L14/reconcile-first', /one refund|1 件の返金|一笔退款|一筆退款/],
  ];
  it.each(outcomes)('%s', (key, outcome) => {
    const [labId, scenarioId] = key.split('/') as [string, string];
    const lab = labs.find((l) => l.id === labId)!;
    const scenario = lab.scenarios.find((s) => s.id === scenarioId)!;
    expect(scenario.asks, 'a scenario that asks nothing is not held to this').toBeDefined();
    const titles = [scenario.title, ...Object.values(lab.translations ?? {}).map((tr) => tr?.strings.scenarios[scenarioId]?.title ?? '')];
    expect(titles).toHaveLength(4);
    for (const title of titles) expect(title).not.toMatch(outcome);
  });
});

describe('L05 current-node holds predict-node-rerun until the pick', () => {
  const l05 = labs.find((l) => l.id === 'L05')!;
  const attempt = { at: '2026-11-29T10:00:00Z', input: { kind: 'predict' as const, pick: 1 }, verdict: { pass: false, feedback: 'x', rules: [] } };

  it('locks the restart (the fourth step) before any pick', async () => {
    const gate = closedGate(l05, 'current-node', {});
    expect(gate?.exercise.id).toBe('predict-node-rerun');
    expect(gate?.cursor).toBe(3);
    expect(l05.scenarios.find((s) => s.id === 'current-node')!.actions[3]).toEqual({ restart: 'A' });
  });

  it('opens once a pick is recorded, right or wrong', async () => {
    expect(closedGate(l05, 'current-node', { 'predict-node-rerun': { attempts: [attempt] } })).toBeNull();
  });

  it('its title does not give the outcome away', async () => {
    const titles = [l05.scenarios.find((s) => s.id === 'current-node')!.title,
      ...Object.values(l05.translations ?? {}).map((tr) => tr?.strings.scenarios['current-node']?.title ?? '')];
    expect(titles).toHaveLength(4);
    for (const title of titles) expect(title).not.toMatch(/re-runs|second|twice|再実行|重新运行|重新執行|2/);
  });

  it('a scenario that asks nothing has no gate', async () => {
    expect(gatesOf(l05, 'happy-path')).toEqual([]);
    expect(closedGate(l05, undefined, {})).toBeNull();
  });
});

describe('a held session does not step past the hold', () => {
  it('refuses the step forward with the hold\'s reason and stops a jump at it; lifting the hold lets it through', async () => {
    const l07 = labs.find((l) => l.id === 'L07')!;
    const { session } = await LabSession.open(l07);
    await session.loadScript(l07.scenarios.find((s) => s.id === 'late-write')!);
    let held = true;
    session.holdWith(() => (held ? { cursor: 2, error: 'predict first' } : null));
    expect(await session.forward()).toEqual({ ok: true });
    expect(await session.forward()).toEqual({ ok: true });
    expect(await session.forward()).toEqual({ ok: false, error: 'predict first' });
    expect(session.cursor).toBe(2);
    await session.jumpTo(0);
    await session.jumpTo(5);
    expect(session.cursor).toBe(2);
    held = false;
    expect(await session.forward()).toEqual({ ok: true });
    expect(session.cursor).toBe(3);
    session.dispose();
  });
});
