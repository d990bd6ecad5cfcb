/**
 * The lab's exercises. Each answer is checked by running the simulator (src/lab/exercises),
 * recorded with its verdict the moment it is given, and shown with feedback that points at
 * the trace step and the rule.
 */
import { useState } from 'react';
import Markdown from 'react-markdown';
import { exerciseStatus } from '../../lab/exercises/records';
import type { Exercise, Verdict } from '../../lab/exercises/schema';
import { recordedSteps, saveDraft, selectProgress, selectSession, selectView, startReproduce, submitExercise, useApp } from '../store';

export function ExercisesPanel() {
  const session = useApp(selectSession);
  const progress = useApp(selectProgress);
  const [open, setOpen] = useState<string | null>(null);
  if (!session || session.lab.exercises.length === 0) return null;
  const records = progress.exercises[session.lab.id] ?? {};
  const done = session.lab.exercises.filter((e) => exerciseStatus(records[e.id]) === 'done').length;
  return (
    <section className="panel exercises" aria-label="Exercises" data-testid="exercises">
      <h2>Exercises <span className="muted">{done} / {session.lab.exercises.length} done</span></h2>
      <ul>
        {session.lab.exercises.map((exercise) => {
          const status = exerciseStatus(records[exercise.id]);
          return (
            <li key={exercise.id} className={`exercise status-${status}`} data-testid={`exercise-${exercise.id}`} data-status={status}>
              <button className="link exercise-title" onClick={() => setOpen(open === exercise.id ? null : exercise.id)} data-testid={`exercise-${exercise.id}-open`}>
                <span className="badge-kind">{exercise.kind}</span> {exercise.title} {status === 'done' ? '✓' : status === 'attempted' ? '…' : ''}
              </button>
              {open === exercise.id && <ExerciseBody exercise={exercise} lastVerdict={records[exercise.id]?.attempts.at(-1)?.verdict ?? null} draft={records[exercise.id]?.draft ?? ''} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ExerciseBody({ exercise, lastVerdict, draft }: { exercise: Exercise; lastVerdict: Verdict | null; draft: string }) {
  const [verdict, setVerdict] = useState<Verdict | null>(lastVerdict);
  const submit = (input: Parameters<typeof submitExercise>[1]) => setVerdict(submitExercise(exercise, input));
  return (
    <div className="exercise-body">
      <div className="markdown"><Markdown>{exercise.prompt}</Markdown></div>
      {exercise.kind === 'predict' && <PredictForm exercise={exercise} onSubmit={submit} />}
      {exercise.kind === 'reproduce' && <ReproduceForm exercise={exercise} onSubmit={submit} />}
      {exercise.kind === 'repair' && <RepairForm exercise={exercise} onSubmit={submit} />}
      {exercise.kind === 'explain' && <ExplainForm exercise={exercise} draft={draft} onSubmit={submit} />}
      {verdict && (
        <p className={`verdict ${verdict.pass === true ? 'pass' : verdict.pass === false ? 'fail' : 'pending'}`} data-testid={`exercise-${exercise.id}-verdict`} data-pass={String(verdict.pass)}>
          {verdict.feedback}{verdict.rules.length > 0 && <span className="muted"> ({verdict.rules.join(', ')})</span>}
        </p>
      )}
    </div>
  );
}

type Submit = (input: Parameters<typeof submitExercise>[1]) => void;

function PredictForm({ exercise, onSubmit }: { exercise: Extract<Exercise, { kind: 'predict' }>; onSubmit: Submit }) {
  const [pick, setPick] = useState<number | null>(null);
  return (
    <div>
      {exercise.choices.map((choice, i) => (
        <label key={i} className="choice">
          <input type="radio" name={`predict-${exercise.id}`} checked={pick === i} onChange={() => setPick(i)} data-testid={`exercise-${exercise.id}-choice-${i}`} /> {choice.label}
        </label>
      ))}
      <button className="primary" disabled={pick === null} data-testid={`exercise-${exercise.id}-check`}
        onClick={() => pick !== null && onSubmit({ kind: 'predict', pick: exercise.choices[pick]!.value })}>Run it and check</button>
    </div>
  );
}

function ReproduceForm({ exercise, onSubmit }: { exercise: Extract<Exercise, { kind: 'reproduce' }>; onSubmit: Submit }) {
  const progress = useApp(selectProgress);
  useApp(selectView); // re-render as steps are recorded
  const active = progress.activeExercise?.exercise === exercise.id;
  const steps = active ? recordedSteps() : [];
  return (
    <div>
      {!active ? (
        <button className="primary" onClick={() => startReproduce(exercise)} data-testid={`exercise-${exercise.id}-start`}>Start: set the lab up for this</button>
      ) : (
        <>
          <p className="muted" data-testid={`exercise-${exercise.id}-recorded`}>Recording: {steps.length} step(s). Use the actions, then check.</p>
          <button className="primary" onClick={() => onSubmit({ kind: 'reproduce', actions: steps })} data-testid={`exercise-${exercise.id}-check`}>Check my steps</button>
        </>
      )}
    </div>
  );
}

function RepairForm({ exercise, onSubmit }: { exercise: Extract<Exercise, { kind: 'repair' }>; onSubmit: Submit }) {
  const view = useApp(selectView);
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(exercise.options.map((o) => [o.switch, o.values[0]!])));
  return (
    <div>
      {exercise.options.map((option) => {
        const spec = view?.switchSpecs.find((s) => s.key === option.switch);
        return (
          <label key={option.switch} className="field">
            {spec?.label ?? option.switch}
            <select value={choices[option.switch]} data-testid={`exercise-${exercise.id}-option-${option.switch}`}
              onChange={(e) => setChoices({ ...choices, [option.switch]: e.target.value })}>
              {option.values.map((v) => <option key={v} value={v}>{spec?.options.find((o) => o.value === v)?.label ?? v}</option>)}
            </select>
          </label>
        );
      })}
      <button className="primary" onClick={() => onSubmit({ kind: 'repair', choices })} data-testid={`exercise-${exercise.id}-check`}>Run the scenario with this design</button>
    </div>
  );
}

function ExplainForm({ exercise, draft, onSubmit }: { exercise: Extract<Exercise, { kind: 'explain' }>; draft: string; onSubmit: Submit }) {
  const [text, setText] = useState(draft);
  return (
    <div>
      <textarea rows={5} value={text} data-testid={`exercise-${exercise.id}-text`}
        onChange={(e) => { setText(e.target.value); saveDraft(exercise, e.target.value); }} />
      <button className="primary" onClick={() => onSubmit({ kind: 'explain', text })} data-testid={`exercise-${exercise.id}-check`}>Hand in</button>
    </div>
  );
}
