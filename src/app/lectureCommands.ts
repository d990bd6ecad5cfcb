/**
 * What the command palette offers (components/CommandPalette.tsx): every palette action of
 * the lab, stepping, each scenario, each step of the open one, each switch option, each
 * panel to bring on screen, the view, the key list and the crash slide (disabled, and
 * saying so, before any crash). A command's `run` is the store function the page's own button or select calls, so a
 * command does exactly what clicking it would (a predict hold refuses it the same way);
 * only bringing a panel on screen is the palette's own (pagePlaces.ts), and it changes no World.
 * The words come in already rendered in the page's language; this file only assembles them.
 */
import type { PaletteEntry } from '../lab/schema';
import { actionSlug } from './actionSlug';
import { clearSteps, jumpTo, openScenario, playAction, resetLab, setPresenting, setSwitch, stepBack, stepForward } from './store';
import { LAB_KEYS, SLIDE_KEY } from './useKeyboard';

export interface Command {
  /** Stable across renders and languages: the option's key, and what tests pick it by. */
  id: string;
  label: string;
  group: string;
  /** The keys that do the same outside the palette, shown beside it. */
  keys?: readonly string[];
  /** The scenario open now, the step shown now. */
  current?: boolean;
  /** Nothing to run now (the crash slide before any crash): its label says so, and Enter passes it over. */
  disabled?: boolean;
  run: () => void;
}

export interface CommandSource {
  /** The palette the page offers (ActionPalette's entries, in the page's language). */
  palette: PaletteEntry[];
  scenarios: { id: string; title: string }[];
  scenario: string | null;
  /** Step 0 (the start) to the end of the open log, each with its label. */
  steps: string[];
  cursor: number;
  switches: { key: string; label: string; value: string; options: { value: string; label: string }[] }[];
  /** The panels and diagrams on the page now (pagePlaces.ts), each with what brings it on screen. */
  places: { name: string; show: () => void }[];
  presenting: boolean;
  /** Whether the run has crashed a node up to the cursor: the crash slide has something to show. */
  crashed: boolean;
}

/** What the palette's own view commands open (LectureKeys.tsx): the key list and the crash slide. */
export interface CommandDialogs { keys: () => void; slide: () => void }

export interface CommandText {
  group: { step: string; scenario: string; jump: string; switch: string; place: string; view: string };
  forward: string;
  back: string;
  reset: string;
  sandbox: string;
  scenario: (title: string) => string;
  jump: (n: number, total: number, label: string) => string;
  switch: (label: string, option: string) => string;
  place: (name: string) => string;
  present: string;
  leavePresent: string;
  keys: string;
  slide: string;
  noSlide: string;
}

/** Every command, in the order the palette lists them before any filter. */
export function buildCommands(source: CommandSource, text: CommandText, dialogs: CommandDialogs): Command[] {
  const out: Command[] = source.palette.map((entry) => ({
    id: `action:${actionSlug(entry.action)}`, label: entry.label, group: entry.group,
    ...(entry.key ? { keys: [entry.key] } : {}), run: () => playAction(entry.action),
  }));
  out.push(
    { id: 'step:forward', label: text.forward, group: text.group.step, keys: LAB_KEYS.forward, run: stepForward },
    { id: 'step:back', label: text.back, group: text.group.step, keys: LAB_KEYS.back, run: stepBack },
    { id: 'step:reset', label: text.reset, group: text.group.step, keys: LAB_KEYS.reset, run: resetLab },
  );
  for (const s of source.scenarios) {
    out.push({ id: `scenario:${s.id}`, label: text.scenario(s.title), group: text.group.scenario, current: s.id === source.scenario, run: () => openScenario(s.id) });
  }
  out.push({ id: 'scenario:', label: text.scenario(text.sandbox), group: text.group.scenario, current: source.scenario === null, run: clearSteps });
  const total = source.steps.length - 1;
  if (total > 0) {
    source.steps.forEach((label, n) => {
      out.push({ id: `jump:${n}`, label: text.jump(n, total, label), group: text.group.jump, current: n === source.cursor, run: () => jumpTo(n) });
    });
  }
  for (const spec of source.switches) {
    for (const option of spec.options) {
      if (option.value === spec.value) continue; // setting it again would change nothing
      out.push({ id: `switch:${spec.key}=${option.value}`, label: text.switch(spec.label, option.label), group: text.group.switch, run: () => setSwitch(spec.key, option.value) });
    }
  }
  source.places.forEach((place, i) => {
    out.push({ id: `place:${i}`, label: text.place(place.name), group: text.group.place, run: place.show });
  });
  out.push(
    { id: 'view:present', label: source.presenting ? text.leavePresent : text.present, group: text.group.view, run: () => setPresenting(!source.presenting) },
    { id: 'view:keys', label: text.keys, group: text.group.view, keys: ['?'], run: dialogs.keys },
    source.crashed
      ? { id: 'view:slide', label: text.slide, group: text.group.view, keys: [SLIDE_KEY], run: dialogs.slide }
      : { id: 'view:slide', label: text.noSlide, group: text.group.view, keys: [SLIDE_KEY], disabled: true, run: () => {} },
  );
  return out;
}

/** Width- and case-folded, so `ａ` finds `a` and `A: WRITE` finds `A: write`. */
const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/**
 * The commands whose label or group holds every word of the query, in their order. Words,
 * not the whole query: "crash write" finds "Crash resource inside its write". A query in a
 * language written without spaces is one word and matches as a substring.
 */
export function filterCommands(commands: readonly Command[], query: string): Command[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((c) => {
    const haystack = fold(`${c.label} ${c.group}`);
    return words.every((w) => haystack.includes(w));
  });
}

/**
 * A key as its key cap reads. Key caps are printed in English on the keyboards of every
 * language the lab ships (Home, Page Down), so these are not catalog strings.
 */
export function keyCap(key: string): string {
  return KEY_CAPS[key] ?? key;
}

const KEY_CAPS: Record<string, string> = {
  ArrowRight: '→', ArrowLeft: '←', ArrowUp: '↑', ArrowDown: '↓', PageDown: 'Page Down', PageUp: 'Page Up', ' ': 'Space',
};
