/**
 * The refund labs' "two worlds": what the worker believes about the current operation,
 * next to the ledger that is the ground truth. Both come from the World's observed state,
 * re-derived after every step.
 */
import { useTranslation } from 'react-i18next';
import { selectObserved, selectSwitches, useApp } from '../store';

interface Observed {
  status?: string;
  operation?: { id: string; state: string; external_ref: string | null; owner: string; epoch: number } | null;
  ledger?: { id: string; operation: string; amount_cents: number; at: number }[];
}

export function TwoWorldsPanel() {
  // Its two slices of the view (each keeps its object while unchanged), not the whole view.
  const observedState = useApp(selectObserved);
  const switches = useApp(selectSwitches);
  const { t } = useTranslation();
  if (!observedState || !switches) return null;
  const observed = observedState as Observed;
  const local = switches.refund_mode && switches.refund_mode !== 'provider';
  const ledger = observed.ledger ?? [];
  const op = observed.operation;
  return (
    <section className="panel two-worlds" aria-label={t('twoWorlds.title')} data-testid="two-worlds">
      <div>
        <h2>{t('twoWorlds.worker')}</h2>
        <p className="big-status" data-testid="worker-status">{observed.status ?? '—'}</p>
        {op ? <p className="muted">{t('twoWorlds.operation', { id: op.id, state: op.state })}{op.external_ref ? t('twoWorlds.receipt', { ref: op.external_ref }) : ''}{t('twoWorlds.owner', { owner: op.owner, epoch: op.epoch })}</p>
          : <p className="muted">{t('twoWorlds.noIntent')}</p>}
      </div>
      <div>
        <h2>{local ? t('twoWorlds.localLedger') : t('twoWorlds.providerLedger')}</h2>
        {ledger.length > 0 ? (
          <ul className="ledger" data-testid="ledger-rows">
            {ledger.map((row) => <li key={row.id}><code>{row.id}</code> {t('twoWorlds.row', { amount: row.amount_cents, operation: row.operation, at: row.at })}</li>)}
          </ul>
        ) : <p className="muted" data-testid="ledger-rows">{t('twoWorlds.noRefunds')}</p>}
      </div>
    </section>
  );
}
