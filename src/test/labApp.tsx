/**
 * The app under happy-dom, for component tests of what a panel shows and does: the real shell
 * (App.tsx), store, lab runtime and Worlds on sql.js, in one of the page's languages. A lab is
 * opened by its link (`#/lab/L07?scenario=late-write&step=3`), as the address bar opens it;
 * every click and key goes through the same store functions as in the browser. What needs a
 * real browser stays in e2e/: layout and sizes, fonts, React Flow's edges (drawn only once
 * the nodes are measured), Web Workers (the inspector, Search), downloads, the service worker.
 *
 * A test file that uses it mocks the two modules Node cannot load as Vite makes them
 * (src/test/appModules.ts), before any import:
 *
 *   vi.mock('virtual:lab-index', () => import('../../test/appModules').then((m) => m.labIndexModule()));
 *   vi.mock('../runtime', () => import('../../test/appModules').then((m) => m.nodeRuntime()));
 *
 * (the second path is relative to the test file: src/app/runtime.ts).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { emptyProgress } from '../lab/progress';
import type { Locale } from '../lab/i18n/locales';
import { App } from '../app/App';
import { ALL_RESOURCES } from '../app/i18n/allResources';
import { createLabI18n } from '../app/i18n/instance';
import { parseHash } from '../app/routing';
import { navigate, useApp } from '../app/store';

/** The store as a page that has just started: no lab open, nothing saved. */
const FRESH = useApp.getState();

/**
 * Each test starts on a fresh page (empty storage, no lab open, the catalog) and fails on
 * any console error, as the browser specs' console watch did.
 */
export function useLabApp(): void {
  let errors: { mock: { calls: unknown[][] }; mockRestore(): void };
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    errors = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    cleanup();
    const { session, loads, runtimeReady } = useApp.getState();
    session?.dispose();
    // The page is left, as a tab closing leaves it: URL and progress writes still waiting for a
    // pause run now (the store's pagehide listener), not after the file's DOM is torn down.
    window.dispatchEvent(new Event('pagehide'));
    // The runtime and the labs it loaded stay loaded (the store loads each once per page).
    useApp.setState({ ...FRESH, progress: emptyProgress(), loads, runtimeReady });
    const said = errors.mock.calls.map((call) => call.map(String).join(' '));
    errors.mockRestore();
    expect(said).toEqual([]);
  });
}

/** The page's words in `lang`, every language's catalogs at hand (no chunk to fetch). */
export function pageI18n(lang: Locale = 'en'): i18n {
  return createLabI18n(lang, { resources: ALL_RESOURCES });
}

/** Renders the app in `lang`; returns its i18n instance (to switch language in place). */
export function mountApp(lang: Locale = 'en'): i18n {
  const instance = pageI18n(lang);
  render(<I18nextProvider i18n={instance}><App /></I18nextProvider>);
  return instance;
}

/** Follows `hash` as a link does, and waits for the page it leads to (a lab's, once its World is up). */
export async function visit(hash: string): Promise<void> {
  const route = parseHash(hash);
  await act(async () => { await navigate(route); });
  const ready = route.page === 'lab' ? `lab-${route.labId}` : route.page === 'catalog' ? 'catalog' : route.page === 'cards' ? 'cards-dropzone' : 'progress-table';
  // The first lab of a file loads the runtime and sql.js: seconds on a loaded machine.
  await waitFor(() => expect(screen.getByTestId(ready)).toBeTruthy(), { timeout: 60_000 });
  if (route.page === 'lab') await settled();
}

/**
 * Until the open lab has run every change asked of it (L05's LangGraph engine awaited inside
 * its steps) and the page has shown where it left the lab (the store commits a macrotask
 * later at most).
 */
export async function settled(): Promise<void> {
  await act(async () => {
    await useApp.getState().session?.idle();
    await new Promise((done) => setTimeout(done, 0));
  });
}

/** Clicks `testId` and lets an asynchronous lab finish the step it started. */
export async function click(testId: string): Promise<void> {
  fireEvent.click(screen.getByTestId(testId));
  await settled();
}

/** Picks `value` in the select `testId`, as the page's own select does. */
export async function choose(testId: string, value: string): Promise<void> {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
  await settled();
}

/**
 * Makes the first pick of predict exercise `id` (its first choice; right or wrong, a pick
 * opens the scenarios that hold its answer until then) and waits for the verdict.
 */
export async function pickPrediction(id: string): Promise<void> {
  if (!screen.queryByTestId(`exercise-${id}-check`)) await click(`exercise-${id}-open`);
  await click(`exercise-${id}-choice-0`);
  await click(`exercise-${id}-check`);
  await waitFor(() => expect(screen.getByTestId(`exercise-${id}-verdict`)).toBeTruthy(), { timeout: 30_000 });
}

/** A file to pick: a path on disk, or a name and its text (a file written for the test). */
export type Picked = string | { name: string; text: string };

/** Picks `files` in the file input `testId`, as the browser's file dialog does. */
export async function pickFiles(testId: string, files: readonly Picked[]): Promise<void> {
  const picked = files.map((f) => (typeof f === 'string' ? new File([readFileSync(f)], basename(f)) : new File([f.text], f.name)));
  await act(async () => { fireEvent.change(screen.getByTestId(testId), { target: { files: picked } }); });
}

/** A key pressed where the focus is (the page's key handler listens on window). */
export function press(key: string, init: KeyboardEventInit = {}): boolean {
  let handled = false;
  act(() => { handled = !fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init }); });
  return handled;
}

/** The step counter's text ("step 3 / 5"). */
export const counter = () => screen.getByTestId('step-counter').textContent;

/** The observed state as the page prints it. */
export const observed = () => JSON.parse(screen.getByTestId('observed-state').textContent!) as Record<string, unknown>;
