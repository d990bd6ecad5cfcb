/**
 * Helpers over XState machine definitions, shared by the core (is this transition legal?)
 * and the UI (draw the same definition). One source of truth: DESIGN.md, "lifecycles".
 */
import { transition, type AnyStateMachine } from 'xstate';

/** One edge of a machine diagram. */
export interface MachineEdge {
  from: string;
  to: string;
  event: string;
}

/** The drawable shape of a flat machine: its states, initial state and edges. */
export interface MachineGraph {
  id: string;
  initial: string;
  states: string[];
  edges: MachineEdge[];
}

/**
 * The state `machine` moves to from `from` on `eventType`, or null when the machine has no
 * such transition (the core treats null as "illegal here").
 */
export function nextState(machine: AnyStateMachine, from: string, eventType: string): string | null {
  const snapshot = machine.resolveState({ value: from, context: machine.config.context ?? {} });
  if (!snapshot.can({ type: eventType })) return null;
  const [next] = transition(machine, snapshot, { type: eventType });
  return String(next.value);
}

/** Reads states and edges from the machine's own definition (top-level states only). */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const states = Object.keys(machine.root.states);
  const edges: MachineEdge[] = [];
  for (const [key, node] of Object.entries(machine.root.states)) {
    for (const [event, definitions] of node.transitions) {
      for (const definition of definitions) {
        for (const target of definition.target ?? [node]) {
          edges.push({ from: key, to: target.key, event });
        }
      }
    }
  }
  return { id: machine.id, initial: String(machine.config.initial), states, edges };
}
