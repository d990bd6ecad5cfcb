/**
 * The app store (zustand). It holds the catalog, the route, the open LabSession and the
 * WorldView derived from it. Store actions are plain functions below; components read
 * through the module-level selectors and hold no domain logic.
 */
import { create } from 'zustand';
import type { CardResult } from '../lab/cards';
import { recordAnswer, returnToKeptSteps, startAttempt, type Next } from '../lab/exercises/attempts';
import { draftProblem, type ExerciseRecord, type RecordProblem } from '../lab/exercises/records';
import type { Exercise, ExerciseInput, Verdict } from '../lab/exercises/schema';
import type { LoadedSearch, ViewScript } from '../lab/exercises/views';
import { emptyProgress, PROGRESS_KEY, setAsidePlace, withExercise, withExerciseEvent, withKept, withLab, withoutLab, type Progress } from '../lab/progress';
import type { GradedSubmission, RegradeOptions } from '../lab/submission';
import type { Lab, LabLoad, LabProblem } from '../lab/schema';
import type { LabSession, WorldView } from '../lab/session';
import type * as Runtime from './runtime';
import { decodeActions } from './actionsLink';
import { formatHash, parseHash, sameBesidesStep, type Route } from './routing';
import { FLASH_TEXT, type FlashValue } from './components/flashText';
import { WriteLater } from './writeLater';
import { ProgressSync } from '../lab/progressSync';
import { closedGate } from '../lab/predictGate';
import { loadLocaleResources } from './i18n/resources';
import type { TraceEntry } from '../sim/world';
import type { Message } from '../core/message';

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
  flash: FlashValue | null;
  storageProblem: string | null;
  /** Unreadable saved progress storage could not keep (full): offered for download. */
  storageUnsaved: string | null;
  progress: Progress;
  cardRuns: CardRun[];
  /** The lab runtime chunk (sql.js, models) is loaded. */
  runtimeReady: boolean;
  /** The result of the last "Check a lab file", shown next to its input. */
  previewNote: FlashValue | null;
  /** The run known for the current step log, including steps ahead of the cursor. */
  run: { steps: string; entries: readonly TraceEntry[] };
}

export const useApp = create<AppState>(() => ({
  loads: [], previews: [], route: { page: 'catalog' }, session: null, view: null,
  flash: null, storageProblem: null, storageUnsaved: null, progress: emptyProgress(), cardRuns: [], runtimeReady: false, previewNote: null,
  run: { steps: '', entries: [] },
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
export const selectStorageUnsaved = (s: AppState) => s.storageUnsaved;
export const selectCardRuns = (s: AppState) => s.cardRuns;
export const selectProgress = (s: AppState) => s.progress;

// Per-panel slices of the view. The session shares each part of a step record with the
// record shown before while its content is unchanged (src/lab/shareRecord.ts), so a panel
// re-renders only when what it shows changed.
const NONE: never[] = [];
/** A selector of one part of the view, `none` while no lab is open. */
const part = <K extends keyof WorldView, D>(key: K, none: D) => (s: AppState): WorldView[K] | D => s.view?.[key] ?? none;
export const selectCursor = part('cursor', 0);
export const selectTotal = part('total', 0);
export const selectTime = part('time', 0);
export const selectTrace = part('trace', NONE);
export const selectUpcoming = part('upcoming', NONE);
export const selectNodes = part('nodes', NONE);
export const selectEdges = part('edges', NONE);
export const selectFrames = part('frames', NONE);
export const selectMachines = part('machines', NONE);
export const selectInvariants = part('invariants', NONE);
export const selectObserved = part('observed', null);
export const selectEngineThread = part('engineThread', null);
export const selectSwitches = part('switches', null);
export const selectSwitchSpecs = part('switchSpecs', NONE);
export const selectArmed = part('armed', NONE);
export const selectScenarioCheck = part('scenarioCheck', null);
export const selectHasView = (s: AppState) => s.view !== null;
export const selectRun = (s: AppState) => s.run.entries;
export const selectRuntimeReady = (s: AppState) => s.runtimeReady;
export const selectPreviewNote = (s: AppState) => s.previewNote;
/** The picked file the open lab was read from, when it is a checked file rather than a course lab. */
export const selectPreviewFile = (s: AppState): string | null => {
  const lab = s.session?.lab;
  const load = lab ? s.previews.find((l) => l.ok && l.lab === lab) : undefined;
  return load?.ok ? load.lab.file : null;
};

const storage = () => window.localStorage;
/** This tab's link to the progress every tab shares (writes merge, never replace: progressSync.ts). */
let progressSync: ProgressSync | null = null;

// ---- the lab runtime (a lazy chunk: sql.js, models, core, loader) ------------------------

let runtime: typeof Runtime | null = null;
let loadingRuntime: Promise<typeof Runtime> | null = null;

/** The loaded runtime. Pages other than the catalog render only once it is ready. */
function rt(): typeof Runtime {
  if (!runtime) throw new Error('The lab runtime is not loaded yet.');
  return runtime;
}

/**
 * The palette buttons the World's current model can run (L06's Executor switch picks one of
 * two models; other labs keep their whole palette). Keyed by the executor alone, so a step
 * does not hand the palette a new array.
 */
export function paletteFor(lab: Lab, executor: string | null): Lab['actions'] {
  if (executor === null || !runtime) return lab.actions;
  return runtime.offeredActions(lab, { ...lab.world.switches, executor });
}

export function ensureRuntime(): Promise<typeof Runtime> {
  loadingRuntime ??= import('./runtime').then(async (mod) => {
    await mod.start();
    runtime = mod;
    useApp.setState({ runtimeReady: true });
    return mod;
  }).catch((error: unknown) => {
    loadingRuntime = null;
    useApp.setState({ flash: TEXT.runtimeFailed(error instanceof Error ? error.message : String(error)) });
    throw error;
  });
  return loadingRuntime;
}

function addLoads(loads: LabLoad[]): void {
  useApp.setState((s) => {
    const fileOf = (l: LabLoad) => (l.ok ? l.lab.file : l.file);
    const byFile = new Map(s.loads.map((l) => [fileOf(l), l]));
    for (const load of loads) byFile.set(fileOf(load), load);
    return { loads: [...byFile.values()].sort((a, b) => fileOf(a).localeCompare(fileOf(b))) };
  });
}

/** Loads (and validates) one bundled lab; a lab that does not exist or fails stays out. */
export async function ensureLab(id: string): Promise<void> {
  const mod = await ensureRuntime();
  if (labById(id) || useApp.getState().loads.some((l) => !l.ok && l.id === id)) return;
  const [load] = await Promise.all([mod.loadBundledLab(id), warmUpOnce(mod)]);
  if (load) addLoads([load]);
}

let warming: Promise<void> | null = null;
/**
 * sql.js's first use costs several times what later ones do (wasm compiled as it is met, the
 * shared update hook registered): done on a throwaway store in a task of its own while the
 * lab's chunk loads, it is no longer part of the task that starts the World.
 */
function warmUpOnce(mod: typeof Runtime): Promise<void> {
  warming ??= new Promise((resolve) => setTimeout(() => {
    try { mod.warmUp(); } catch { /* a broken sql.js is reported by the lab's own start */ }
    resolve();
  }, 0));
  return warming;
}

let loadingAll: Promise<void> | null = null;
/** Every bundled lab (the progress page, cards and grading need them all). */
export function ensureAllLabs(): Promise<void> {
  loadingAll ??= ensureRuntime().then((mod) => mod.loadBundledLabs()).then(addLoads).catch(() => { loadingAll = null; });
  return loadingAll;
}

export function labById(id: string): Lab | null {
  const { loads, previews } = useApp.getState();
  for (const load of [...previews, ...loads]) if (load.ok && load.lab.id === id) return load.lab;
  return null;
}

/** Start-up: load the catalog and saved progress, then follow the URL (or the saved lab). */
export function initApp(): void {
  // Start-up never throws: progress it cannot read is set aside or offered for download.
  let started: ReturnType<typeof ProgressSync.load>;
  try {
    started = ProgressSync.load(storage());
  } catch (error) {
    const problem = `Saved progress could not be opened (${error instanceof Error ? error.message : String(error)}); the lab started fresh and saves nothing until storage works.`;
    started = { sync: new ProgressSync(storage(), emptyProgress()), loaded: { progress: emptyProgress(), problem } };
  }
  const { sync, loaded } = started;
  progressSync = sync;
  useApp.setState({ progress: loaded.progress, storageProblem: loaded.problem, storageUnsaved: loaded.unsaved ?? null });
  // Another tab saved: take in its work (answers, other labs' places) without losing ours.
  window.addEventListener('storage', (event) => {
    if (event.key !== PROGRESS_KEY || !progressSync) return;
    useApp.setState({ progress: progressSync.refresh(useApp.getState().progress) });
  });
  const hash = startingHash();
  const route = parseHash(hash);
  if (route.page === 'catalog' && !hash && loaded.progress.currentLab) {
    navigate({ page: 'lab', labId: loaded.progress.currentLab });
  } else {
    navigate(route);
  }
  window.addEventListener('hashchange', () => {
    writtenHash = window.location.hash;
    forgetMoved(); // the learner chose this address: a reload stays on it
    const next = parseHash(window.location.hash);
    if (formatHash(next) !== formatHash(shown)) navigate(next);
  });
}

/** A lab opened from "Check a lab file" rather than the course. */
function isPreview(lab: Lab): boolean {
  return useApp.getState().previews.some((load) => load.ok && load.lab === lab);
}

/**
 * Shows a page; opening a lab restores its saved place, or follows a deep link. Resolves
 * once the lab stands at its place (callers that act on the opened lab await it).
 */
export async function navigate(route: Route): Promise<void> {
  if (route.page !== 'lab') {
    opening += 1; // a lab still opening is not shown over the page asked for now
    setRoute(route);
    if (route.page !== 'catalog') void ensureAllLabs();
    return;
  }
  if (!runtime || !labById(route.labId)) {
    // First visit to this lab: show the page as loading, fetch its chunk, then open it.
    useApp.getState().session?.dispose();
    useApp.setState({ session: null, view: null });
    setRoute(route);
    await ensureLab(route.labId);
    const now = useApp.getState().route;
    if (now.page === 'lab' && now.labId === route.labId) await openLab(route);
    return;
  }
  await openLab(route);
}

/** The latest lab asked for: an open that finishes after a later one was asked is dropped. */
let opening = 0;

async function openLab(route: Extract<Route, { page: 'lab' }>): Promise<void> {
  const ticket = ++opening;
  const lab = labById(route.labId);
  if (!lab) {
    useApp.setState({ flash: TEXT.noLab(route.labId) });
    setRoute({ page: 'catalog' });
    return;
  }
  const { progress } = useApp.getState();
  const linked = route.scenario !== undefined || route.actions !== undefined;
  // A checked lab file opens fresh and never reads or writes the saved place of the lab whose ID it carries.
  const preview = isPreview(lab);
  const saved = linked || preview ? undefined : progress.labs[lab.id];
  if (linked && !preview) persist(withKept(progress, lab, progress.labs[lab.id])); // a deep link never loses the student's steps
  const { session, problem, setAside } = await rt().LabSession.open(lab, saved);
  session.holdWith(() => predictHold(session));
  if (setAside) setAsidePlace(storage(), lab.id, setAside); // kept once, before the shorter place is saved
  const notes: FlashValue[] = problem ? [problem] : [];
  if (route.scenario) {
    const scenario = lab.scenarios.find((s) => s.id === route.scenario);
    if (scenario) await session.loadScript(scenario);
    else notes.push(TEXT.unknownScenario(lab.id, route.scenario));
  }
  if (route.actions !== undefined) {
    // A step log of its own (a Search counterexample's link): played from the lab's start.
    const decoded = decodeActions(route.actions);
    if (decoded.ok) await session.loadScript({ actions: decoded.actions, ...(route.switches ? { switches: route.switches } : {}) });
    else notes.push(TEXT.badActions(lab.id, decoded.error));
  }
  for (const [key, value] of Object.entries(route.switches ?? {})) {
    if (session.snapshot.switches[key] === value) continue;
    const outcome = await session.setSwitch(key, value);
    if (!outcome.ok) notes.push(TEXT.badSwitch(key, value, outcome.error));
  }
  if (route.step !== undefined) {
    // A link to a step past an unpicked prediction stops before it, as stepping would.
    const hold = predictHold(session);
    await session.jumpTo(route.step);
    // A step past the log's end is shown as the last one, and the learner is told so.
    const total = session.snapshot.steps.length;
    if (hold && route.step > hold.cursor) notes.push(hold.error);
    else if (route.step > total) notes.push(TEXT.stepOutOfRange(route.step, total));
  }
  if (ticket !== opening) {
    session.dispose(); // another lab (or this one again) was asked for meanwhile
    return;
  }
  useApp.getState().session?.dispose();
  useApp.setState({ session, route: { ...route } });
  commit(notes.length > 0 ? (notes as (string | Message)[]) : null, route.present);
  if (!preview) void recheckSaved(lab);
}

/** Checks the lab's saved passing verdicts again (recheck.ts) and records what it found. */
async function recheckSaved(lab: Lab): Promise<void> {
  const records = useApp.getState().progress.exercises[lab.id];
  if (!records) return;
  const found = await rt().recheckRecords(lab, records, new Date().toISOString());
  if (Object.keys(found).length === 0) return;
  let progress = useApp.getState().progress;
  for (const [id, events] of Object.entries(found)) for (const event of events) progress = withExerciseEvent(progress, lab.id, id, event);
  const problem = persist(progress);
  if (problem) useApp.setState({ flash: problem });
}

/** Visible strings of the store, as messages the banner renders in the page's language. */
const TEXT = FLASH_TEXT;

/** The last `changedSwitches` answer: a step keeps the view's switch objects (src/lab/shareRecord.ts), so it is asked the same question again. */
let lastChanged: { args: unknown[]; out: Record<string, string> } | null = null;

/** Switch values that differ from what the lab (and its open scenario) start with. */
function changedSwitches(lab: Lab, scenarioId: string | undefined, specs: { key: string; default: string }[], current: Record<string, string>): Record<string, string> {
  const args = [lab, scenarioId, specs, current];
  if (lastChanged && lastChanged.args.every((arg, i) => arg === args[i])) return lastChanged.out;
  const out = changedSwitchesNow(lab, scenarioId, specs, current);
  lastChanged = { args, out };
  return out;
}

function changedSwitchesNow(lab: Lab, scenarioId: string | undefined, specs: { key: string; default: string }[], current: Record<string, string>): Record<string, string> {
  const scenario = lab.scenarios.find((s) => s.id === scenarioId);
  const base: Record<string, string> = { ...Object.fromEntries(specs.map((s) => [s.key, s.default])), ...lab.world.switches, ...scenario?.switches };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(current)) if (base[key] !== value) out[key] = value;
  return out;
}

/** Presenter view on or off: only the route changes (the World stays as it is). */
export function setPresenting(on: boolean): void {
  const route = shown; // with the current step (the store's route keeps the step it opened at)
  if (route.page !== 'lab') return;
  const { present: _present, ...rest } = route;
  setRoute(on ? { ...rest, present: true } : rest);
}

/**
 * Shows `route` and writes it to the URL. A route that differs from the current one only in
 * its step keeps the store's route object: the step on screen is the view's cursor, and a
 * new route object on every step re-rendered the whole shell and lab page (everything that
 * reads the page or presenter mode). So on a lab page `route.step` is the step the page was
 * opened at; the URL (and `shown`) always carry the current one.
 */
function setRoute(route: Route): void {
  shown = route;
  if (!sameBesidesStep(route, useApp.getState().route)) useApp.setState({ route });
  later('url', () => {
    const hash = formatHash(route); // once per pause, not per step
    // The learner (a link, the address bar) moved the URL since we last wrote it: theirs wins,
    // and the hashchange it raised brings the route (and a new write) along.
    if (window.location.hash !== writtenHash) return;
    if (hash !== writtenHash) {
      const from = window.location.hash;
      window.history.replaceState(null, '', hash);
      noteMoved(from, window.location.hash);
    }
    writtenHash = window.location.hash; // as the browser spells it (it may escape characters)
  });
}

/** URL and progress writes wait for a pause in the steps, then idle time (see writeLater.ts). */
const writes = new WriteLater({ quietMs: 300, idleMs: 200 });
/** Progress saved during a long burst of steps at least this often (the URL waits for the pause). */
const SAVE_MAX_WAIT_MS = 2000;
const later = (kind: string, job: () => void, maxWaitMs?: number) => writes.later(kind, job, maxWaitMs);
const runLater = () => writes.flush();
/** The hash this page last wrote or was navigated to. */
let writtenHash = typeof window === 'undefined' ? '' : window.location.hash;
/** The place shown now, step included (the URL catches up when the learner pauses). */
let shown: Route = { page: 'catalog' };
/**
 * A reload reuses the address the page had, and the browser may take it before a URL written
 * just then lands — in `pagehide`, or by the write after a pause when the reload comes at that
 * moment: the step taken just before a quick reload would be lost from the URL (the saved
 * steps survive). So every URL write notes which address it replaced, for this tab only;
 * start-up follows the note if the page came back at that old address.
 */
const MOVED_KEY = 'durable-lab:url-moved';
function noteMoved(from: string, to: string): void {
  if (from === to) return;
  try { window.sessionStorage.setItem(MOVED_KEY, JSON.stringify({ from, to })); } catch { /* private mode: the URL may lag one step */ }
}
function forgetMoved(): void {
  try { window.sessionStorage.removeItem(MOVED_KEY); } catch { /* private mode: no note was kept */ }
}
function flushOnLeave(): void {
  runLater();
}
/** The address to start from: the one the last URL write moved to, if this is that page reloaded. */
function startingHash(): string {
  const hash = window.location.hash;
  try {
    const raw = window.sessionStorage.getItem(MOVED_KEY);
    window.sessionStorage.removeItem(MOVED_KEY);
    const moved: unknown = raw ? JSON.parse(raw) : null;
    if (moved && typeof moved === 'object' && 'from' in moved && 'to' in moved && moved.from === hash && typeof moved.to === 'string') {
      window.history.replaceState(null, '', moved.to);
      writtenHash = window.location.hash;
      return writtenHash;
    }
  } catch { /* unreadable note: the address as it is */ }
  return hash;
}
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushOnLeave);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flushOnLeave(); });
}

/** After every session change: new view, saved progress, URL that reproduces the place. */
function commit(flash: FlashValue | null = null, present?: boolean): void {
  const { session, progress, route, run: known } = useApp.getState();
  if (!session) return;
  const snapshot = session.snapshot;
  saveSoon();
  const steps = session.logKey;
  // The session's step record at the cursor (built once per place; equal parts shared).
  const view = session.view();
  const entries = session.knownRun();
  // One store update per step: every subscriber's selector runs once.
  useApp.setState({
    progress: isPreview(session.lab) ? progress : withLab(progress, session.lab.id, snapshot), view, flash,
    run: entries === known.entries ? known : { steps, entries },
  });
  if (route.page !== 'lab') return; // e.g. a reset from the progress page: stay there
  const presenting = present ?? route.present === true;
  const switches = changedSwitches(session.lab, snapshot.scenario, view.switchSpecs, view.switches);
  setRoute({
    page: 'lab', labId: session.lab.id, step: snapshot.cursor, ...(snapshot.scenario ? { scenario: snapshot.scenario } : {}),
    ...(Object.keys(switches).length > 0 ? { switches } : {}), ...(presenting ? { present: true } : {}),
  });
}

/** Saves progress at once (an exercise attempt, an import: durable the moment it happens). */
function persist(progress: Progress): string | null {
  useApp.setState({ progress });
  writes.drop('progress'); // this write carries any step saved for later
  return save(progress);
}

/** Writes progress merged with what other tabs saved; the page then shows the merged copy. */
function save(progress: Progress): string | null {
  if (!progressSync) progressSync = new ProgressSync(storage(), emptyProgress());
  const saved = progressSync.save(progress);
  if (saved.progress !== progress && useApp.getState().progress === progress) useApp.setState({ progress: saved.progress });
  return saved.problem;
}

/** Saves the progress a step changed once the step is painted (see `later`); a failure is flashed then. */
function saveSoon(): void {
  later('progress', () => {
    const problem = save(useApp.getState().progress);
    if (problem) useApp.setState({ flash: problem });
  }, SAVE_MAX_WAIT_MS);
}

/**
 * Runs a change of the open session, then shows where it left the lab: a refusal stays on
 * screen, a change that threw is said in the banner. Changes run in the order asked (an
 * asynchronous lab's engine is awaited inside its steps; a synchronous lab's change has
 * run when its promise settles).
 */
async function withSession(body: (session: LabSession) => Promise<{ ok: boolean; error?: string | Message } | void> | { ok: false; error: string | Message }): Promise<void> {
  const session = useApp.getState().session;
  if (!session) return;
  let refused: FlashValue | null;
  try {
    const outcome = await body(session);
    refused = outcome && !outcome.ok ? outcome.error ?? TEXT.didNotWork : null;
  } catch (error) {
    refused = error instanceof Error ? error.message : String(error);
  }
  if (useApp.getState().session === session) commit(refused);
}

/**
 * A scenario that plays a prediction (`asks`) stops before the step that shows its outcome
 * until the student has picked (src/lab/predictGate.ts); the refusal names the exercise.
 * The session asks this before every step (LabSession.holdWith).
 */
function predictHold(session: LabSession): { cursor: number; error: Message } | null {
  const { progress } = useApp.getState();
  const gate = closedGate(session.lab, session.snapshot.scenario, progress.exercises[session.lab.id]);
  if (!gate) return null;
  const localized = progress.locale ? session.lab.translations?.[progress.locale]?.strings.exercises[gate.exercise.id]?.title : undefined;
  return { cursor: gate.cursor, error: TEXT.predictFirst(localized ?? gate.exercise.title) };
}

export const playAction = (raw: unknown) => withSession((s) => {
  // The palette button for the scenario's next step reveals as much as stepping does.
  const hold = predictHold(s);
  const next = hold && s.cursor >= hold.cursor ? s.lab.scenarios.find((x) => x.id === s.snapshot.scenario)?.actions[s.cursor] : undefined;
  return hold && next !== undefined && JSON.stringify(next) === JSON.stringify(raw) ? { ok: false, error: hold.error } : s.play(raw);
});
export const stepForward = () => withSession((s) => s.forward());
export const stepBack = () => withSession((s) => s.back());
export const resetLab = () => withSession((s) => s.reset());
export const jumpTo = (cursor: number) => withSession(async (s) => {
  const hold = predictHold(s);
  await s.jumpTo(cursor); // stops at the hold
  return hold && cursor > hold.cursor ? { ok: false, error: hold.error } : undefined;
});
export const setSwitch = (key: string, value: string) => withSession((s) => s.setSwitch(key, value));
export const dismissFlash = () => useApp.setState({ flash: null });

/** Opens a scenario as steps to play forward, from its own starting state. */
export function openScenario(id: string): Promise<void> {
  return withSession(async (s) => {
    const scenario = s.lab.scenarios.find((x) => x.id === id);
    if (!scenario) return { ok: false, error: `No scenario ${id}.` };
    await s.loadScript(scenario);
    return { ok: true };
  });
}

/** Clears the step log of the open lab (a sandbox start). */
export function clearSteps(): Promise<void> {
  return withSession((s) => s.loadScript({ actions: [] }));
}

/** Authoring aid: validates lab files picked by the user and shows them in the catalog. */
export async function previewLabFiles(files: File[]): Promise<void> {
  await ensureRuntime();
  const labFile = files.find((f) => f.name.endsWith('.json'));
  const readmeFile = files.find((f) => f.name.toLowerCase().endsWith('.md'));
  if (!labFile) {
    useApp.setState({ previewNote: TEXT.pickLabJson });
    return;
  }
  const text = await labFile.text();
  const readme = readmeFile ? await readmeFile.text() : '(no README.md was picked)';
  const load = rt().parseLab(labFile.name, text, readme);
  // Only the latest check is shown: earlier results (of the same file, before it was fixed)
  // next to a new one read as if the new file still had their problems.
  useApp.setState({ previews: [load], previewNote: TEXT.checked(labFile.name, load.ok) });
}

/**
 * Leaves a checked file's preview for the course's lab of the same ID: the picked file is
 * forgotten (a checked file that shares a course lab's ID stands in for it until then).
 */
export function closePreview(labId: string): void {
  useApp.setState((s) => ({ previews: s.previews.filter((l) => !(l.ok && l.lab.id === labId)), previewNote: null }));
  void navigate({ page: 'lab', labId });
}

/** The Cards tab: parses and runs card files in the page, against the bundled labs. */
export async function runCardFiles(files: File[]): Promise<void> {
  await ensureAllLabs();
  const runs: CardRun[] = [];
  for (const file of files) {
    const parsed = rt().parseCard(file.name, await file.text());
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
    const result = await rt().runCard(lab, parsed.card, file.name);
    runs.push({ file: file.name, result, problems: [], line: rt().formatCardResult(result) });
  }
  useApp.setState((s) => ({ cardRuns: [...runs, ...s.cardRuns] }));
}

/**
 * The step log the Search panel last loaded (watchCard with file 'search'), so a reproduce
 * attempt built on it is recorded with `origin: 'search'` (the checker refuses it unless the
 * exercise allows search).
 */
let searchLoaded: LoadedSearch | null = null;

/** Opens a card in its lab with its actions ready to step through. */
export function watchCard(run: CardRun): void {
  if (!run.result) return;
  const { card } = run.result;
  searchLoaded = run.file === 'search' ? { lab: card.lab, actions: JSON.stringify(card.actions), count: card.actions.length } : null;
  const script = { actions: card.actions, ...(card.switches ? { switches: card.switches } : {}), ...(card.initial ? { initial: card.initial } : {}) };
  void navigate({ page: 'lab', labId: card.lab }).then(() => withSession((s) => s.loadScript(script)));
}

// ---- exercises -----------------------------------------------------------------------

function record(labId: string, exercise: Exercise): ExerciseRecord {
  return useApp.getState().progress.exercises[labId]?.[exercise.id] ?? { attempts: [] };
}

/** Saves what an exercise use case (src/lab/exercises/attempts.ts) made of progress and shows its run. */
async function apply(session: LabSession, next: Next): Promise<void> {
  const problem = persist(next.progress);
  if (problem) useApp.setState({ flash: problem });
  if (next.show) await show(session, next.show);
  if (useApp.getState().session === session) commit();
}

/** Loads a script into the open lab view and stands on its step. */
async function show(session: LabSession, { cursor, ...script }: ViewScript): Promise<void> {
  await session.loadScript(script);
  await session.jumpTo(cursor);
}

/**
 * What a submitted answer got: its verdict, or `refused` when it could not be saved (over a
 * limit) — a code the exercise panel words in the page's language; nothing was recorded.
 */
export type Submitted = Verdict | { refused: RecordProblem };

/**
 * Checks an answer (a real run: L05's engine is awaited inside its steps), records the
 * attempt, and shows the run in the lab view. The answer is taken as it stood when
 * submitted; if the learner left the lab while it was checked, nothing is recorded.
 */
export async function submitExercise(exercise: Exercise, given: ExerciseInput): Promise<Submitted | null> {
  const session = useApp.getState().session;
  if (!session) return null;
  const checked = await rt().checkAnswer(session, exercise, given, searchLoaded);
  if ('refused' in checked) return checked;
  if (useApp.getState().session !== session) return null;
  const recorded = recordAnswer(useApp.getState().progress, session, exercise, checked.input, checked.verdict, new Date().toISOString());
  if ('refused' in recorded) return recorded;
  await apply(session, recorded);
  return checked.verdict;
}

/** Starts recording a reproduce attempt: the lab view resets to the exercise's start. */
export async function startReproduce(exercise: Exercise): Promise<void> {
  const session = useApp.getState().session;
  const next = session && startAttempt(useApp.getState().progress, session, exercise);
  if (!session || !next) return;
  searchLoaded = null; // the attempt starts over from the exercise's start
  await apply(session, next);
}

/** The steps recorded since a reproduce attempt started. */
export function recordedSteps(): unknown[] {
  const { session, progress } = useApp.getState();
  const active = progress.activeExercise;
  if (!session || !active || active.lab !== session.lab.id) return [];
  const snapshot = session.snapshot;
  return snapshot.steps.slice(active.baseCursor, snapshot.cursor);
}

/**
 * Records what happened around exercises, for the grader to report (never scored): the
 * spoilers shown on one exercise, or a Search run in a lab (on each of its reproduce
 * exercises, since a reproduce asks the student to find the schedule).
 */
export function recordExerciseEvent(labId: string, exerciseIds: string[], type: 'spoilers' | 'search'): void {
  const at = new Date().toISOString();
  persist(exerciseIds.reduce((progress, id) => withExerciseEvent(progress, labId, id, { type, at }), useApp.getState().progress));
}

/** Marks one attempt (1-based) of a repair or reproduce exercise as the one handed in; the latest mark counts. */
export function handInAttempt(exercise: Exercise, attempt: number): void {
  const session = useApp.getState().session;
  if (!session || attempt < 1 || attempt > record(session.lab.id, exercise).attempts.length) return;
  persist(withExerciseEvent(useApp.getState().progress, session.lab.id, exercise.id, { type: 'hand-in', at: new Date().toISOString(), attempt }));
}

export function saveDraft(exercise: Exercise, text: string): void {
  const session = useApp.getState().session;
  if (!session || draftProblem(text)) return; // the text box shows the limit; nothing over it is saved
  persist(withExercise(useApp.getState().progress, session.lab.id, exercise.id, { ...record(session.lab.id, exercise), draft: text }));
}

/** Goes back to the steps kept when an exercise or a deep link replaced them. */
export async function returnToKept(): Promise<void> {
  const session = useApp.getState().session;
  const next = session && returnToKeptSteps(useApp.getState().progress, session.lab.id);
  if (!session || !next) return;
  await apply(session, next);
}

// ---- progress page, export, import ---------------------------------------------------

export function setStudent(name: string, id: string): void {
  persist({ ...useApp.getState().progress, student: { name, id } });
}

/** Forgets one lab's place and exercises (the progress page asks first). */
export async function forgetLab(labId: string): Promise<void> {
  const { session } = useApp.getState();
  persist(withoutLab(useApp.getState().progress, labId));
  if (session?.lab.id === labId) {
    await session.loadScript({ actions: [] });
    if (useApp.getState().session === session) commit();
  }
}

export const APP_VERSION = '0.1.0';

export function exportSubmissionText(): string {
  return JSON.stringify(rt().buildSubmission(useApp.getState().progress, APP_VERSION, new Date().toISOString()), null, 2);
}

/**
 * Imports a submission file. Returns what happened; never overwrites existing attempts
 * unless `confirmOverwrite` says yes.
 */
export async function importSubmissionFile(file: File, confirmOverwrite: () => boolean): Promise<ImportOutcome> {
  await ensureRuntime();
  const parsed = rt().parseSubmission(await file.text());
  if (!parsed.ok) return { key: 'progress.importFailed', params: { file: file.name, error: parsed.error } };
  // Every recorded verdict is re-checked before anything is merged: a verdict edited in the
  // file would otherwise show as the lab's own (the grader flags the same file as tampered).
  // The check lives with the grader's re-execution in the runtime chunk, which the await
  // above has already fetched, so this import costs no further download.
  await ensureAllLabs();
  const { verifySubmission } = await import('../lab/submission');
  const mismatch = await verifySubmission(parsed.submission, useApp.getState().loads.flatMap((l) => (l.ok ? [l.lab] : [])));
  if (mismatch) return { key: 'progress.importTampered', params: { file: file.name, ...mismatch } };
  const progress = useApp.getState().progress;
  if (rt().importWouldOverwrite(progress, parsed.submission) && !confirmOverwrite()) return { key: 'progress.importCancelled', params: {} };
  const imported = rt().importSubmission(progress, parsed.submission);
  persist(imported);
  return { key: 'progress.imported', params: { file: file.name, name: parsed.submission.student.name }, locale: imported.locale };
}

/** What an import did, as an app catalog key and its parameters: the progress page words it. */
export type ImportOutcome =
  | { key: 'progress.importFailed'; params: { file: string; error: string } }
  | { key: 'progress.importCancelled'; params: Record<string, never> }
  /** A recorded verdict the lab does not give: the file was edited, nothing was imported. */
  | { key: 'progress.importTampered'; params: { file: string; lab: string; exercise: string; attempt: number } }
  /** `locale`: the language the imported file restored, if it recorded one. */
  | { key: 'progress.imported'; params: { file: string; name: string }; locale?: Progress['locale'] };

/** Records the page's language in progress (saved, and exported with the submission). */
export function setProgressLocale(locale: NonNullable<Progress['locale']>): void {
  if (useApp.getState().progress.locale !== locale) persist({ ...useApp.getState().progress, locale });
}

/** For graders: re-executes a submission in this page (with warnings). Pure: changes nothing. */
export async function regradeText(text: string, options: RegradeOptions = {}): Promise<GradedSubmission> {
  const labs = useApp.getState().loads.flatMap((l) => (l.ok ? [l.lab] : []));
  // Feedback in another language needs that language's narration, which only its own chunk
  // carries (loading it registers the catalog the feedback is rendered from).
  if (options.lang && options.lang !== 'en') await loadLocaleResources(options.lang);
  return rt().gradeSubmissionText(text, labs, APP_VERSION, options);
}
