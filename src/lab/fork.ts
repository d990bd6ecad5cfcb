/**
 * "What else could have happened": a second session forked from the learner's run at a
 * step — the same lab, switches, starting state and steps up to there, replayed in a World
 * of its own — so two branches can be stepped apart and compared. The fork shares nothing
 * with the run it came from: stepping either leaves the other as it is.
 */
import { LabSession } from './session';

/** A new session at `session`'s current step: its steps up to the cursor, no redo tail. */
export async function forkAt(session: LabSession): Promise<LabSession> {
  const { steps, cursor, switches, initial } = session.snapshot;
  return (await LabSession.open(session.lab, { steps: steps.slice(0, cursor), cursor, switches: { ...switches }, ...(initial ? { initial } : {}) })).session;
}
