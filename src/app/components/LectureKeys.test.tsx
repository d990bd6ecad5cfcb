// @vitest-environment happy-dom
/**
 * The key list (`?`) and the command palette (Ctrl+K) of a lab page, rendered under
 * happy-dom: what they list, filtering, moving with ↑ ↓, running a command through the
 * store function the page's button calls, closing with Escape (or `?`) and the focus going
 * back to where it was. The store's actions are replaced by spies: what a command runs is
 * the point, not the World it would change (the page's specs step real Worlds).
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { resolve } from 'node:path';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLabsFromDir } from '../../lab/nodeFiles';
import type { LabSession, WorldView } from '../../lab/session';
import type { TraceEntry } from '../../sim/world';
import { msg } from '../../core/message';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { filterCommands, type Command } from '../lectureCommands';
import * as store from '../store';
import { useLabKeyboard } from '../useKeyboard';
import { LectureKeys, useLecture } from './LectureKeys';

vi.mock('virtual:lab-index', () => ({ default: [] }));
vi.mock('../store', async (original) => ({
  ...(await original<typeof import('../store')>()),
  playAction: vi.fn(), stepForward: vi.fn(), stepBack: vi.fn(), resetLab: vi.fn(), jumpTo: vi.fn(),
  openScenario: vi.fn(), clearSteps: vi.fn(), setSwitch: vi.fn(), setPresenting: vi.fn(),
}));

const l07 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).find((l) => l.id === 'L07')!;
const lateWrite = l07.scenarios.find((s) => s.id === 'late-write')!;

/** L07 at step 1 of the late-write scenario: the start and A's stall taken, four steps ahead. */
function atStepOne(): void {
  const entry = (index: number, label: string): TraceEntry => ({
    index, action: index === 0 ? null : ({} as TraceEntry['action']), label: msg(label), time: 0, transactions: [], sent: [], delivered: [], dropped: [],
    notes: [], crash: null, invariants: [],
  });
  const view = {
    cursor: 1, total: 5, time: 0, trace: [entry(0, 'steps.start'), entry(1, 'A checks its lease, then stalls')],
    upcoming: ['Clock +11', 'B: acquire', 'B: write', 'A: wake'], armed: [],
    scenarioCheck: { scenario: lateWrite, atEnd: false, mismatches: [] },
    switchSpecs: [{ key: 'resource', label: 'resource', default: 'fenced', options: [{ value: 'fenced', label: 'fenced' }, { value: 'external', label: 'external' }] }],
    switches: { resource: 'fenced' },
  } as unknown as WorldView;
  useApp.setState({ view, session: { lab: l07 } as unknown as LabSession, route: { page: 'lab', labId: 'L07' } });
}
const { useApp } = store;

/** The page's keys as LabPage wires them: the step keys, and the two dialogs. */
function Page({ presenting = false }: { presenting?: boolean }) {
  useLabKeyboard(l07.actions);
  return (
    <main>
      <button data-testid="opener">a button on the page</button>
      <LectureKeys lab={l07} palette={l07.actions} presenting={presenting} />
    </main>
  );
}

function show(lang: Parameters<typeof createLabI18n>[0] = 'en', presenting = false) {
  const i18n = createLabI18n(lang, { resources: ALL_RESOURCES });
  render(<I18nextProvider i18n={i18n}><Page presenting={presenting} /></I18nextProvider>);
  const opener = screen.getByTestId('opener');
  opener.focus();
  return opener;
}

/** A key pressed where the focus is, as the browser sends it (to window's capture listeners first). */
const press = (key: string, init: KeyboardEventInit = {}) => act(() => { fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init }); });
const search = () => screen.getByRole('combobox');
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true');
const type = (text: string) => act(() => { fireEvent.change(search(), { target: { value: text } }); });

beforeEach(() => { vi.clearAllMocks(); atStepOne(); });
afterEach(() => { cleanup(); useLecture.setState({ open: null }); });

describe('the key list (?)', () => {
  it('lists the step keys, the lab\'s own action keys, the palette\'s keys and the crash slide\'s', async () => {
    show();
    press('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const text = dialog.textContent!;
    for (const key of ['→', '.', 'Page Down', '←', ',', 'Page Up', 'Home', 'r', 'Ctrl K', '⌘ K', ':', 'b', 'Escape', 'Enter']) {
      expect(within(dialog).getAllByText(key, { selector: 'kbd' }).length).toBeGreaterThan(0);
    }
    // L07 gives three actions a key of their own: A: write (a), B: write (w), Clock +1 (t).
    const own = within(screen.getByTestId('key-overlay-actions')).getAllByRole('definition').map((d) => d.textContent);
    expect(own).toEqual(['A: write', 'B: write', 'Clock +1']);
    expect(text).toContain('Open the command palette');
  });

  it('Escape closes it and the focus goes back to where it was', async () => {
    const opener = show();
    press('?');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.activeElement).not.toBe(opener);
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('? closes it again, and the step keys do nothing while it is open', async () => {
    const opener = show();
    press('?');
    press('ArrowRight');
    expect(store.stepForward).not.toHaveBeenCalled();
    press('?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    press('ArrowRight'); // the page's keys are back
    expect(store.stepForward).toHaveBeenCalledTimes(1);
  });

  it('speaks the page\'s language', async () => {
    show('ja');
    press('?');
    expect(screen.getByRole('dialog', { name: 'キーボードショートカット' })).toBeTruthy();
    expect(screen.getByText('1 ステップ進む')).toBeTruthy();
  });
});

describe('the command palette (Ctrl+K)', () => {
  it('opens on Ctrl+K, ⌘K and :, as a combobox over a listbox, the search box focused', async () => {
    for (const open of [{ key: 'k', ctrlKey: true }, { key: 'k', metaKey: true }, { key: ':' }]) {
      const opener = show();
      press(open.key, open);
      const dialog = screen.getByRole('dialog', { name: 'Command palette' });
      expect(document.activeElement).toBe(search());
      expect(search().getAttribute('aria-expanded')).toBe('true');
      expect(search().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
      expect(search().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
      expect(dialog).toBeTruthy();
      press('Escape');
      expect(document.activeElement).toBe(opener);
      cleanup();
    }
  });

  it('lists every palette action, stepping, each scenario, each step, each other switch option and the view', async () => {
    show();
    press('k', { ctrlKey: true });
    const ids = options().map((o) => o.dataset.command);
    // Everything the action palette offers, faults and crashes included.
    expect(ids.filter((id) => id!.startsWith('action:'))).toHaveLength(l07.actions.length);
    expect(ids).toContain('action:crash_at-resource.before_commit');
    expect(ids).toEqual(expect.arrayContaining(['step:forward', 'step:back', 'step:reset', 'scenario:late-write', 'scenario:', 'switch:resource=external', 'view:present', 'view:keys']));
    expect(ids.filter((id) => id!.startsWith('jump:'))).toEqual(['jump:0', 'jump:1', 'jump:2', 'jump:3', 'jump:4', 'jump:5']);
    const labels = options().map((o) => o.querySelector('.command-label')!.textContent);
    expect(labels).toContain('Step 0 of 5: Starting state');
    expect(labels).toContain('Step 4 of 5: B: write');
    expect(screen.getByTestId('command-count').textContent).toBe(`${ids.length} commands`);
  });

  it('typing filters the list by every word, case and width folded', async () => {
    show();
    press('k', { ctrlKey: true });
    type('CRASH write');
    // Two scenarios are about a crash during a write too.
    expect(options().map((o) => o.dataset.command)).toEqual(['action:crash_at-resource.before_commit', 'scenario:crash-inside-write', 'scenario:crash-then-resend']);
    type('CRASH write faults'); // a word of the group narrows it to the fault
    expect(options().map((o) => o.querySelector('.command-label')!.textContent)).toEqual(['Crash resource inside its write']);
    expect(screen.getByTestId('command-count').textContent).toBe('1 command');
    type('ｃｌｏｃｋ'); // full-width, as an IME may type it
    expect(options().map((o) => o.querySelector('.command-label')!.textContent)).toEqual(['Clock +1', 'Clock +5', 'Clock +11', 'Step 2 of 5: Clock +11']);
    type('no such thing');
    expect(options()).toHaveLength(0);
    expect(screen.getByTestId('command-count').textContent).toBe('No command matches.');
    expect(search().getAttribute('aria-activedescendant')).toBeNull();
    press('Enter'); // nothing to run
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('↑ ↓ move the selection (wrapping), Enter runs the selected one through the store', async () => {
    const opener = show();
    press('k', { ctrlKey: true });
    type('clock time'); // the three clock buttons (group Time), not the step that plays one
    const at = () => selected()!.dataset.command;
    expect(options().map((o) => o.dataset.command)).toEqual(['action:tick', 'action:advance-5', 'action:advance-11']);
    expect(at()).toBe('action:tick');
    press('ArrowDown');
    press('ArrowDown');
    expect(at()).toBe('action:advance-11');
    expect(search().getAttribute('aria-activedescendant')).toBe(selected()!.id);
    press('ArrowDown'); // past the end: back to the first
    expect(at()).toBe('action:tick');
    press('ArrowUp'); // before the first: the last
    expect(at()).toBe('action:advance-11');
    press('Enter');
    expect(store.playAction).toHaveBeenCalledTimes(1);
    expect(store.playAction).toHaveBeenCalledWith({ advance: 11 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('arms a fault, opens a scenario, jumps to a step, flips a switch and presenter view: each by its store function', async () => {
    show();
    const runFirst = (query: string) => { press('k', { ctrlKey: true }); type(query); press('Enter'); };
    runFirst('crash inside');
    expect(store.playAction).toHaveBeenCalledWith({ crash_at: 'resource.before_commit' });
    runFirst('ignores fences');
    expect(store.openScenario).toHaveBeenCalledWith('late-write-external');
    runFirst('step 3 of 5');
    expect(store.jumpTo).toHaveBeenCalledWith(3);
    runFirst('sandbox');
    expect(store.clearSteps).toHaveBeenCalledTimes(1);
    runFirst('external system');
    expect(store.setSwitch).toHaveBeenCalledWith('resource', 'external');
    runFirst('presenter');
    expect(store.setPresenting).toHaveBeenCalledWith(true);
    runFirst('step back');
    expect(store.stepBack).toHaveBeenCalledTimes(1);
  });

  it('in presenter view it offers the way out, and a click runs an option too', async () => {
    show('en', true);
    press('k', { ctrlKey: true });
    type('presenter');
    const [leave] = options();
    expect(leave!.textContent).toContain('Leave presenter view');
    act(() => { fireEvent.click(leave!); });
    expect(store.setPresenting).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes it without running anything and puts the focus back', async () => {
    const opener = show();
    press('k', { ctrlKey: true });
    type('crash');
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    for (const fn of [store.playAction, store.stepForward, store.jumpTo, store.openScenario]) expect(fn).not.toHaveBeenCalled();
  });

  it('? and the step keys typed in the search box are text, not shortcuts', async () => {
    show();
    press(':');
    press('?');
    press('.');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    expect(store.stepForward).not.toHaveBeenCalled();
  });

  it('"show keyboard shortcuts" swaps the palette for the key list; closing it still returns the focus', async () => {
    const opener = show();
    press('k', { ctrlKey: true });
    type('keyboard shortcuts');
    press('Enter');
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    press('Escape');
    expect(document.activeElement).toBe(opener);
  });

  it('speaks the page\'s language: commands, steps and the lab\'s own labels', async () => {
    show('zh-Hans');
    press('k', { ctrlKey: true });
    expect(screen.getByRole('dialog', { name: '命令面板' })).toBeTruthy();
    const labels = options().map((o) => o.querySelector('.command-label')!.textContent);
    expect(labels).toContain('前进一步');
    expect(labels).toContain('第 0 / 5 步：初始状态');
  });
});

describe('filterCommands', () => {
  const command = (label: string, group: string): Command => ({ id: label, label, group, run: () => {} });
  const all = [command('A: write', 'Worker A'), command('B: write', 'Worker B'), command('Restart resource', 'Faults'), command('前进一步', '单步控制')];
  it('keeps the order; every word must match the label or the group; a query without spaces is a substring', async () => {
    expect(filterCommands(all, '').map((c) => c.id)).toEqual(all.map((c) => c.id));
    expect(filterCommands(all, 'write').map((c) => c.id)).toEqual(['A: write', 'B: write']);
    expect(filterCommands(all, 'worker b write').map((c) => c.id)).toEqual(['B: write']);
    expect(filterCommands(all, 'faults').map((c) => c.id)).toEqual(['Restart resource']);
    expect(filterCommands(all, '前进').map((c) => c.id)).toEqual(['前进一步']);
  });
});
