/**
 * The lab catalog: every bundled lab from the build-time index (no lab file, model or
 * sql.js is loaded to show it), with the learner's progress and a pointer to the next lab;
 * a lab that failed validation when opened shows its error card instead. Below, a checker
 * for lab files whose result appears right next to its input.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../lab/i18n/locales';
import type { LabLoad } from '../../lab/schema';
import { labProgress, nextLab, type LabProgress } from '../catalogProgress';
import { LAB_INDEX, type LabIndexEntry } from '../labIndex';
import { FlashText } from './Flash';
import { navigate, previewLabFiles, selectLoads, selectPreviewNote, selectPreviews, selectProgress, useApp } from '../store';
import { LabErrorCard } from './LabErrorCard';
import { useLocalizedLab } from '../i18n/labTranslations';
import { PSEUDO_LOCALE, pseudo } from '../i18n/pseudo';
import { specLine } from './specLine';

/** The catalog's words in the page's language (src/app/i18n/locales/<locale>/app.json). */
function useText() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return {
    title: t('nav.brand'),
    intro: t('catalog.intro'),
    next: t('catalog.next'), continue: t('catalog.continue'), start: t('catalog.start'),
    open: t('catalog.open'),
    state: { new: t('catalog.state.new'), attempted: t('catalog.state.attempted'), done: t('catalog.state.done') } as const,
    // One sentence per case: how the missed count joins on (comma, 、, ，) belongs to the language.
    exercises: (p: LabProgress) => (p.total === 0 ? '' : ` · ${p.finished > p.done ? t('catalog.exercisesMissed', { done: p.done, total: p.total, count: p.finished - p.done }) : t('catalog.exercises', { done: p.done, total: p.total })}`),
    check: t('catalog.check'),
    checkHelp: t('catalog.checkHelp'),
    checkInput: t('catalog.checkInput'),
    checked: t('catalog.checked'),
    broken: (why: string) => t('catalog.broken', { why }),
    /** An index entry's title and summary in the page's language, from the lab's strings file. */
    entry: (e: LabIndexEntry) => (i18n.language === PSEUDO_LOCALE ? { title: pseudo(e.title), summary: pseudo(e.summary) } : e.translations?.[locale] ?? e),
  };
}

export function Catalog() {
  const loads = useApp(selectLoads);
  const progress = useApp(selectProgress);
  const failed = new Map(loads.flatMap((l) => (!l.ok && l.id ? [[l.id, l] as const] : [])));
  const next = nextLab(LAB_INDEX.filter((e) => !e.broken && !failed.has(e.id)), progress);
  const TEXT = useText();
  return (
    <main className="catalog">
      <section className="intro">
        <h1>{TEXT.title}</h1>
        <p>{TEXT.intro}</p>
        {next && (
          <p className="next-lab" data-testid="next-lab" data-lab={next.id}>
            <strong>{TEXT.next}:</strong> <span className="lab-id">{next.id}</span> {TEXT.entry(next).title}{' '}
            <button className="primary" onClick={() => navigate({ page: 'lab', labId: next.id })} data-testid="next-lab-open">
              {progress.labs[next.id] ? TEXT.continue : TEXT.start}
            </button>
          </p>
        )}
      </section>
      <div className="lab-grid" data-testid="catalog">
        {LAB_INDEX.map((entry) => {
          const load = failed.get(entry.id);
          if (load && !load.ok) return <LabErrorCard key={entry.file} load={load} />;
          return <CatalogEntry key={entry.file} entry={entry} progress={labProgress(entry, progress)} isNext={entry.id === next?.id} />;
        })}
      </div>
      <Authoring />
    </main>
  );
}

const CatalogEntry = memo(function CatalogEntry({ entry, progress, isNext }: { entry: LabIndexEntry; progress: LabProgress; isNext: boolean }) {
  const TEXT = useText();
  const shown = TEXT.entry(entry);
  return (
    <article className={`lab-card state-${progress.state}${isNext ? ' is-next' : ''}`} data-testid={`lab-card-${entry.id}`} data-state={progress.state}>
      <h3><span className="lab-id">{entry.id}</span> {shown.title}</h3>
      <p>{shown.summary}</p>
      <p className="muted">{specLine(entry.spec, entry.rules)}</p>
      {entry.broken ? <p className="error">{TEXT.broken(entry.broken)}</p> : (
        <div className="lab-card-foot">
          <span className={`lab-state state-${progress.state}`} data-testid={`lab-progress-${entry.id}`}>{TEXT.state[progress.state]}{TEXT.exercises(progress)}</span>
          <button className="primary" onClick={() => navigate({ page: 'lab', labId: entry.id })} data-testid={`open-${entry.id}`}>{TEXT.open}</button>
        </div>
      )}
    </article>
  );
});

function Authoring() {
  const previews = useApp(selectPreviews);
  const note = useApp(selectPreviewNote);
  const TEXT = useText();
  return (
    <section className="panel authoring" aria-label={TEXT.check}>
      <h2>{TEXT.check}</h2>
      <p className="muted">{TEXT.checkHelp}</p>
      <input type="file" accept=".json,.md" multiple data-testid="preview-lab-input" aria-label={TEXT.checkInput}
        onChange={(e) => { void previewLabFiles([...(e.target.files ?? [])]); e.target.value = ''; }} />
      <div role="status" aria-live="polite" data-testid="preview-result">
        {note && <p className="preview-note"><FlashText value={note} /></p>}
        {previews.length > 0 && (
          <div className="lab-grid previews" aria-label={TEXT.checked}>
            {previews.map((load, i) => <PreviewEntry key={i} load={load} />)}
          </div>
        )}
      </div>
    </section>
  );
}

function PreviewEntry({ load }: { load: LabLoad }) {
  const TEXT = useText();
  const lab = useLocalizedLab(load.ok ? load.lab : null);
  if (!load.ok || !lab) return <LabErrorCard load={load as Extract<LabLoad, { ok: false }>} picked />;
  return (
    <article className="lab-card" data-testid={`lab-card-${lab.id}`}>
      <h3><span className="lab-id">{lab.id}</span> {lab.title}</h3>
      <p>{lab.summary}</p>
      <button className="primary" onClick={() => navigate({ page: 'lab', labId: lab.id })} data-testid={`open-${lab.id}`}>{TEXT.open}</button>
    </article>
  );
}
