/**
 * Progress: per lab, exercises done and attempted, with a confirmed reset; the student's
 * name and ID; export of a submission file and import of one (never overwriting silently);
 * and any unreadable saved progress that was set aside, for download.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import courseFile from '../../../course.json';
import { checkCourse, idProblem, showId, type Course } from '../../lab/courseId.mjs';
import { exerciseStatus, LIMITS } from '../../lab/exercises/records';
import { LOCALE_NAMES } from '../../lab/i18n/locales';
import { setAsideKeys } from '../../lab/progress';
import { useLocalizedLab } from '../i18n/labTranslations';
import type { Lab } from '../../lab/schema';
import { exportSubmissionText, forgetLab, importSubmissionFile, navigate, selectLoads, selectProgress, setStudent, useApp, type ImportOutcome } from '../store';

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * The notice for progress that could not be read in full, shown on whatever page the student
 * is on (App renders it above every page): what was lost, and the kept copy to download.
 */
export function ProgressNotice({ problem, unsaved }: { problem: string; unsaved?: string | null }) {
  let key: string | undefined;
  try {
    key = setAsideKeys(window.localStorage).find((k) => problem.includes(`"${k}"`));
  } catch { /* storage unreadable: nothing set aside to offer */ }
  const { t } = useTranslation();
  // `problem` is the progress loader's report (English; it names storage keys and paths).
  return (
    <div className="banner warn" role="alert" data-testid="storage-problem">
      {problem}{' '}
      {key && <button className="link" data-testid="download-unreadable" onClick={() => download(`${key.replace(/:/g, '-')}.json`, window.localStorage.getItem(key) ?? '')}>{t('progress.downloadUnreadable')}</button>}
      {!key && unsaved && <button className="link" data-testid="download-unreadable" onClick={() => download('durable-lab-unreadable-progress.json', unsaved)}>{t('progress.downloadUnreadable')}</button>}
    </div>
  );
}

/**
 * The course's rule for student IDs (course.json, which the grader also reads): a file the
 * grader would flag as malformed is refused here, while the student can still fix the ID.
 * The shipped file is checked by courseId.test.ts, so a bad one never reaches the page.
 */
const COURSE: Course = (() => {
  const read = checkCourse(courseFile, 'course.json');
  return read.ok ? read.course : {};
})();

export function ProgressPage({ course = COURSE }: { course?: Course } = {}) {
  const loads = useApp(selectLoads);
  const progress = useApp(selectProgress);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const { t, i18n } = useTranslation();
  const message = !outcome ? null
    : outcome.key === 'progress.imported'
      ? outcome.locale
        ? t('progress.importedLanguage', { file: outcome.params.file, name: outcome.params.name || t('progress.unnamed'), language: LOCALE_NAMES[outcome.locale] })
        : t('progress.imported', { file: outcome.params.file, name: outcome.params.name || t('progress.unnamed') })
      : outcome.key === 'progress.importFailed' ? t(outcome.key, outcome.params)
        : outcome.key === 'progress.importTampered' ? <ImportTampered outcome={outcome} labs={loads.flatMap((l) => (l.ok ? [l.lab] : []))} /> : t(outcome.key);
  const atMost = t('progress.atMost', { max: LIMITS.studentField });
  const labs = loads.flatMap((l) => (l.ok ? [l.lab] : []));
  const asides = setAsideKeys(window.localStorage);
  const identified = progress.student.name.trim() !== '' && progress.student.id.trim() !== '';
  const malformed = identified && idProblem(course, progress.student.id) === 'malformed';
  const idText = showId(progress.student.id.trim());
  const fileName = `durable-lab-${(progress.student.id || progress.student.name || 'student').replace(/[^a-zA-Z0-9_-]+/g, '_')}.json`;
  return (
    <main className="progress-page">
      <h1>{t('progress.title')}</h1>
      <section className="panel">
        <h2>{t('progress.you')}</h2>
        <div className="student">
          <label className="field">{t('progress.name')} <input value={progress.student.name} maxLength={LIMITS.studentField} title={atMost} onChange={(e) => setStudent(e.target.value, progress.student.id)} data-testid="student-name" /></label>
          <label className="field">{t('progress.studentId')} <input value={progress.student.id} maxLength={LIMITS.studentField} title={atMost} onChange={(e) => setStudent(progress.student.name, e.target.value)} data-testid="student-id" /></label>
          {/* An export names its student: the grader matches files to people by name and ID. */}
          <button className="primary" data-testid="export" disabled={!identified || malformed} aria-describedby="export-needs" onClick={() => download(fileName, exportSubmissionText())}>{t('progress.export')}</button>
          {!identified && <span className="muted" id="export-needs" data-testid="export-needs">{t('progress.needIdentity')}</span>}
          {malformed && (
            <span className="error" id="export-needs" role="alert" data-testid="export-id-malformed">
              {course.idExample ? t('progress.idMalformed', { id: idText, example: course.idExample }) : t('progress.idMalformedNoExample', { id: idText })}
            </span>
          )}
          <label className="field">{t('progress.import')}
            <input type="file" accept=".json" data-testid="import-input" onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              const done = await importSubmissionFile(file, () => window.confirm(t('progress.confirmOverwrite')));
              // The file's language comes back with its progress (LanguageSwitcher records later switches).
              if (done.key === 'progress.imported' && done.locale && done.locale !== i18n.language) await i18n.changeLanguage(done.locale);
              setOutcome(done);
            }} />
          </label>
        </div>
        {message && <p data-testid="import-message" data-outcome={outcome?.key} className={outcome?.key === 'progress.imported' || outcome?.key === 'progress.importCancelled' ? undefined : 'error'} role="status">{message}</p>}
      </section>
      <table className="progress-table" data-testid="progress-table">
        <thead><tr><th>{t('progress.lab')}</th><th>{t('progress.done')}</th><th>{t('progress.attempted')}</th><th>{t('progress.exercises')}</th><th /></tr></thead>
        <tbody>
          {labs.map((lab) => {
            const records = progress.exercises[lab.id] ?? {};
            const statuses = lab.exercises.map((e) => exerciseStatus(records[e.id]));
            const done = statuses.filter((s) => s === 'done').length;
            const attempted = statuses.filter((s) => s !== 'new').length;
            const missed = statuses.filter((s) => s === 'missed').length;
            return (
              <tr key={lab.id} data-testid={`progress-${lab.id}`} data-done={done} data-attempted={attempted} data-missed={missed}>
                <td><button className="link" onClick={() => navigate({ page: 'lab', labId: lab.id })}><span className="lab-id">{lab.id}</span> <LabTitle lab={lab} /></button></td>
                <td>{done}</td><td>{attempted}{missed > 0 && <span className="muted" title={t('progress.missedTitle')}>{t('progress.missed', { n: missed })}</span>}</td><td>{lab.exercises.length}</td>
                <td><button data-testid={`reset-${lab.id}`} disabled={attempted === 0 && !progress.labs[lab.id]} onClick={() => {
                  if (window.confirm(t('progress.confirmReset', { lab: lab.id, n: attempted }))) forgetLab(lab.id);
                }}>{t('progress.reset')}</button></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {asides.length > 0 && (
        <section className="panel">
          <h2>{t('progress.setAside')}</h2>
          <p>{t('progress.setAsideHelp')}</p>
          {asides.map((key) => <button key={key} onClick={() => download(`${key.replace(/:/g, '-')}.json`, window.localStorage.getItem(key) ?? '')}>{t('progress.download', { key })}</button>)}
        </section>
      )}
    </main>
  );
}

/** The refusal of an edited file, naming the exercise by its title in the page's language. */
function ImportTampered({ outcome, labs }: { outcome: Extract<ImportOutcome, { key: 'progress.importTampered' }>; labs: Lab[] }) {
  const { t } = useTranslation();
  const lab = useLocalizedLab(labs.find((l) => l.id === outcome.params.lab));
  const title = lab?.exercises.find((e) => e.id === outcome.params.exercise)?.title ?? outcome.params.exercise;
  return <>{t('progress.importTampered', { ...outcome.params, title })}</>;
}

/** A lab's title in the page's language (its strings file), else English. */
function LabTitle({ lab }: { lab: Lab }) {
  return <>{useLocalizedLab(lab).title}</>;
}
