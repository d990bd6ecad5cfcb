/** The shell: navigation, messages, and the page for the current route. */
import { CardsPage } from './components/CardsPage';
import { Catalog } from './components/Catalog';
import { LabPage } from './components/LabPage';
import { ProgressNotice, ProgressPage } from './components/ProgressPage';
import { dismissFlash, navigate, selectFlash, selectRoute, selectSession, selectStorageProblem, useApp } from './store';

export function App() {
  const route = useApp(selectRoute);
  const flash = useApp(selectFlash);
  const storageProblem = useApp(selectStorageProblem);
  const session = useApp(selectSession);
  return (
    <>
      <nav className="topnav">
        <a href="#/" className="brand" onClick={(e) => { e.preventDefault(); navigate({ page: 'catalog' }); }}>Durable Execution Lab</a>
        <a href="#/" data-testid="nav-catalog" className={route.page === 'catalog' ? 'active' : ''} onClick={(e) => { e.preventDefault(); navigate({ page: 'catalog' }); }}>Labs</a>
        {session && (
          <a href={`#/lab/${session.lab.id}`} data-testid="nav-lab" className={route.page === 'lab' ? 'active' : ''}
            onClick={(e) => { e.preventDefault(); navigate({ page: 'lab', labId: session.lab.id, step: session.cursor }); }}>{session.lab.id}</a>
        )}
        <a href="#/progress" data-testid="nav-progress" className={route.page === 'progress' ? 'active' : ''} onClick={(e) => { e.preventDefault(); navigate({ page: 'progress' }); }}>Progress</a>
        {session && route.page === 'lab' && (
          <a href="#present" data-testid="nav-present" onClick={(e) => { e.preventDefault(); navigate({ ...route, step: session.cursor, present: !route.present }); }}>
            {route.present ? 'Leave presenter view' : 'Presenter view'}</a>
        )}
        <a href="#/cards" data-testid="nav-cards" className={route.page === 'cards' ? 'active' : ''} onClick={(e) => { e.preventDefault(); navigate({ page: 'cards' }); }}>Cards</a>
      </nav>
      {storageProblem && <ProgressNotice problem={storageProblem} />}
      {flash && (
        <div className="banner error" role="alert" data-testid="flash">
          {flash} <button className="link" onClick={dismissFlash} aria-label="Dismiss">✕</button>
        </div>
      )}
      {route.page === 'catalog' && <Catalog />}
      {route.page === 'cards' && <CardsPage />}
      {route.page === 'lab' && <LabPage />}
      {route.page === 'progress' && <ProgressPage />}
    </>
  );
}
