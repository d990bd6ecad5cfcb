/**
 * Helpers over XState machine definitions, shared by the core (is this transition legal?)
 * and the UI (draw the same definition). One source of truth: docs/architecture.md.
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
  let known = nextStates.get(machine);
  if (!known) nextStates.set(machine, (known = new Map()));
  const key = `${from}\u0000${eventType}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const next = resolveNext(machine, from, eventType);
  known.set(key, next);
  return next;
}

/**
 * Answers of `nextState`, per machine object. The answer is a pure function of the
 * definition, the state and the event (the snapshot is always resolved with the machine's
 * own starting context), and asking xstate costs ≈ the rest of an authority accept
 * (bench/run.ts), which asks on every execution command. Bounded by states × events.
 */
const nextStates = new WeakMap<AnyStateMachine, Map<string, string | null>>();

function resolveNext(machine: AnyStateMachine, from: string, eventType: string): string | null {
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
