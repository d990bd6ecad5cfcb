/**
 * The Cards tab: drop or pick card files; each runs in a fresh World in this page with the
 * same runner as `npm run cards`. A card can then be opened in its lab to step through.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { runCardFiles, selectCardRuns, useApp, watchCard } from '../store';

export function CardsPage() {
  const runs = useApp(selectCardRuns);
  const [over, setOver] = useState(false);
  const passed = runs.filter((r) => r.result?.pass).length;
  const { t } = useTranslation();
  return (
    <main className="cards-page">
      <h1>{t('cards.title')}</h1>
      <p><Trans t={t} i18nKey="cards.intro" values={{ shape: '{"lab": "L07", "name": "…", "initial": {…}, "actions": […], "expect": {…}}' }}
        components={{ c1: <code />, c2: <code /> }} /></p>
      <label className={`dropzone${over ? ' over' : ''}`} data-testid="cards-dropzone"
        onDragOver={(e) => { e.preventDefault(); setOver(true); }} onDragLeave={() => setOver(false)}
        onDrop={(e) => { e.preventDefault(); setOver(false); void runCardFiles([...e.dataTransfer.files]); }}>
        {t('cards.drop')}
        <input type="file" accept=".json" multiple data-testid="cards-input"
          onChange={(e) => { void runCardFiles([...(e.target.files ?? [])]); e.target.value = ''; }} />
      </label>
      {runs.length > 0 && <p className="summary" data-testid="cards-summary">{t('cards.summary', { passed, failed: runs.length - passed })}</p>}
      <ul className="card-runs">
        {runs.map((run, i) => (
          <li key={i} data-testid="card-result" data-pass={Boolean(run.result?.pass)} className={run.result?.pass ? 'pass' : 'fail'}>
            <pre>{run.line}</pre>
            {run.problems.map((p, j) => <div key={j} className="error"><code>{p.field}</code>: {p.message}</div>)}
            {run.result && <button onClick={() => watchCard(run)} data-testid="card-watch">{t('cards.watch')}</button>}
          </li>
        ))}
      </ul>
    </main>
  );
}
