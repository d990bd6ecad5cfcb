/** A lab that failed validation: which file, which field, what is wrong. */
import { Trans, useTranslation } from 'react-i18next';
import type { LabLoad, LabProblem } from '../../lab/schema';
import { useRenderMessage } from '../i18n/renderMessage';

/**
 * One problem's words in the page's language: its code and parameters through the
 * `problems` catalog (src/lab/messages/<locale>/problems.json); a problem without a code
 * (made elsewhere than the loader) shows its English message.
 */
export function ProblemText({ problem }: { problem: LabProblem }) {
  const render = useRenderMessage();
  return <>{problem.code ? render({ key: problem.code, params: problem.params }) : problem.message}</>;
}

/** `picked`: the file was picked in the catalog's checker, where a reload does not read it again. */
export function LabErrorCard({ load, picked = false }: { load: Extract<LabLoad, { ok: false }>; picked?: boolean }) {
  const { t } = useTranslation();
  // Field paths and file names are codes; a problem's words follow the page's language.
  return (
    <article className="lab-card error-card" data-testid="lab-error-card" data-file={load.file} role="alert">
      <h3>{t('labError.title', { lab: load.id ?? t('labError.aLab') })}</h3>
      <p><code>{load.file}</code></p>
      <ul>
        {load.problems.map((p, i) => (
          <li key={i} data-code={p.code}><code>{p.field}</code>: <ProblemText problem={p} />{p.file !== load.file ? <Trans t={t} i18nKey="labError.inFile" values={{ file: p.file }} components={{ c: <code /> }} /> : null}</li>
        ))}
      </ul>
      <p className="muted">{t(picked ? 'labError.othersPicked' : 'labError.others')}</p>
    </article>
  );
}
