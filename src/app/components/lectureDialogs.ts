/**
 * Which of the lecture dialogs is open (LectureKeys.tsx renders it): the key list, the command
 * palette or the crash slide. Its own small store, so opening one re-renders nothing of the
 * lab; a panel's button (the toolbar's key list, the crash panel's slide) opens one here too.
 */
import { create } from 'zustand';

export type LectureDialog = 'keys' | 'commands' | 'slide';

export const useLecture = create<{ open: LectureDialog | null }>(() => ({ open: null }));

/** The element that had the focus when the first dialog opened (one dialog may replace another). */
let opener: HTMLElement | null = null;

export function openLecture(which: LectureDialog): void {
  if (useLecture.getState().open === null && opener === null) opener = document.activeElement as HTMLElement | null;
  useLecture.setState({ open: which });
}

export function closeLecture(): void {
  useLecture.setState({ open: null });
}

/** The element to give the focus back to once every dialog is closed, taken (the next dialog notes its own). */
export function takeOpener(): HTMLElement | null {
  const back = opener;
  opener = null;
  return back;
}
