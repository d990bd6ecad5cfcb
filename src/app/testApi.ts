/**
 * A read-only window API for Playwright checks written by course staff:
 * `window.durableLab.view()` returns the current WorldView as plain JSON (observed state,
 * invariants, trace, cursor); `labs()` lists the catalog; `exercises()` the saved attempts;
 * `regrade(text)` re-executes a submission file's attempts and returns verdicts. Nothing
 * here can change the World or the saved progress.
 */
import type { RegradeOptions } from '../lab/submission';
import { ensureAllLabs, regradeText, useApp } from './store';

export interface DurableLabTestApi {
  view(): unknown;
  labs(): Promise<{ id: string | null; ok: boolean; file: string }[]>;
  route(): unknown;
  /** Re-executes a submission's recorded attempts in this page and returns the verdicts. */
  regrade(text: string, options?: RegradeOptions): unknown;
  /** Saved exercise records (read-only copy). */
  exercises(): unknown;
}

export function installTestApi(): void {
  const api: DurableLabTestApi = {
    view: () => {
      const view = useApp.getState().view;
      return view ? JSON.parse(JSON.stringify({ ...view, machines: view.machines.map(({ id, title, state }) => ({ id, title, state })) })) : null;
    },
    // Labs load lazily; these two wait for every bundled lab (page.evaluate awaits them).
    labs: async () => (await ensureAllLabs(), useApp.getState().loads).map((l) => (l.ok ? { id: l.lab.id, ok: true, file: l.lab.file } : { id: l.id, ok: false, file: l.file })),
    route: () => structuredClone(useApp.getState().route),
    regrade: async (text, options) => { await ensureAllLabs(); return regradeText(text, options ?? {}); },
    exercises: () => structuredClone(useApp.getState().progress.exercises),
  };
  Object.defineProperty(window, 'durableLab', { value: Object.freeze(api), configurable: false, writable: false });
}
