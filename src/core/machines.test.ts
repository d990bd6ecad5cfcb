import { describe, expect, it } from 'vitest';
import { createMachine, transition, type AnyStateMachine } from 'xstate';
import { machineGraph, nextState } from './machines';
import { operationMachine } from './effects/operationMachine';
import { cursorMachine } from './worker/cursorMachine';
import { workItemMachine } from './authority/workItemMachine';
import { tripMachine } from './compensation/tripMachine';
import { leaseMachine } from './fencing/leaseMachine';

const MACHINES: AnyStateMachine[] = [operationMachine, cursorMachine, workItemMachine, tripMachine, leaseMachine];

/** xstate asked directly, every time (what nextState answered before it remembered answers). */
function fresh(machine: AnyStateMachine, from: string, event: string): string | null {
  const snapshot = machine.resolveState({ value: from, context: machine.config.context ?? {} });
  if (!snapshot.can({ type: event })) return null;
  return String(transition(machine, snapshot, { type: event })[0].value);
}

describe('nextState', () => {
  it('answers as xstate does for every state and event of every core machine, asked in any order, again and again', () => {
    for (const machine of MACHINES) {
      const graph = machineGraph(machine);
      const events = [...new Set(graph.edges.map((e) => e.event)), 'NO_SUCH_EVENT'];
      const pairs = graph.states.flatMap((from) => events.map((event) => [from, event] as const));
      // Forward, then backward: a memo keyed on too little (only the state, or only the
      // event) hands a later question an earlier question's answer.
      for (const [from, event] of [...pairs, ...[...pairs].reverse()]) {
        expect(nextState(machine, from, event), `${graph.id}: ${from} --${event}-->`).toBe(fresh(machine, from, event));
      }
      for (const edge of graph.edges) expect(nextState(machine, edge.from, edge.event)).toBe(edge.to);
    }
  });

  it('keeps machines apart: the same state and event in two machines may lead to different states', () => {
    const one = createMachine({ id: 'one', initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } });
    const two = createMachine({ id: 'two', initial: 'a', states: { a: { on: { GO: 'c' } }, c: {} } });
    expect(nextState(one, 'a', 'GO')).toBe('b');
    expect(nextState(two, 'a', 'GO')).toBe('c');
    expect(nextState(one, 'b', 'GO')).toBeNull();
  });

  it('still throws for a state the machine does not have (and does not remember it)', () => {
    expect(() => nextState(leaseMachine, 'running', 'RENEW')).toThrow(/does not exist/);
    expect(() => nextState(leaseMachine, 'running', 'RENEW')).toThrow(/does not exist/);
  });
});
