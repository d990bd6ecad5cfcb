/**
 * Keyboard shortcuts in a lab: → . or PageDown step forward, ← , or PageUp step back, Home or
 * r resets, and each palette entry with a `key` in lab.json plays its action. Ignored while
 * typing. PageDown/PageUp are what presentation clickers send.
 *
 * A closed <select> (the scenario picker, a switch) would otherwise take these keys: ← → and
 * PageUp/PageDown change its value, Home picks its first option (Sandbox) and a letter picks
 * the first option starting with it, so a presenter who just picked a scenario would switch
 * scenario and lose the step by accident. So on a select every key listed above still does
 * its lab action; the select keeps ↑ ↓, Space, Enter and the letters that are no shortcut,
 * which is how it is opened and driven from the keyboard. An open native list does not send
 * key events to the page (its popup has the focus), so it keeps all of its own keys.
 */
import { useEffect } from 'react';
import type { PaletteEntry } from '../lab/schema';
import { playAction, resetLab, stepBack, stepForward } from './store';

export function useLabKeyboard(palette: PaletteEntry[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (['INPUT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable)) return;
      const handled = handle(event.key, palette);
      if (handled) event.preventDefault();
    };
    // Capture phase: runs before the focused select applies its default key handling.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [palette]);
}

function handle(key: string, palette: PaletteEntry[]): boolean {
  switch (key) {
    case 'ArrowRight':
    case '.':
    case 'PageDown':
      stepForward();
      return true;
    case 'ArrowLeft':
    case ',':
    case 'PageUp':
      stepBack();
      return true;
    case 'Home':
    case 'r':
      resetLab();
      return true;
    default: {
      const entry = palette.find((e) => e.key === key);
      if (entry) playAction(entry.action);
      return Boolean(entry);
    }
  }
}
