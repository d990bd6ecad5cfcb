/**
 * L06's Executor switch: it picks the World's model (src/sim/models/matrix/route.ts) through
 * `configFor`, the loader checks each scenario against the model its switches pick, and the
 * lab counts as asynchronous because one of its executors is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { configFor } from './config';
import { LabDriver } from './driver';
import { labById } from './driver/node';
import { useLabs } from './driver/testing';
import { isAsyncLab } from '../test/asyncLab';
import { parseLab } from './loader';

useSqlJs();
const openLab = useLabs();

const labs = new Map(['L01', 'L05', 'L06'].map((id) => [id, labById(id)] as const));
const l06 = () => labs.get('L06')!;

describe('L06 Executor switch', () => {
  it('picks the model: hand-written by default, LangGraph when switched; other labs keep theirs', async () => {
    expect(configFor(l06()).model).toBe('matrix');
    expect(configFor(l06(), { switches: { executor: 'langgraph' } }).model).toBe('matrix_langgraph');
    expect(configFor(l06(), { switches: { executor: 'handwritten' } }).model).toBe('matrix');
    expect(configFor(labs.get('L01')!, { switches: { executor: 'langgraph' } }).model).toBe(labs.get('L01')!.model);
    expect(isAsyncLab(labs.get('L01')!)).toBe(false);
    expect(isAsyncLab(labs.get('L05')!)).toBe(true);
    // L06 has exercises that start under LangGraph (lg-…): its checks are asynchronous. Without them, every
    // exercise starts under the hand-written executor and the lab is checked synchronously.
    expect(isAsyncLab(l06())).toBe(true);
    const handwrittenOnly = l06().exercises.filter((e) => !('start' in e) || e.start.switches?.executor !== 'langgraph');
    expect(handwrittenOnly.length).toBeLessThan(l06().exercises.length);
    expect(isAsyncLab({ ...l06(), exercises: handwrittenOnly })).toBe(false);
  });

  it('the same fault under each executor: crash after the provider booked it, one refund either way', async () => {
    const handwritten = openLab('L06').act('approve', 'crash_after_commit', 'retry').expectState({ ledger_count: 1, status: 'CONFIRMED' });
    await handwritten;
    expect(handwritten.world.model.id).toBe('matrix');
    const langgraph = openLab('L06').flip('executor', 'langgraph').act('ask', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' });
    await langgraph;
    await langgraph.expectState({ ledger_count: 1, status: 'CONFIRMED', node_runs: { submit: 2 } });
    expect(langgraph.world.model.id).toBe('matrix_langgraph');
  });

  it('a switch chosen under one executor stays valid after flipping to the other', async () => {
    const switches = { takeover: 'start_fresh', recovery: 'current_node' };
    for (const executor of ['handwritten', 'langgraph']) openLab('L06', { switches: { ...switches, executor } });
  });

  it('the loader checks a scenario against the executor its switches pick', async () => {
    const text = readFileSync('labs/L06/lab.json', 'utf8');
    const json = JSON.parse(text) as { scenarios: { id: string; title: string; switches?: Record<string, string>; actions: unknown[]; expect: object }[] };
    const readme = readFileSync('labs/L06/README.md', 'utf8');
    expect(parseLab('labs/L06/lab.json', text, readme).ok).toBe(true);
    // A hand-written action in a LangGraph scenario, and a LangGraph action in a hand-written one.
    json.scenarios.push({ id: 'x-lg', title: 'x', switches: { executor: 'langgraph' }, actions: ['submit'], expect: {} });
    json.scenarios.push({ id: 'x-hw', title: 'x', actions: ['stall_after_check'], expect: {} });
    const broken = parseLab('labs/L06/lab.json', JSON.stringify(json), readme);
    expect(broken.ok).toBe(false);
    const fields = broken.ok ? [] : broken.problems.map((p) => p.field);
    expect(fields).toEqual(expect.arrayContaining([`scenarios[${json.scenarios.length - 2}].actions[0]`, `scenarios[${json.scenarios.length - 1}].actions[0]`]));
  });

  it('a session that switches to LangGraph with steps taken runs the engine (on its queue), and so does a saved LangGraph place', async () => {
    const lgSteps = ['ask', { crash_at: 'workflow.after_provider_answer' }, 'approve', { restart: 'A' }];
    // Steps both executors understand, then the flip: the steps are replayed by the LangGraph World.
    // (Awaiting the driver throws if any change was refused.)
    const lab = openLab('L06').act('edit_order').flip('executor', 'langgraph').act(...lgSteps);
    await lab;
    expect(lab.world.model.id).toBe('matrix_langgraph');
    await lab.expectState({ ledger_count: 1, node_runs: { submit: 2 } });
    // Reopening that place (the app's saved progress) replays it under LangGraph too.
    const reopened = LabDriver.open(l06(), lab.labSession.snapshot);
    await reopened;
    expect(reopened.world.model.id).toBe('matrix_langgraph');
    await reopened.expectState({ ledger_count: 1, node_runs: { submit: 2 } }).dispose();
  });
});
