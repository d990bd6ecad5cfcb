/**
 * The two dialogs an instructor drives a lab with from the keyboard alone, presenter view
 * included (where the action palette is hidden): `?` lists every key of the page
 * (KeyOverlay), Ctrl+K, ⌘K or `:` opens the command palette (CommandPalette), which runs any
 * action, fault, step, scenario, switch or view change through the same store functions as
 * the page's buttons. Only one is open at a time; closing it puts the focus back where it was,
 * so → and the palette keys go on working on the lab.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { Lab, PaletteEntry } from '../../lab/schema';
import { isTyping } from '../useKeyboard';
import { CommandPalette } from './CommandPalette';
import { KeyOverlay } from './KeyOverlay';

type Open = 'keys' | 'commands' | null;

/** Which dialog is open: its own small store, so opening one re-renders nothing of the lab. */
export const useLecture = create<{ open: Open }>(() => ({ open: null }));

/** The element that had the focus when the first dialog opened (one dialog may replace another). */
let opener: HTMLElement | null = null;

export function openLecture(which: Exclude<Open, null>): void {
  if (useLecture.getState().open === null && opener === null) opener = document.activeElement as HTMLElement | null;
  useLecture.setState({ open: which });
}

export function closeLecture(): void {
  useLecture.setState({ open: null });
}

/** Whether the event is Ctrl+K or ⌘K (any keyboard layout that types a k there). */
const isPaletteChord = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

export function LectureKeys({ lab, palette, presenting }: { lab: Lab; palette: PaletteEntry[]; presenting: boolean }) {
  const open = useLecture((s) => s.open);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const now = useLecture.getState().open;
      if (isPaletteChord(event)) {
        // Also from a text box, as in editors: the chord types nothing. The browser's own use of it is the address bar's search.
        event.preventDefault();
        if (now === 'commands') closeLecture();
        else openLecture('commands');
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        if (now === 'keys') closeLecture();
        else if (now === null) openLecture('keys');
      } else if (event.key === ':' && now === null) {
        event.preventDefault();
        openLecture('commands');
      }
    };
    // Capture phase, like the step keys (useKeyboard.ts): a focused select must not take them.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  useEffect(() => {
    if (open !== null) return;
    // The dialog is unmounted by now, so the page is no longer inert and takes the focus.
    const back = opener;
    opener = null;
    if (back && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
  }, [open]);
  // A dialog left open when the lab page goes away would steal the focus of the next page.
  useEffect(() => () => { opener = null; useLecture.setState({ open: null }); }, []);
  if (open === 'keys') return <KeyOverlay palette={palette} onClose={closeLecture} onCommands={() => openLecture('commands')} />;
  if (open === 'commands') return <CommandPalette lab={lab} palette={palette} presenting={presenting} onClose={closeLecture} onKeys={() => openLecture('keys')} />;
  return null;
}
