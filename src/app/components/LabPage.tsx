/**
 * One lab: actions and narrative on the left, diagrams in the middle, state and trace on
 * the right. The page itself subscribes only to the session, the route and the machine
 * list; every panel reads its own slice of the view, so a step re-renders what changed.
 */
import { memo, useDeferredValue, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalizedLab } from '../i18n/labTranslations';
import { LAB_INDEX } from '../labIndex';
import { closePreview, paletteFor, selectHasView, selectMachines, selectPreviewFile, selectRoute, selectSession, useApp } from '../store';
import { useLabKeyboard } from '../useKeyboard';
import { ActionPalette } from './ActionPalette';
import { OtherMoves } from './OtherMoves';
import { ForkPanel } from './ForkPanel';
import { CrashPanel } from './CrashPanel';
import { useLectureLayout } from './FlowDiagram';
import { ExercisesPanel } from './ExercisesPanel';
import { Inspector } from './Inspector';
import { LectureKeys } from './LectureKeys';
import { InvariantPanel } from './InvariantPanel';
import { LAB_PANELS } from './labPanels';
import { MachineDiagram } from './MachineDiagram';
import { Narrative } from './Narrative';
import { NetworkPanel } from './NetworkPanel';
import { ObservedState } from './ObservedState';
import { SearchPanel } from './SearchPanel';
import { SequenceDiagram } from './SequenceDiagram';
import { Timeline } from './Timeline';
import { Toolbar } from './Toolbar';
import { Topology } from './Topology';
import { specLine } from './specLine';

export function LabPage() {
  const presenting = useApp((s) => { const r = selectRoute(s); return r.page === 'lab' && r.present === true; });
  const live = useApp(selectSession);
  // A lab that has just opened is drawn by a background render (useDeferredValue): the
  // engine's start and React's first render of every panel were one task of half a second,
  // and a background render is its own task that yields to the browser between components.
  // Going from one open lab to another renders at once, as the store changes.
  const deferred = useDeferredValue(live);
  const session = deferred === null ? null : live;
  const hasView = useApp(selectHasView);
  const previewFile = useApp(selectPreviewFile);
  const { t } = useTranslation();
  // The lab in the page's language: titles, labels and narrative; IDs and actions unchanged.
  const lab = useLocalizedLab(session?.lab);
  // L06 offers one executor's buttons at a time (the other's would be refused).
  const executor = useApp((s) => s.view?.switches.executor ?? null);
  const palette = useMemo(() => (lab ? paletteFor(lab, executor) : []), [lab, executor]);
  useLabKeyboard(palette);
  const { on: lecture, small } = useLectureLayout();
  const grid = useRef<HTMLDivElement | null>(null);
  // On once the grid is drawn: the first render of a newly opened lab shows the loading text.
  useLectureTop(grid, lecture && hasView && session !== null && lab !== null);
  if (!session || !hasView || !lab) return <main className="loading">{t('lab.opening')}</main>;
  return (
    <main className={`lab${presenting ? ' presenting' : ''}${lecture ? ` lecture${small ? ' lecture-small' : ''}` : ''}`} data-testid={`lab-${lab.id}`}>
      <header className="lab-head">
        <h1><span className="lab-id">{lab.id}</span> {lab.title}</h1>
        <p className="muted">{specLine(lab.spec, lab.rules)}</p>
      </header>
      {previewFile && (
        // A checked file opens on its ID's route; said plainly, so a student never takes it for the course's lab.
        <p className="banner warn" role="status" data-testid="lab-preview-banner" data-file={previewFile}>
          {t('lab.preview', { file: previewFile })}{' '}
          {LAB_INDEX.some((e) => e.id === lab.id) && <button className="link" data-testid="lab-preview-close" onClick={() => closePreview(lab.id)}>{t('lab.previewBack', { lab: lab.id })}</button>}
        </p>
      )}
      <Toolbar />
      <div className="lab-grid-3" ref={grid}>
        <div className="col-left">
          <ActionPalette entries={palette} />
          <OtherMoves entries={palette} />
          <Narrative markdown={lab.readme} />
          <ExercisesPanel />
          <SearchPanel />
        </div>
        <div className="col-main">
          {(LAB_PANELS[lab.model] ?? []).map((Panel, i) => <Panel key={i} />)}
          <Topology />
          <Machines />
          <SequenceDiagram />
          <CrashPanel />
          <ForkPanel entries={palette} />
          <NetworkPanel />
          <Inspector />
        </div>
        <div className="col-right">
          <InvariantPanel />
          <ObservedState />
          <Timeline />
        </div>
      </div>
      {/* Inside the page: the dialogs take its size, presenter view's included. */}
      <LectureKeys lab={lab} palette={palette} presenting={presenting} />
    </main>
  );
}

/**
 * The lecture layout sizes its first two rows to the screen under what is above the grid
 * (the top bar, a banner, the lab's title and the toolbar, whose heights vary with the lab,
 * the language and the window): that offset, from the top of the page, as `--lecture-top`
 * on the grid (styles.css). Read again whenever one of them, or the page, changes size.
 * Turning the layout on scrolls to the top, where that screen is (presenter view entered
 * from a page scrolled down to the exercises would otherwise open on the panels below it).
 */
function useLectureTop(grid: RefObject<HTMLDivElement | null>, on: boolean): void {
  useLayoutEffect(() => {
    const el = grid.current;
    if (!on || !el) return;
    const read = () => {
      const top = `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`;
      if (el.style.getPropertyValue('--lecture-top') !== top) el.style.setProperty('--lecture-top', top);
    };
    read();
    window.scrollTo({ top: 0, behavior: 'instant' });
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    for (let above = el.previousElementSibling; above; above = above.previousElementSibling) observer.observe(above);
    return () => { observer.disconnect(); el.style.removeProperty('--lecture-top'); };
  }, [grid, on]);
}

const Machines = memo(function Machines() {
  const machines = useApp(selectMachines);
  return (
    <div className="machines">
      {machines.map((m) => <MachineDiagram key={m.id} graph={m.graph} state={m.state} title={m.title} />)}
    </div>
  );
});
