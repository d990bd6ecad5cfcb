/**
 * "What else could have happened": fork the run at the current step and step the fork
 * apart (src/app/fork.ts), its observed values set beside the run's, the ones that differ
 * first. In L01, losing the answer in one branch and the request in the other leaves the
 * worker's view the same and the provider's ledger different — shown, not told.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { observedDiff } from '../../lab/observedDiff';
import type { PaletteEntry } from '../../lab/schema';
import { actionSlug } from '../actionSlug';
import { closeFork, forkBack, forkHere, forkPlay, useFork } from '../fork';
import { selectCursor, selectObserved, selectTotal, useApp } from '../store';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

export function ForkPanel({ entries }: { entries: PaletteEntry[] }) {
  const fork = useFork((s) => s.fork);
  const observed = useApp(selectObserved);
  const cursor = useApp(selectCursor);
  const total = useApp(selectTotal);
  const [every, setEvery] = useState(false);
  const { t } = useTranslation();
  useEffect(() => () => closeFork(), []); // another lab, another page: the fork goes
  if (!observed) return null;
  if (!fork) {
    return (
      <section className="panel fork" aria-label={t('fork.title')} data-testid="fork-panel">
        <h2>{t('fork.title')}</h2>
        <p className="muted">{t('fork.intro')}</p>
        <button onClick={() => void forkHere()} data-testid="fork-here">{t('fork.here', { step: cursor })}</button>
      </section>
    );
  }
  const rows = observedDiff(observed, fork.view.observed);
  const differ = rows.filter((r) => !r.same);
  const shown = every ? rows : differ;
  return (
    <section className="panel fork" aria-label={t('fork.title')} data-testid="fork-panel">
      <h2>{t('fork.titleOpen', { step: fork.from })}</h2>
      <div className="fork-controls">
        <span>{t('fork.forkStep', { step: fork.view.cursor })}</span>
        <button onClick={() => void forkBack()} disabled={fork.view.cursor <= fork.from} data-testid="fork-back">{t('fork.back')}</button>
        <button onClick={() => { closeFork(); }} data-testid="fork-close">{t('fork.close')}</button>
      </div>
      <div className="palette-buttons" role="group" aria-label={t('fork.actions')}>
        {entries.map((entry) => (
          <button key={actionSlug(entry.action)} onClick={() => void forkPlay(entry.action)} data-testid={`fork-action-${actionSlug(entry.action)}`}>{entry.label}</button>
        ))}
      </div>
      {fork.refused && <p className="muted" role="status" data-testid="fork-refused">{t('fork.refused')}</p>}
      <p data-testid="fork-summary">{differ.length === 0 ? t('fork.same') : t('fork.differ', { count: differ.length })}</p>
      <label className="muted"><input type="checkbox" checked={every} onChange={(e) => setEvery(e.target.checked)} data-testid="fork-every" /> {t('fork.every')}</label>
      {shown.length > 0 && (
        <table className="fork-diff" data-testid="fork-diff">
          <thead><tr><th scope="col">{t('fork.value')}</th><th scope="col">{t('fork.run', { step: cursor, total })}</th><th scope="col">{t('fork.fork')}</th></tr></thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.path} className={row.same ? undefined : 'differs'} data-path={row.path} data-same={String(row.same)}>
                <th scope="row"><code>{row.path}</code></th><td><code>{show(row.left)}</code></td><td><code>{show(row.right)}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
