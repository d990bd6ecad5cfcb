/**
 * The fork beside the learner's run (src/lab/fork.ts): its own session and view, held
 * apart from the main store so that stepping the fork never touches the run, the saved
 * place or the exercises. Closed when the lab changes (the panel closes it on unmount).
 */
import { create } from 'zustand';
import type { LabSession, WorldView } from '../lab/session';
import { ensureRuntime, useApp } from './store';

export interface Fork {
  session: LabSession;
  view: WorldView;
  /** The run's step it was forked at. */
  from: number;
  /** The last refusal, shown until the next step. */
  refused: boolean;
}

export const useFork = create<{ fork: Fork | null }>(() => ({ fork: null }));

/** Forks the open lab's run at its current step (replacing an earlier fork). */
export async function forkHere(): Promise<void> {
  const session = useApp.getState().session;
  if (!session) return;
  const rt = await ensureRuntime();
  await session.idle(); // after the changes asked before the fork
  const fork = await rt.forkAt(session);
  closeFork();
  useFork.setState({ fork: { session: fork, view: fork.view(), from: fork.snapshot.cursor, refused: false } });
}

/** Plays one action in the fork. */
export async function forkPlay(action: unknown): Promise<void> {
  const current = useFork.getState().fork;
  if (!current) return;
  const refused = !(await current.session.play(action)).ok;
  if (useFork.getState().fork === current) useFork.setState({ fork: { ...current, view: current.session.view(), refused } });
}

/** One step back in the fork (not past the step it was forked at). */
export async function forkBack(): Promise<void> {
  const current = useFork.getState().fork;
  if (!current || current.session.snapshot.cursor <= current.from) return;
  await current.session.back();
  if (useFork.getState().fork === current) useFork.setState({ fork: { ...current, view: current.session.view(), refused: false } });
}

export function closeFork(): void {
  const current = useFork.getState().fork;
  if (!current) return;
  useFork.setState({ fork: null });
  current.session.dispose();
}
