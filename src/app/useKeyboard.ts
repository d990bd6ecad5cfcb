/**
 * Keyboard shortcuts in a lab: → or . steps forward, ← or , steps back, Home or r resets,
 * and each palette entry with a `key` in lab.json plays its action. Ignored while typing.
 *
 * A closed <select> (the scenario picker, a switch) would otherwise take ← and → and change
 * its value: a presenter who just picked a scenario would switch scenario by accident. So
 * on a select ← → , . still step (↑ ↓ and an open list keep the select's own behaviour;
 * an open native list does not send key events to the page).
 */
import { useEffect } from 'react';
import type { PaletteEntry } from '../lab/schema';
import { playAction, resetLab, stepBack, stepForward } from './store';

const STEP_KEYS = new Set(['ArrowRight', 'ArrowLeft', '.', ',']);

export function useLabKeyboard(palette: PaletteEntry[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.tagName === 'SELECT') {
        if (!STEP_KEYS.has(event.key)) return;
      } else if (target && (['INPUT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable)) {
        return;
      }
      const handled = handle(event.key, palette);
      if (handled) event.preventDefault();
    };
    // Capture phase: runs before the focused select applies its default arrow handling.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [palette]);
}

function handle(key: string, palette: PaletteEntry[]): boolean {
  switch (key) {
    case 'ArrowRight':
    case '.':
      stepForward();
      return true;
    case 'ArrowLeft':
    case ',':
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
