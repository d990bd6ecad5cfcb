/**
 * Progress: per lab, exercises done and attempted, with a confirmed reset; the student's
 * name and ID; export of a submission file and import of one (never overwriting silently);
 * and any unreadable saved progress that was set aside, for download.
 */
import { useState } from 'react';
import { exerciseStatus, LIMITS } from '../../lab/exercises/records';
import { setAsideKeys } from '../../lab/progress';
import { exportSubmissionText, forgetLab, importSubmissionFile, navigate, selectLoads, selectProgress, setStudent, useApp } from '../store';

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
export function ProgressNotice({ problem }: { problem: string }) {
  const key = setAsideKeys(window.localStorage).find((k) => problem.includes(`"${k}"`));
  return (
    <div className="banner warn" role="alert" data-testid="storage-problem">
      {problem}{' '}
      {key && <button className="link" data-testid="download-unreadable" onClick={() => download(`${key.replace(/:/g, '-')}.json`, window.localStorage.getItem(key) ?? '')}>Download the unreadable part</button>}
    </div>
  );
}

export function ProgressPage() {
  const loads = useApp(selectLoads);
  const progress = useApp(selectProgress);
  const [message, setMessage] = useState<string | null>(null);
  const labs = loads.flatMap((l) => (l.ok ? [l.lab] : []));
  const asides = setAsideKeys(window.localStorage);
  const fileName = `durable-lab-${(progress.student.id || progress.student.name || 'student').replace(/[^a-zA-Z0-9_-]+/g, '_')}.json`;
  return (
    <main className="progress-page">
      <h1>Progress</h1>
      <section className="panel">
        <h2>You</h2>
        <div className="student">
          <label className="field">Name <input value={progress.student.name} maxLength={LIMITS.studentField} title={`at most ${LIMITS.studentField} characters`} onChange={(e) => setStudent(e.target.value, progress.student.id)} data-testid="student-name" /></label>
          <label className="field">Student ID <input value={progress.student.id} maxLength={LIMITS.studentField} title={`at most ${LIMITS.studentField} characters`} onChange={(e) => setStudent(progress.student.name, e.target.value)} data-testid="student-id" /></label>
          <button className="primary" data-testid="export" onClick={() => download(fileName, exportSubmissionText())}>Export my work</button>
          <label className="field">Import a file
            <input type="file" accept=".json" data-testid="import-input" onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) setMessage(await importSubmissionFile(file, () => window.confirm('This file has answers for exercises you have already attempted here. Replace them?')));
            }} />
          </label>
        </div>
        {message && <p data-testid="import-message" role="status">{message}</p>}
      </section>
      <table className="progress-table" data-testid="progress-table">
        <thead><tr><th>Lab</th><th>Done</th><th>Attempted</th><th>Exercises</th><th /></tr></thead>
        <tbody>
          {labs.map((lab) => {
            const records = progress.exercises[lab.id] ?? {};
            const statuses = lab.exercises.map((e) => exerciseStatus(records[e.id]));
            const done = statuses.filter((s) => s === 'done').length;
            const attempted = statuses.filter((s) => s !== 'new').length;
            const missed = statuses.filter((s) => s === 'missed').length;
            return (
              <tr key={lab.id} data-testid={`progress-${lab.id}`} data-done={done} data-attempted={attempted} data-missed={missed}>
                <td><button className="link" onClick={() => navigate({ page: 'lab', labId: lab.id })}><span className="lab-id">{lab.id}</span> {lab.title}</button></td>
                <td>{done}</td><td>{attempted}{missed > 0 && <span className="muted" title="predictions whose first pick was wrong"> ({missed} missed)</span>}</td><td>{lab.exercises.length}</td>
                <td><button data-testid={`reset-${lab.id}`} disabled={attempted === 0 && !progress.labs[lab.id]} onClick={() => {
                  if (window.confirm(`Reset ${lab.id}? Its steps and all ${attempted} attempted exercise(s) will be forgotten.`)) forgetLab(lab.id);
                }}>Reset</button></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {asides.length > 0 && (
        <section className="panel">
          <h2>Set-aside progress</h2>
          <p>Saved progress that could not be read was kept here instead of being thrown away.</p>
          {asides.map((key) => <button key={key} onClick={() => download(`${key.replace(/:/g, '-')}.json`, window.localStorage.getItem(key) ?? '')}>Download {key}</button>)}
        </section>
      )}
    </main>
  );
}
