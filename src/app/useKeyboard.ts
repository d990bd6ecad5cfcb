/**
 * Keyboard shortcuts in a lab: → . or PageDown step forward, ← , or PageUp step back, Home or
 * r resets, and each palette entry with a `key` in lab.json plays its action. Ignored while
 * typing, and while a dialog of the page (the key list, the command palette) is open: its
 * keys are its own. PageDown/PageUp are what presentation clickers send. `?`, Ctrl+K and `b` are
 * the dialogs' (components/LectureKeys.tsx).
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

/** The step keys, by what they do: handled here and listed by the key overlay from here. */
export const LAB_KEYS = {
  forward: ['ArrowRight', '.', 'PageDown'],
  back: ['ArrowLeft', ',', 'PageUp'],
  reset: ['Home', 'r'],
} as const satisfies Record<string, readonly string[]>;

/** Shows the latest crash as a slide, before and after (components/LectureKeys.tsx); reserved in lab.json like the step keys (src/lab/schema.ts STEP_KEYS). */
export const SLIDE_KEY = 'b';

/** Whether the event comes from a place that takes typing (a text box, an editable element). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (['INPUT', 'TEXTAREA'].includes(el.tagName) || el.isContentEditable));
}

/** A modal dialog of the page is open: the page under it is inert, and so are its keys. */
export function dialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

export function useLabKeyboard(palette: PaletteEntry[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || dialogOpen()) return;
      const handled = handle(event.key, palette);
      if (handled) event.preventDefault();
    };
    // Capture phase: runs before the focused select applies its default key handling.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [palette]);
}

const is = (keys: readonly string[], key: string) => keys.includes(key);

function handle(key: string, palette: PaletteEntry[]): boolean {
  if (is(LAB_KEYS.forward, key)) stepForward();
  else if (is(LAB_KEYS.back, key)) stepBack();
  else if (is(LAB_KEYS.reset, key)) resetLab();
  else {
    const entry = palette.find((e) => e.key === key);
    if (entry) playAction(entry.action);
    return Boolean(entry);
  }
  return true;
}
