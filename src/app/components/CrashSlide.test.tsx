// @vitest-environment happy-dom
/**
 * The crash slide on a real L07 session (sql.js under happy-dom): opened by `b`, by the command
 * palette and by the crash panel's button; before the crash on the left (the transaction the
 * crash rolled back, with the rows it would have written), after the restart on the right (the
 * resource's tables as the crash left them, then what recovery ran); Escape or `b` closes it
 * and the focus goes back. Before any crash the command says so and does nothing, and `b`
 * shows a slide that says so. What the slide should show is read here from the World itself —
 * the trace's rolled-back transactions and the resource's database at the crash step.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { resolve } from 'node:path';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLabsFromDir } from '../../lab/nodeFiles';
import { STEP_KEYS } from '../../lab/schema';
import { LabSession } from '../../lab/session';
import { useSqlJs } from '../../test/sqljs';
import { ALL_RESOURCES } from '../i18n/allResources';
import { createLabI18n } from '../i18n/instance';
import { useApp } from '../store';
import { SLIDE_KEY, useLabKeyboard } from '../useKeyboard';
import { CrashPanel } from './CrashPanel';
import { LectureKeys, useLecture } from './LectureKeys';

vi.mock('virtual:lab-index', () => ({ default: [] }));

useSqlJs();

const l07 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).find((l) => l.id === 'L07')!;
/** The resource crashes inside A's write (step 2) and is restarted (step 3). */
const crashInsideWrite = l07.scenarios.find((s) => s.id === 'crash-inside-write')!;

let session: LabSession | null = null;

/** L07's World after `actions`, open in the store as the lab page has it. */
async function open(actions: readonly unknown[]): Promise<LabSession> {
  const opened = (await LabSession.open(l07)).session;
  session = opened;
  for (const action of actions) expect(await opened.play(action)).toEqual({ ok: true });
  useApp.setState({ session: opened, view: opened.view(), route: { page: 'lab', labId: 'L07' } });
  return opened;
}

/** The resource's tables after `steps` of `actions`, read from a session replayed that far: at the crash step, what "kept" must show. */
async function keptAtCrash(actions: readonly unknown[], steps: number): Promise<Record<string, unknown[][]>> {
  const at = (await LabSession.open(l07)).session;
  for (const action of actions.slice(0, steps)) await at.play(action);
  const store = at.current.store('resource');
  const tables = Object.fromEntries(store.tables().map((table) => {
    const result = store.readOnlyQuery(`SELECT * FROM "${table}"`);
    return [table, result.ok ? result.rows : []];
  }));
  at.dispose();
  return tables;
}

function Page() {
  useLabKeyboard(l07.actions);
  return (
    <main>
      <button data-testid="opener">a button on the page</button>
      <CrashPanel />
      <LectureKeys lab={l07} palette={l07.actions} presenting />
    </main>
  );
}

function show(lang: Parameters<typeof createLabI18n>[0] = 'en') {
  render(<I18nextProvider i18n={createLabI18n(lang, { resources: ALL_RESOURCES })}><Page /></I18nextProvider>);
  const opener = screen.getByTestId('opener');
  opener.focus();
  return opener;
}

const press = (key: string, init: KeyboardEventInit = {}) => act(() => { fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init }); });
const slide = () => screen.getByRole('dialog', { name: 'Crash slide' });
/** Runs the palette's first match for `query`, as Ctrl+K, typing and Enter do. */
function command(query: string) {
  press('k', { ctrlKey: true });
  act(() => { fireEvent.change(screen.getByRole('combobox'), { target: { value: query } }); });
  const option = within(screen.getByRole('listbox')).getAllByRole('option')[0]!;
  press('Enter');
  return option;
}

afterEach(() => {
  cleanup();
  useLecture.setState({ open: null });
  session?.dispose();
  session = null;
});

describe('the crash slide', () => {
  it('`b` opens it: before the crash, what the resource had not committed; after the restart, its tables and what recovery ran', async () => {
    const opener = show();
    const s = await open(crashInsideWrite.actions);
    const crash = s.view().trace.find((e) => e.crash)!;
    press(SLIDE_KEY);
    const dialog = slide();
    expect(within(dialog).getByTestId('crash-slide-heading').textContent).toBe(`resource crashed at resource.before_commit (step ${crash.index})`);

    // Before: every transaction the crash step rolled back, with the rows it would have written.
    const before = within(dialog).getByTestId('crash-slide-before');
    expect(within(before).getByRole('heading', { level: 3 }).textContent).toBe('Before the crash: what resource had');
    const rolledBack = crash.transactions.filter((t) => t.outcome === 'rollback');
    expect(rolledBack.length).toBeGreaterThan(0);
    expect(within(before).getAllByTestId('crash-slide-rolled-back').map((li) => li.querySelector('code')!.textContent))
      .toEqual(rolledBack.map((t) => `${t.store}.${t.name} rolled back`));
    for (const [table, w] of Object.entries(rolledBack[0]!.writes)) {
      expect(before.textContent).toContain(`${table}: ${w.insert} insert, ${w.update} update, ${w.delete} delete`);
    }
    expect(within(before).queryByRole('table')).toBeNull(); // no stored row is on the lost side

    // After: each of the resource's tables as the crash left it, row for row, then the recovery.
    const after = within(dialog).getByTestId('crash-slide-after');
    expect(within(after).getByRole('heading', { level: 3 }).textContent).toBe('After the restart: what resource still has');
    const kept = await keptAtCrash(crashInsideWrite.actions, crash.index);
    expect(Object.keys(kept).length).toBeGreaterThan(0);
    for (const [table, rows] of Object.entries(kept)) {
      const shown = await within(after).findByTestId(`crash-slide-kept-${table}`);
      expect(shown.dataset.rows).toBe(String(rows.length));
      const cells = [...shown.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
      expect(cells).toEqual(rows.map((row) => row.map((v) => (v === null ? 'NULL' : String(v)))));
    }
    expect(after.textContent).not.toContain('rolled back');
    const restart = s.view().trace.find((e) => (e.action as { type?: string } | null)?.type === 'restart')!;
    const recovery = within(after).getByTestId('crash-slide-recovery');
    expect(recovery.textContent).toContain(`Recovery (restart at step ${restart.index})`);
    for (const t of restart.transactions) expect(recovery.textContent).toContain(`${t.store}.${t.name} (${t.outcome})`);

    // Escape closes it; the focus is back where it was, and the step keys work again.
    expect(document.activeElement).toBe(within(dialog).getByTestId('crash-slide-close'));
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    press(SLIDE_KEY);
    expect(slide()).toBeTruthy();
    press(SLIDE_KEY); // `b` again closes it too
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps showing the database as the crash left it after later steps changed it', async () => {
    // The resend after the restart writes the document: now it differs from what the crash kept.
    const resend = l07.scenarios.find((sc) => sc.id === 'crash-then-resend')!;
    show();
    const s = await open(resend.actions);
    const crash = s.view().trace.find((e) => e.crash)!;
    const kept = await keptAtCrash(resend.actions, crash.index);
    const now = await keptAtCrash(resend.actions, resend.actions.length);
    expect(now.document).not.toEqual(kept.document);
    press(SLIDE_KEY);
    const shown = await within(slide()).findByTestId('crash-slide-kept-document');
    const cells = [...shown.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual(kept.document!.map((row) => row.map((v) => (v === null ? 'NULL' : String(v)))));
  });

  it('L05 (an asynchronous lab) past its crash: what A\'s database kept at the crash, once its replay has run', async () => {
    const l05 = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : [])).find((l) => l.id === 'L05')!;
    const allThree = l05.scenarios.find((sc) => sc.id === 'all-three')!;
    const atStep = async (cursor: number) => {
      const at = (await LabSession.open(l05)).session;
      await at.loadScript(allThree);
      for (let i = 0; i < cursor; i++) await at.forward();
      return at;
    };
    const opened = await atStep(allThree.actions.length);
    session = opened;
    const crash = opened.view().trace.find((e) => e.crash)!;
    expect(opened.cursor).toBeGreaterThan(crash.index);
    // What A's database held right after the crash step, table by table.
    const then = await atStep(crash.index);
    const store = then.current.store('A');
    const rows = Object.fromEntries(store.tables().map((table) => {
      const result = store.readOnlyQuery(`SELECT COUNT(*) FROM "${table}"`);
      return [table, result.ok ? String(result.rows[0]![0]) : '?'];
    }));
    then.dispose();
    expect(Number(rows.lg_checkpoint)).toBeGreaterThan(0);
    useApp.setState({ session: opened, view: opened.view(), route: { page: 'lab', labId: 'L05' } });
    render(<I18nextProvider i18n={createLabI18n('en', { resources: ALL_RESOURCES })}><LectureKeys lab={l05} palette={l05.actions} presenting /></I18nextProvider>);
    press(SLIDE_KEY);
    const after = within(slide()).getByTestId('crash-slide-after');
    await within(after).findByTestId('crash-slide-kept-lg_checkpoint');
    for (const [table, count] of Object.entries(rows)) expect(within(after).getByTestId(`crash-slide-kept-${table}`).dataset.rows, table).toBe(count);
  }, 60_000);

  it('opens from the command palette and from the crash panel\'s button', async () => {
    show();
    await open(crashInsideWrite.actions);
    const option = command('crash slide');
    expect(option.dataset.command).toBe('view:slide');
    expect(option.getAttribute('aria-disabled')).toBeNull();
    expect(within(slide()).getAllByTestId('crash-slide-rolled-back')).toHaveLength(1);
    press('Escape');
    act(() => { fireEvent.click(screen.getByTestId('crash-slide-button')); });
    expect(await within(slide()).findByTestId('crash-slide-kept-document')).toBeTruthy();
  });

  it('before a restart, the right side says the node has not restarted yet', async () => {
    show();
    await open(crashInsideWrite.actions.slice(0, 2));
    press(SLIDE_KEY);
    const after = within(slide()).getByTestId('crash-slide-after');
    expect(within(after).getByTestId('crash-slide-not-restarted').textContent).toContain('Not restarted yet');
    expect(within(after).queryByTestId('crash-slide-recovery')).toBeNull();
  });

  it('before any crash: the command says so and runs nothing, `b` shows a slide that says so', async () => {
    show();
    await open(['A_write']);
    const option = command('crash slide');
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('no crash yet');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy(); // Enter passed it over
    press('Escape');
    press(SLIDE_KEY);
    expect(within(slide()).getByTestId('crash-slide-none').textContent).toContain('No crash yet in this run');
  });

  it('is in the key list, its key is one no lab may give an action, and it speaks the page\'s language', async () => {
    show('ja');
    await open(crashInsideWrite.actions);
    expect(STEP_KEYS).toContain(SLIDE_KEY);
    press('?');
    expect(within(screen.getByTestId('key-overlay-slide')).getByText(SLIDE_KEY, { selector: 'kbd' })).toBeTruthy();
    press('Escape');
    press(SLIDE_KEY);
    const dialog = screen.getByRole('dialog', { name: 'クラッシュのスライド' });
    expect(within(dialog).getByTestId('crash-slide-before').textContent).toContain('クラッシュ前：resource が持っていたもの');
    expect(within(dialog).getByTestId('crash-slide-after').textContent).toContain('再起動後：resource に残っているもの');
  });
});
