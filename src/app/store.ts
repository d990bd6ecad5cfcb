/**
 * The app store (zustand). It holds the catalog, the route, the open LabSession and the
 * WorldView derived from it. Store actions are plain functions below; components read
 * through the module-level selectors and hold no domain logic.
 */
import { create } from 'zustand';
import { formatCardResult, parseCard, runCard, type CardResult } from '../lab/cards';
import { parseLab } from '../lab/loader';
import { loadProgress, saveProgress, withLab, type Progress } from '../lab/progress';
import type { Lab, LabLoad, LabProblem } from '../lab/schema';
import { LabSession, type WorldView } from '../lab/session';
import { bundledLabs } from './labsBundle';
import { formatHash, parseHash, type Route } from './routing';

export interface CardRun {
  file: string;
  result: CardResult | null;
  problems: LabProblem[];
  line: string;
}

interface AppState {
  loads: LabLoad[];
  previews: LabLoad[];
  route: Route;
  session: LabSession | null;
  view: WorldView | null;
  flash: string | null;
  storageProblem: string | null;
  progress: Progress;
  cardRuns: CardRun[];
}

export const useApp = create<AppState>(() => ({
  loads: [], previews: [], route: { page: 'catalog' }, session: null, view: null,
  flash: null, storageProblem: null, progress: { version: 1, currentLab: null, labs: {} }, cardRuns: [],
}));

// Module-level selectors: each returns a stable reference, so components re-render only
// when their slice changes.
export const selectLoads = (s: AppState) => s.loads;
export const selectPreviews = (s: AppState) => s.previews;
export const selectRoute = (s: AppState) => s.route;
export const selectView = (s: AppState) => s.view;
export const selectSession = (s: AppState) => s.session;
export const selectFlash = (s: AppState) => s.flash;
export const selectStorageProblem = (s: AppState) => s.storageProblem;
export const selectCardRuns = (s: AppState) => s.cardRuns;

const storage = () => window.localStorage;

export function labById(id: string): Lab | null {
  const { loads, previews } = useApp.getState();
  for (const load of [...previews, ...loads]) if (load.ok && load.lab.id === id) return load.lab;
  return null;
}

/** Start-up: load the catalog and saved progress, then follow the URL (or the saved lab). */
export function initApp(): void {
  const loaded = loadProgress(storage());
  useApp.setState({ loads: bundledLabs(), progress: loaded.progress, storageProblem: loaded.problem });
  const route = parseHash(window.location.hash);
  if (route.page === 'catalog' && !window.location.hash && loaded.progress.currentLab) {
    navigate({ page: 'lab', labId: loaded.progress.currentLab });
  } else {
    navigate(route);
  }
  window.addEventListener('hashchange', () => {
    const next = parseHash(window.location.hash);
    const current = useApp.getState().route;
    if (formatHash(next) !== formatHash(current)) navigate(next);
  });
}

/** Shows a page; opening a lab restores its saved place, or follows a deep link. */
export function navigate(route: Route): void {
  if (route.page !== 'lab') {
    setRoute(route);
    return;
  }
  const lab = labById(route.labId);
  if (!lab) {
    useApp.setState({ flash: `There is no lab ${route.labId} (or it failed to load).` });
    setRoute({ page: 'catalog' });
    return;
  }
  const { progress, session: previous } = useApp.getState();
  const saved = route.scenario ? undefined : progress.labs[lab.id];
  const { session, problem } = LabSession.open(lab, saved);
  if (route.scenario) {
    const scenario = lab.scenarios.find((s) => s.id === route.scenario);
    if (scenario) session.loadScript(scenario);
  }
  if (route.step !== undefined) session.jumpTo(route.step);
  previous?.dispose();
  useApp.setState({ session });
  commit(problem);
}

function setRoute(route: Route): void {
  useApp.setState({ route });
  const hash = formatHash(route);
  if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
}

/** After every session change: new view, saved progress, URL that reproduces the place. */
function commit(flash: string | null = null): void {
  const { session, progress } = useApp.getState();
  if (!session) return;
  const snapshot = session.snapshot;
  const next = withLab(progress, session.lab.id, snapshot);
  const saveProblem = saveProgress(storage(), next);
  useApp.setState({ view: session.view(), progress: next, flash: flash ?? saveProblem });
  setRoute({ page: 'lab', labId: session.lab.id, step: snapshot.cursor, ...(snapshot.scenario ? { scenario: snapshot.scenario } : {}) });
}

function withSession(body: (session: LabSession) => { ok: boolean; error?: string } | void): void {
  const session = useApp.getState().session;
  if (!session) return;
  const outcome = body(session);
  commit(outcome && !outcome.ok ? outcome.error ?? 'That did not work.' : null);
}

export const playAction = (raw: unknown) => withSession((s) => s.play(raw));
export const stepForward = () => withSession((s) => s.forward());
export const stepBack = () => withSession((s) => s.back());
export const resetLab = () => withSession((s) => s.reset());
export const jumpTo = (cursor: number) => withSession((s) => s.jumpTo(cursor));
export const setSwitch = (key: string, value: string) => withSession((s) => s.setSwitch(key, value));
export const dismissFlash = () => useApp.setState({ flash: null });

/** Opens a scenario as steps to play forward, from its own starting state. */
export function openScenario(id: string): void {
  withSession((s) => {
    const scenario = s.lab.scenarios.find((x) => x.id === id);
    if (!scenario) return { ok: false, error: `No scenario ${id}.` };
    s.loadScript(scenario);
    return { ok: true };
  });
}

/** Clears the step log of the open lab (a sandbox start). */
export function clearSteps(): void {
  withSession((s) => s.loadScript({ actions: [] }));
}

/** Authoring aid: validates lab files picked by the user and shows them in the catalog. */
export async function previewLabFiles(files: File[]): Promise<void> {
  const labFile = files.find((f) => f.name.endsWith('.json'));
  const readmeFile = files.find((f) => f.name.toLowerCase().endsWith('.md'));
  if (!labFile) {
    useApp.setState({ flash: 'Pick a lab.json (and optionally its README.md).' });
    return;
  }
  const text = await labFile.text();
  const readme = readmeFile ? await readmeFile.text() : '(no README.md was picked)';
  const load = parseLab(labFile.name, text, readme);
  useApp.setState((s) => ({ previews: [load, ...s.previews], flash: null }));
}

/** The Cards tab: parses and runs card files in the page, against the bundled labs. */
export async function runCardFiles(files: File[]): Promise<void> {
  const runs: CardRun[] = [];
  for (const file of files) {
    const parsed = parseCard(file.name, await file.text());
    if (!parsed.ok) {
      runs.push({ file: file.name, result: null, problems: parsed.problems, line: `INVALID  ${file.name}` });
      continue;
    }
    const lab = labById(parsed.card.lab);
    if (!lab) {
      const problems = [{ file: file.name, field: 'lab', message: `no lab ${parsed.card.lab} is loaded` }];
      runs.push({ file: file.name, result: null, problems, line: `INVALID  ${file.name}` });
      continue;
    }
    const result = runCard(lab, parsed.card, file.name);
    runs.push({ file: file.name, result, problems: [], line: formatCardResult(result) });
  }
  useApp.setState((s) => ({ cardRuns: [...runs, ...s.cardRuns] }));
}

/** Opens a card in its lab with its actions ready to step through. */
export function watchCard(run: CardRun): void {
  if (!run.result) return;
  const { card } = run.result;
  navigate({ page: 'lab', labId: card.lab });
  withSession((s) => {
    s.loadScript({ actions: card.actions, ...(card.switches ? { switches: card.switches } : {}), ...(card.initial ? { initial: card.initial } : {}) });
    return { ok: true };
  });
}
