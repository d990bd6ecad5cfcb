/**
 * The Cards tab: drop or pick card files; each runs in a fresh World in this page with the
 * same runner as `npm run cards`. A card can then be opened in its lab to step through.
 * Each result is worded in the page's language from the run's data (verdict, mismatches,
 * why it stopped), not from the CLI's English line.
 */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CardResult } from '../../lab/cards';
import { runCardFiles, selectCardRuns, useApp, watchCard, type CardRun } from '../store';
import { useRenderMessage } from '../i18n/renderMessage';
import { ProblemText } from './LabErrorCard';

/** Why a card stopped, in the page's language (a World's refusal is a `refusals.*` message). */
function CardFailureText({ result }: { result: CardResult }) {
  const { t } = useTranslation();
  const render = useRenderMessage();
  const failure = result.failure;
  if (!failure) return <>{result.error}</>;
  if (failure.kind === 'wrong_lab') return <>{t('cards.wrongLab', { card: failure.card, lab: failure.lab })}</>;
  const reason = failure.kind === 'rejected' ? failure.refusal : undefined;
  const said = reason ? render(reason) : failure.reason;
  if (failure.kind === 'rejected') return <>{t('cards.rejected', { n: failure.index, action: failure.action, reason: said })}</>;
  return <>{said}</>;
}

/** One run: the verdict line (verdict, lab, card name, file), then why it failed. */
function CardRunLines({ run }: { run: CardRun }) {
  const { t } = useTranslation();
  const result = run.result;
  if (!result) {
    return <div className="card-line"><strong>{t('cards.verdict.invalid')}</strong> <code>{run.file}</code></div>;
  }
  const json = (value: unknown) => JSON.stringify(value);
  return (
    <>
      <div className="card-line">
        <strong>{t(result.pass ? 'cards.verdict.pass' : 'cards.verdict.fail')}</strong> <code>{result.card.lab}</code> {result.card.name} (<code>{result.file}</code>)
      </div>
      {!result.pass && result.error && <div className="card-detail"><CardFailureText result={result} /></div>}
      {!result.pass && !result.error && result.mismatches.map((m, j) => (
        <div key={j} className="card-detail">{t('cards.mismatch', { path: m.path, expected: json(m.expected), actual: json(m.actual) })}</div>
      ))}
    </>
  );
}

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
            <CardRunLines run={run} />
            {run.problems.map((p, j) => <div key={j} className="error" data-code={p.code}><code>{p.field}</code>: <ProblemText problem={p} /></div>)}
            {run.result && <button onClick={() => watchCard(run)} data-testid="card-watch">{t('cards.watch')}</button>}
          </li>
        ))}
      </ul>
    </main>
  );
}
