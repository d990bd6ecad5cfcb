/**
 * The Search panel: runs the explorer over the open lab's current design in a Web Worker
 * (src/app/explorer), with the bounds the student sets, a progress bar with states/s and
 * Cancel. The result is either "no invariant broken in N states up to depth D (bounds …)"
 * — a bounded claim, said as one — or the shortest counterexample found, which loads into
 * the step log to step through, exports as a card, or becomes a link (`actions=` in the lab
 * route, src/app/actionsLink.ts) that rebuilds the same World at its last step.
 *
 * A search runs as the lab stands or as one of its exercises (src/lab/exerciseSearch.ts):
 * a repair's start, adversary and the student's switches; a reproduce's start and design,
 * its goal's counterexample shown first. Cancel keeps what the search covered, labelled
 * incomplete. A search is of the design from its start, not of the learner's current step,
 * so stepping while it runs changes nothing it says; a switch change marks a result stale.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bounds } from '../../sim/explorer/bounds';
import type { ExploreResult, Progress, Unrecoverable } from '../../sim/explorer/result';
import { startSearch, type SearchJob } from '../explorer/searchClient';
import { recordExerciseEvent, selectProgress, selectSession, selectSwitches, useApp, watchCard } from '../store';
import type { Card } from '../../lab/cards';
import { encodeActions } from '../actionsLink';
import { formatHash } from '../routing';
import { statementOf } from '../../lab/i18n/modelStrings';
import { useRenderMessage } from '../i18n/renderMessage';
import { useLocalizedLab } from '../i18n/labTranslations';
import { asMessage, boundsMessage } from '../../lab/messages/bounds';
import type { PaletteEntry } from '../../lab/schema';
import { describeWorldAction, isWorldAction } from '../../sim/worldActions';
import { isRefusal, type ModelAction, type RefusalReason } from '../../sim/model';
import { getModel, hasModel } from '../../lab/models';
import { parseActionFor } from '../../sim/parseAction';
import { panelSearchBounds, searchableExercises, searchStartFor, type SearchableExercise } from '../../lab/exerciseSearch';

/** An action as JSON with its keys sorted: a search step and a palette entry compare equal whatever their key order. */
function actionKey(action: unknown): string {
  return JSON.stringify(action, (_, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value));
}

/** The address that opens `card` in a fresh page: its lab, its switches, its actions, at its last step. */
function cardLink(card: Card): string {
  const hash = formatHash({ page: 'lab', labId: card.lab, step: card.actions.length, actions: encodeActions(card.actions), ...(card.switches ? { switches: card.switches } : {}) });
  return `${window.location.origin}${window.location.pathname}${window.location.search}${hash}`;
}

/** The panel's words in the page's language (src/app/i18n/locales/<locale>/app.json); counts through Intl. */
function useText() {
  const { t } = useTranslation();
  const render = useRenderMessage();
  // The bounds in the page's language (src/lab/messages/<lang>/bounds.json), not the explorer's English boundsText.
  const bounds = (r: ExploreResult) => render(asMessage(boundsMessage(r.bounds, r.mode === 'swarm' ? r.runs ?? 0 : undefined)));
  return {
    title: t('search.title'),
    intro: t('search.intro'),
    depth: t('search.depth'), maxStates: t('search.maxStates'), crashes: t('search.crashes'), drops: t('search.drops'), duplicates: t('search.duplicates'), advances: t('search.advances'),
    advancesPlaceholder: t('search.advancesPlaceholder'), default: t('search.default'),
    swarm: t('search.swarm'), seed: t('search.seed'), runs: t('search.runs'),
    run: t('search.run'), cancel: t('search.cancel'), cancelled: t('search.cancelled'),
    stale: t('search.stale'), restored: t('search.restored'),
    progress: (p: Progress) => t('search.progress', { states: p.states, transitions: p.transitions, depth: p.depth, rate: Math.round(p.transitions / Math.max(p.elapsedMs / 1000, 0.001)) }),
    // stoppedBy is the explorer's own notation (a bound's name).
    clean: (r: ExploreResult) => r.mode === 'swarm'
      ? t('search.cleanSwarm', { states: r.states, runs: r.runs ?? 0, seed: r.seed ?? '?', bounds: bounds(r) })
      : t('search.clean', { states: r.states, depth: r.depthCompleted, bounds: bounds(r) }),
    bounds,
    incomplete: (r: ExploreResult) => t('search.incomplete', { stoppedBy: r.stoppedBy ?? '', depth: r.depthCompleted }),
    cancelledPartial: (r: ExploreResult) => r.mode === 'swarm'
      ? t('search.cancelledSwarm', { runs: r.runs ?? 0, states: r.states })
      : t('search.cancelledPartial', { states: r.states, depth: r.depthCompleted }),
    recover: t('search.recover'),
    recovered: (r: ExploreResult) => t('search.recovered', { count: r.recovered ?? 0 }),
    workers: (count: number) => t('search.workers', { count }),
    unrecoverable: (id: string, k: number, r: number) => t('search.unrecoverable', { id, k, r }),
    broken: (id: string, steps: number) => t('search.broken', { id, count: steps }),
    load: t('search.load'), export: t('search.export'), copy: t('search.copy'), copied: t('search.copied'),
    loaded: t('search.loaded'), copyLink: t('search.copyLink'), linkCopied: t('search.linkCopied'), link: t('search.link'),
  };
}

interface Finished {
  result: ExploreResult & { workers?: number };
  cards: Record<string, unknown>[];
  switches?: Record<string, string>;
  /** The exercise the search ran as (absent: the lab as it stood). */
  target?: string | null;
}

/**
 * Results kept per lab and design (its switches), so a reload or a trip to another lab does
 * not throw a long search away. What storage holds is only read back when it has the shape
 * of a result; anything else is dropped.
 */
const SAVED_KEY = (lab: string) => `durable-lab:search:${lab}`;
const SAVED_MAX = 8;
const designKey = (switches: Record<string, string>) => JSON.stringify(Object.entries(switches).sort(([a], [b]) => a.localeCompare(b)));
/** A kept result's key: its design, and the exercise it ran as (a search of the lab itself keeps the plain design key). */
const savedKey = (target: string | null | undefined, switches: Record<string, string>) => `${target ? `${target}:` : ''}${designKey(switches)}`;

function savedResults(lab: string): Record<string, Finished> {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(SAVED_KEY(lab)) ?? '{}');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([, v]) => {
      const f = v as Partial<Finished> | null;
      return Boolean(f && typeof f === 'object' && f.result && typeof f.result === 'object' && Array.isArray(f.result.counterexamples) && Array.isArray(f.cards));
    })) as Record<string, Finished>;
  } catch {
    return {};
  }
}

function saveResult(lab: string, finished: Finished & { switches: Record<string, string> }): void {
  const all = savedResults(lab);
  const key = savedKey(finished.target, finished.switches);
  delete all[key];
  const kept = Object.entries({ ...all, [key]: finished }).slice(-SAVED_MAX);
  try { window.localStorage.setItem(SAVED_KEY(lab), JSON.stringify(Object.fromEntries(kept))); } catch { /* full storage: the result stays on screen only */ }
}

export function SearchPanel() {
  const session = useApp(selectSession);
  const switches = useApp(selectSwitches);
  const [bounds, setBounds] = useState<Partial<Bounds>>({});
  const [swarm, setSwarm] = useState(false);
  const [recover, setRecover] = useState(false);
  const [seed, setSeed] = useState(1);
  const [runs, setRuns] = useState(200);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const job = useRef<SearchJob | null>(null);
  const [running, setRunning] = useState(false);
  const TEXT = useText();
  const { t } = useTranslation();
  useEffect(() => () => job.current?.terminate(), []);
  // What the search runs as: the lab as it stands, or an exercise (its start, design and
  // bounds). The reproduce exercise being attempted is the first choice.
  const attempting = useApp(selectProgress).activeExercise;
  const active = attempting?.lab === session?.lab.id ? attempting?.exercise ?? null : null;
  const [chosenTarget, setTarget] = useState<string | null | undefined>(undefined);
  const localized = useLocalizedLab(session?.lab);
  const render = useRenderMessage();
  const targets = useMemo(() => (session ? searchableExercises(session.lab) : []), [session?.lab]);
  const target = chosenTarget !== undefined ? chosenTarget : targets.some((e) => e.id === active) ? active : null;
  const start = useMemo(() => (session && switches ? searchStartFor(session.lab, target, switches) : null), [session?.lab, target, switches]);
  // A result kept for this lab, target and design: read from storage when any changes (or a
  // run ends and saves one), not on every render of the panel.
  const labId = session?.lab.id;
  const design = start ? savedKey(target, start.switches) : '';
  const kept = useMemo(() => (labId ? savedResults(labId)[design] ?? null : null), [labId, design, finished]);
  if (!session || !switches || !start) return null;
  const lab = session.lab;
  const titleOf = (id: string) => localized?.exercises.find((e) => e.id === id)?.title ?? id;

  const run = () => {
    job.current?.terminate();
    setFinished(null);
    setMessage(null);
    setProgress({ states: 0, transitions: 0, depth: 0, elapsedMs: 0 });
    setRunning(true);
    // Reported by the grader beside any reproduce attempt made after it (never scored).
    recordExerciseEvent(lab.id, lab.exercises.filter((e) => e.kind === 'reproduce').map((e) => e.id), 'search');
    const design = { ...start.switches };
    const ranAs = target;
    // The student's bounds over the exercise's (over the panel's defaults, in the worker).
    const current = startSearch({
      lab, switches: design, initial: start.initial, prefix: start.prefix, bounds: { ...start.bounds, ...bounds },
      ...(swarm ? { swarm: { seed, runs } } : { recover }),
    }, setProgress);
    job.current = current;
    current.done.then((done) => {
      if (job.current !== current) return;
      const kept = { ...done, switches: design, target: ranAs };
      setFinished(kept);
      saveResult(lab.id, kept);
      setRunning(false);
    }, (error: Error) => {
      if (job.current !== current) return;
      setMessage(error.message === 'cancelled' ? TEXT.cancelled : error.message);
      setRunning(false);
    });
  };
  const cancel = () => job.current?.cancel();
  // This run's result, else one kept for this lab and design (not while a run is going on).
  const shown = finished ?? (running || message ? null : kept);
  const maxStates = bounds.maxStates ?? 200_000;
  const fraction = progress ? Math.min(1, progress.states / maxStates) : 0;
  const number = (key: keyof Bounds, label: string, min = 0) => (
    <label>{label} <input type="number" min={min} value={(bounds[key] as number | undefined) ?? ''} placeholder={TEXT.default}
      data-testid={`search-${key}`} onChange={(e) => setBounds({ ...bounds, [key]: e.target.value === '' ? undefined : Number(e.target.value) })} /></label>
  );

  return (
    <section className="panel search" aria-label={TEXT.title} data-testid="search-panel">
      <h2>{TEXT.title}</h2>
      <p className="muted">{TEXT.intro}</p>
      {targets.length > 0 && (
        <label className="field">{t('search.as')}{' '}
          <select value={target ?? ''} data-testid="search-as" onChange={(e) => setTarget(e.target.value === '' ? null : e.target.value)}>
            <option value="">{t('search.asLab')}</option>
            {targets.map((e) => <option key={e.id} value={e.id}>{t(`search.as_${e.kind}`, { title: titleOf(e.id) })}</option>)}
          </select>
        </label>
      )}
      {target !== null && <p className="muted" data-testid="search-as-note">{t('search.asNote', { count: start.prefix.length, bounds: render(asMessage(boundsMessage(panelSearchBounds(lab, start, bounds)))) })}</p>}
      <div className="search-bounds">
        {number('depth', TEXT.depth, 1)}
        {number('maxStates', TEXT.maxStates, 1)}
        {number('crashes', TEXT.crashes)}
        {number('drops', TEXT.drops)}
        {number('duplicates', TEXT.duplicates)}
        <label>{TEXT.advances} <input type="text" placeholder={TEXT.advancesPlaceholder} data-testid="search-advances"
          onChange={(e) => {
            const values = e.target.value.split(',').map((v) => Number(v.trim())).filter((v) => Number.isInteger(v) && v > 0);
            setBounds({ ...bounds, advances: values.length ? values : undefined });
          }} /></label>
        <label><input type="checkbox" checked={swarm} onChange={(e) => setSwarm(e.target.checked)} data-testid="search-swarm" /> {TEXT.swarm}</label>
        {!swarm && <label><input type="checkbox" checked={recover} onChange={(e) => setRecover(e.target.checked)} data-testid="search-recover" /> {TEXT.recover}</label>}
        {swarm && <label>{TEXT.seed} <input type="number" value={seed} onChange={(e) => setSeed(Number(e.target.value))} data-testid="search-seed" /></label>}
        {swarm && <label>{TEXT.runs} <input type="number" min={1} value={runs} onChange={(e) => setRuns(Number(e.target.value))} /></label>}
      </div>
      <div className="search-actions">
        <button onClick={run} disabled={running} data-testid="search-run">{TEXT.run}</button>
        <button onClick={cancel} disabled={!running} data-testid="search-cancel">{TEXT.cancel}</button>
      </div>
      {running && progress && (
        <div data-testid="search-progress">
          <progress max={1} value={swarm ? undefined : fraction} />
          <span className="muted"> {TEXT.progress(progress)}</span>
        </div>
      )}
      {message && <p className="muted" data-testid="search-message">{message}</p>}
      {shown && shown.switches && savedKey(shown.target, shown.switches) !== design && (
        <p className="verdict pending" data-testid="search-stale">{TEXT.stale}</p>
      )}
      {shown && <SearchResult key={savedKey(shown.target, shown.switches ?? {})} lab={lab.id} finished={shown} restored={shown !== finished}
        goal={goalOf(targets.find((e) => e.id === shown.target))} />}
    </section>
  );
}

/** The invariant a reproduce exercise asks to break: its counterexample is shown first. */
function goalOf(exercise: SearchableExercise | undefined): string | undefined {
  return exercise?.kind === 'reproduce' && 'violates' in exercise.goal ? exercise.goal.violates : undefined;
}

function SearchResult({ lab, finished, restored, goal }: { lab: string; finished: Finished; restored: boolean; goal?: string }) {
  const { result, cards } = finished;
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const TEXT = useText();
  // How many workers ran an exhaustive search (its pool), shown with every outcome.
  const workers = result.mode === 'exhaustive' && result.workers !== undefined
    ? <p className="muted" data-testid="search-workers">{TEXT.workers(result.workers)}</p> : null;
  const render = useRenderMessage(); // the violation line: a message in the page's language
  const { i18n } = useTranslation();
  // The broken invariant's statement by its ID from the page's catalogs (the explorer reports the model's English).
  const words = (key: string) => i18n.getResource(i18n.language, 'messages', key) as string | undefined;
  // Cards follow the counterexamples, then the unrecoverable states; an exercise's goal first.
  const first = Math.max(0, result.counterexamples.findIndex((c) => c.invariant === goal));
  const found = result.counterexamples[first] ?? result.unrecoverable?.[0];
  const card = cards[result.counterexamples.length ? first : 0] as Card | undefined;
  // Each step by its palette button's words (the lab in the page's language); a World step the
  // palette lacks by its step label; anything else as its token. The JSON stays in the title.
  // The search reports parsed model actions ({"type":"pause",…}); palette entries are lab tokens
  // (A_pause), compared after the model parses them.
  const localized = useLocalizedLab(useApp(selectSession)?.lab);
  const model = hasModel(result.model) ? getModel(result.model) : null;
  const palette = new Map<string, string>();
  for (const entry of (localized?.actions ?? []) as PaletteEntry[]) {
    const parsed = model ? parseActionFor(model, entry.action) : entry.action;
    if (!model || !isRefusal(parsed as ModelAction | RefusalReason)) palette.set(actionKey(parsed), entry.label);
    palette.set(actionKey(entry.action), entry.label);
  }
  const stepWords = (action: unknown): string => {
    const label = palette.get(actionKey(action));
    if (label !== undefined) return label;
    if (isWorldAction(action as ModelAction)) return render(describeWorldAction(action as never));
    if (model && typeof action === 'object' && action !== null) return render(model.describeAction(action as ModelAction));
    return typeof action === 'string' ? action : JSON.stringify(action);
  };
  if (!found || !card) {
    // A search cut short by a limit or by Cancel is never a pass: it says how far it got, not "no violation".
    const incomplete = result.stoppedBy === 'maxStates' || result.stoppedBy === 'maxMs' || result.stoppedBy === 'cancelled';
    return (
      <div data-testid="search-result" data-outcome={incomplete ? 'incomplete' : 'clean'} data-restored={String(restored)}>
        {restored && <p className="muted" data-testid="search-restored">{TEXT.restored}</p>}
        {incomplete ? <p><strong>{result.stoppedBy === 'cancelled' ? TEXT.cancelledPartial(result) : TEXT.incomplete(result)}</strong></p> : <p>{TEXT.clean(result)}</p>}
        {result.recovered !== undefined && !incomplete && <p>{TEXT.recovered(result)}</p>}
        {workers}
      </div>
    );
  }
  const recovery = 'recovery' in found ? (found as Unrecoverable).recovery : null;
  const load = () => {
    watchCard({ file: 'search', result: { card, file: 'search', pass: true, error: null, mismatches: [], observed: null }, problems: [], line: '' });
    setNote(TEXT.loaded);
    // The panel sits below the palette, a screen away from the diagrams: bring the stepping
    // controls and the diagrams into view, with the focus on Step, so → walks the run.
    // The toolbar is sticky, so the topology goes just under it.
    requestAnimationFrame(() => {
      const step = document.querySelector<HTMLElement>('[data-testid="step-forward"]');
      const topology = document.querySelector<HTMLElement>('[data-testid="topology"]');
      const toolbar = step?.closest<HTMLElement>('.toolbar');
      if (topology) window.scrollBy(0, topology.getBoundingClientRect().top - (toolbar?.getBoundingClientRect().bottom ?? 0) - 8);
      step?.focus({ preventScroll: true });
    });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(card, null, 2)}\n`], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${lab}-${found.invariant}-counterexample.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="search-result" data-outcome={recovery === null ? 'counterexample' : 'unrecoverable'} data-restored={String(restored)}>
      {restored && <p className="muted" data-testid="search-restored">{TEXT.restored}</p>}
      <p><strong>{recovery === null ? TEXT.broken(found.invariant, found.steps) : TEXT.unrecoverable(found.invariant, found.steps - recovery, recovery)}</strong> <span className="muted">{statementOf(found.invariant, words, found.statement)}</span></p>
      <ol className="search-steps">
        {found.actions.map((action, i) => <li key={i} title={typeof action === 'string' ? action : JSON.stringify(action)} data-testid="search-step">{stepWords(action)}</li>)}
      </ol>
      <p className="muted">{found.violations[0] && render(found.violations[0])}</p>
      <p className="muted" data-testid="search-bounds">{TEXT.bounds(result)}</p>
      {result.stoppedBy === 'cancelled' && <p className="muted" data-testid="search-cancelled-note">{TEXT.cancelledPartial(result)}</p>}
      {workers}
      <div className="search-actions">
        <button onClick={load} data-testid="search-load">{TEXT.load}</button>
        <button onClick={download}>{TEXT.export}</button>
        <button onClick={() => void navigator.clipboard?.writeText(JSON.stringify(card, null, 2)).then(() => setNote(TEXT.copied))}>{TEXT.copy}</button>
        <button data-testid="search-copy-link" onClick={() => {
          const url = cardLink(card);
          setLink(url); // shown too, for a page where the clipboard is refused
          void navigator.clipboard?.writeText(url).then(() => setNote(TEXT.linkCopied), () => undefined);
        }}>{TEXT.copyLink}</button>
      </div>
      {link && <label className="muted">{TEXT.link} <input readOnly value={link} data-testid="search-link" onFocus={(e) => e.target.select()} /></label>}
      {note && <p className="muted" data-testid="search-note">{note}</p>}
    </div>
  );
}
