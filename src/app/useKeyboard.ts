/**
 * Keyboard shortcuts in a lab: → or . steps forward, ← or , steps back, Home or r resets,
 * and each palette entry with a `key` in lab.json plays its action. Ignored while typing.
 */
import { useEffect } from 'react';
import type { PaletteEntry } from '../lab/schema';
import { playAction, resetLab, stepBack, stepForward } from './store';

export function useLabKeyboard(palette: PaletteEntry[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const handled = handle(event.key, palette);
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
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
