/**
 * The dialogs an instructor drives a lab with from the keyboard alone, presenter view
 * included (where the action palette is hidden): `?` lists every key of the page
 * (KeyOverlay), Ctrl+K, ⌘K or `:` opens the command palette (CommandPalette), which runs any
 * action, fault, step, scenario, switch or view change through the same store functions as
 * the page's buttons, and `b` shows the latest crash as a slide, before and after
 * (CrashSlide). Only one is open at a time; closing it puts the focus back where it was, so
 * → and the palette keys go on working on the lab.
 */
import { useEffect } from 'react';
import type { Lab, PaletteEntry } from '../../lab/schema';
import { isTyping, SLIDE_KEY } from '../useKeyboard';
import { CommandPalette } from './CommandPalette';
import { CrashSlide } from './CrashSlide';
import { KeyOverlay } from './KeyOverlay';
import { closeLecture, openLecture, takeOpener, useLecture } from './lectureDialogs';

export { closeLecture, openLecture, useLecture } from './lectureDialogs';

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
      } else if (event.key === SLIDE_KEY && (now === null || now === 'slide')) {
        event.preventDefault();
        if (now === 'slide') closeLecture();
        else openLecture('slide');
      }
    };
    // Capture phase, like the step keys (useKeyboard.ts): a focused select must not take them.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  useEffect(() => {
    if (open !== null) return;
    // The dialog is unmounted by now, so the page is no longer inert and takes the focus.
    const back = takeOpener();
    if (back && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
  }, [open]);
  // A dialog left open when the lab page goes away would steal the focus of the next page.
  useEffect(() => () => { takeOpener(); useLecture.setState({ open: null }); }, []);
  if (open === 'keys') return <KeyOverlay palette={palette} onClose={closeLecture} onCommands={() => openLecture('commands')} />;
  if (open === 'commands') return <CommandPalette lab={lab} palette={palette} presenting={presenting} onClose={closeLecture} onKeys={() => openLecture('keys')} onSlide={() => openLecture('slide')} />;
  if (open === 'slide') return <CrashSlide onClose={closeLecture} />;
  return null;
}
