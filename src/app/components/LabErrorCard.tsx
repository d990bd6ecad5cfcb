/** A lab that failed validation: which file, which field, what is wrong. */
import { Trans, useTranslation } from 'react-i18next';
import type { LabLoad } from '../../lab/schema';

export function LabErrorCard({ load }: { load: Extract<LabLoad, { ok: false }> }) {
  const { t } = useTranslation();
  // Field paths and file names are codes; the problem text is the loader's (English).
  return (
    <article className="lab-card error-card" data-testid="lab-error-card" data-file={load.file} role="alert">
      <h3>{t('labError.title', { lab: load.id ?? t('labError.aLab') })}</h3>
      <p><code>{load.file}</code></p>
      <ul>
        {load.problems.map((p, i) => (
          <li key={i}><code>{p.field}</code>: {p.message}{p.file !== load.file ? <Trans t={t} i18nKey="labError.inFile" values={{ file: p.file }} components={{ c: <code /> }} /> : null}</li>
        ))}
      </ul>
      <p className="muted">{t('labError.others')}</p>
    </article>
  );
}
