/** The lab's invariants after the current step: green when they hold, red with each violation. */
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../lab/i18n/locales';
import { statementOf } from '../../lab/i18n/modelStrings';
import { selectInvariants, useApp } from '../store';



export function InvariantPanel() {
  const invariants = useApp(selectInvariants);
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const TEXT = { title: t('invariants.title') };
  return (
    <section className="panel invariants" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ul>
        {invariants.map((inv) => (
          <li key={inv.id} className={inv.ok ? 'ok' : 'violated'} data-testid={`invariant-${inv.id}`} data-ok={inv.ok}>
            <span className="dot" aria-hidden>{inv.ok ? '●' : '▲'}</span>
            <div>
              <strong>{inv.id}</strong> {statementOf(inv.id, locale, inv.statement)} <span className="rule">({inv.rule})</span>
              {inv.violations.map((v, i) => <div key={i} className="violation">{v}</div>)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
