/**
 * A read-only window API for Playwright checks written by course staff:
 * `window.durableLab.view()` returns the current WorldView as plain JSON (observed state,
 * invariants, trace, cursor); `window.durableLab.labs()` lists the catalog. Nothing here
 * can change the World.
 */
import { useApp } from './store';

export interface DurableLabTestApi {
  view(): unknown;
  labs(): { id: string | null; ok: boolean; file: string }[];
  route(): unknown;
}

export function installTestApi(): void {
  const api: DurableLabTestApi = {
    view: () => {
      const view = useApp.getState().view;
      return view ? JSON.parse(JSON.stringify({ ...view, machines: view.machines.map(({ id, title, state }) => ({ id, title, state })) })) : null;
    },
    labs: () => useApp.getState().loads.map((l) => (l.ok ? { id: l.lab.id, ok: true, file: l.lab.file } : { id: l.id, ok: false, file: l.file })),
    route: () => structuredClone(useApp.getState().route),
  };
  Object.defineProperty(window, 'durableLab', { value: Object.freeze(api), configurable: false, writable: false });
}
