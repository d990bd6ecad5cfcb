/** The lab's invariants after the current step: green when they hold, red with each violation. */
import { useTranslation } from 'react-i18next';
import { statementOf } from '../../lab/i18n/modelStrings';
import { useRenderMessage } from '../i18n/renderMessage';
import { selectInvariants, useApp } from '../store';



export function InvariantPanel() {
  const invariants = useApp(selectInvariants);
  const { t, i18n } = useTranslation();
  const render = useRenderMessage(); // violation lines: messages in the page's language
  // By invariant ID from the page's message catalogs (the pseudo-locale's too); the model's text if none has it.
  const words = (key: string) => i18n.getResource(i18n.language, 'messages', key) as string | undefined;
  const TEXT = { title: t('invariants.title') };
  return (
    <section className="panel invariants" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ul>
        {invariants.map((inv) => (
          <li key={inv.id} className={inv.ok ? 'ok' : 'violated'} data-testid={`invariant-${inv.id}`} data-ok={inv.ok}>
            <span className="dot" aria-hidden>{inv.ok ? '●' : '▲'}</span>
            <div>
              <strong>{inv.id}</strong> {statementOf(inv.id, words, inv.statement)} <span className="rule">({words(`rules.${inv.id}`) ?? inv.rule})</span>
              {inv.violations.map((v, i) => <div key={i} className="violation">{render(v)}</div>)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
