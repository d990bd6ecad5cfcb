/**
 * The shell: navigation, messages, and the page for the current route. The lab page and
 * the cards page are lazy chunks (diagrams, markdown, the lab runtime), so the catalog
 * loads without them.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Catalog } from './components/Catalog';
import { FlashText } from './components/Flash';
import { ProgressNotice, ProgressPage } from './components/ProgressPage';
import { LanguageSwitcher } from './i18n/LanguageSwitcher';
import { dismissFlash, navigate, selectFlash, selectRoute, selectRuntimeReady, selectSession, selectStorageProblem, selectStorageUnsaved, setPresenting, useApp } from './store';

const LabPage = lazy(() => import('./components/LabPage').then((m) => ({ default: m.LabPage })));
const CardsPage = lazy(() => import('./components/CardsPage').then((m) => ({ default: m.CardsPage })));

/**
 * The session's answer to a step forward at the end of the log (src/lab/session.ts). Pressing
 * → once too often is not an error: it gets a short notice over the page, not the red banner
 * that pushed the lab down by its height.
 */
const AT_END = 'Nothing to step forward to.';
const NOTICE_MS = 4000;

export function App() {
  const route = useApp(selectRoute);
  const flash = useApp(selectFlash);
  const storageProblem = useApp(selectStorageProblem);
  const storageUnsaved = useApp(selectStorageUnsaved);
  const session = useApp(selectSession);
  const ready = useApp(selectRuntimeReady);
  const { t } = useTranslation();
  const atEnd = flash === AT_END;
  useEffect(() => {
    if (!atEnd) return;
    const timer = setTimeout(() => { if (useApp.getState().flash === AT_END) dismissFlash(); }, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [atEnd]);
  const loading = <main className="loading" data-testid="loading">{t('nav.loading')}</main>;
  return (
    <>
      <nav className="topnav">
        <a href="#/" className="brand" onClick={(e) => { e.preventDefault(); navigate({ page: 'catalog' }); }}>{t('nav.brand')}</a>
        <a href="#/" data-testid="nav-catalog" className={route.page === 'catalog' ? 'active' : ''} onClick={(e) => { e.preventDefault(); navigate({ page: 'catalog' }); }}>{t('nav.labs')}</a>
        {session && (
          <a href={`#/lab/${session.lab.id}`} data-testid="nav-lab" className={route.page === 'lab' ? 'active' : ''}
            onClick={(e) => { e.preventDefault(); navigate({ page: 'lab', labId: session.lab.id, step: session.cursor }); }}>{session.lab.id}</a>
        )}
        <a href="#/progress" data-testid="nav-progress" className={route.page === 'progress' ? 'active' : ''} onClick={(e) => { e.preventDefault(); navigate({ page: 'progress' }); }}>{t('nav.progress')}</a>
        {session && route.page === 'lab' && (
          <a href="#present" data-testid="nav-present" onClick={(e) => { e.preventDefault(); setPresenting(!route.present); }}>
            {route.present ? t('nav.leavePresent') : t('nav.present')}</a>
        )}
        <a href="#/cards" data-testid="nav-cards" className={route.page === 'cards' ? 'active' : ''} onClick={(e) => { e.preventDefault(); navigate({ page: 'cards' }); }}>{t('nav.cards')}</a>
        <LanguageSwitcher />
      </nav>
      {storageProblem && <ProgressNotice problem={storageProblem} unsaved={storageUnsaved} />}
      {atEnd ? (
        <div className="banner notice" role="status" data-testid="flash">
          {t('toolbar.atEnd')} <button className="link" onClick={dismissFlash} aria-label={t('nav.dismiss')}>✕</button>
        </div>
      ) : flash && (
        <div className="banner error" role="alert" data-testid="flash">
          <FlashText value={flash} /> <button className="link" onClick={dismissFlash} aria-label={t('nav.dismiss')}>✕</button>
        </div>
      )}
      {route.page === 'catalog' && <Catalog />}
      <Suspense fallback={loading}>
        {route.page === 'cards' && (ready ? <CardsPage /> : loading)}
        {route.page === 'lab' && <LabPage />}
        {route.page === 'progress' && (ready ? <ProgressPage /> : loading)}
      </Suspense>
    </>
  );
}
