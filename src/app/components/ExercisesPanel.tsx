/**
 * The lab's exercises. Each answer is checked by running the simulator (src/lab/exercises),
 * recorded with its verdict the moment it is given, and shown with feedback that points at
 * the trace step and the rule.
 *
 * Fairness rules shown here: a prediction's FIRST pick decides (later picks are practice and
 * say so); design options are listed with neutral labels in a fixed order with nothing
 * preselected — which design the lab calls right or wrong appears only once the exercise is
 * done or behind the "spoilers" toggle; answers over the saving limits are refused where they
 * are typed, with the limit shown; a reproduce attempt is checked under the switches the
 * student actually ran.
 */
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import { labUrlTransform } from '../markdownUrls';
import { feedbackText } from '../../lab/exercises/feedback';
import { localizeSwitch } from '../../lab/i18n/modelStrings';
import { attemptPassed, exerciseStatus, handedIn, LIMITS, type ExerciseRecord, type ExerciseStatus, type RecordProblem } from '../../lab/exercises/records';
import type { Exercise, Verdict } from '../../lab/exercises/schema';
import { useLocalizedLab } from '../i18n/labTranslations';
import { useRenderMessage } from '../i18n/renderMessage';
import { recordProblemText } from '../recordProblemText';
import {
  handInAttempt, recordedSteps, recordExerciseEvent, returnToKept, saveDraft, selectCursor, selectSession, selectSwitches, selectSwitchSpecs, startReproduce, submitExercise,
  useApp,
} from '../store';

/** A label with any verdict word a model may still carry ("… (correct)") taken off. */
export function neutralLabel(label: string): string {
  return label.replace(/\s*\((?:correct|wrong|right|incorrect|broken|bad|good|safe|unsafe)\)\s*$/i, '').trim();
}

/**
 * A status after the title: ✓ / ✗ as images with their word as the accessible name; for
 * "attempted" the word itself (an ellipsis there read as a title cut short).
 */
function StatusMark({ status }: { status: ExerciseStatus }) {
  const { t } = useTranslation();
  if (status === 'new') return null;
  const word = t(`exercises.status.${status}`);
  if (status === 'attempted') return <span className="muted" data-testid="exercise-status-word">({word})</span>;
  return <span role="img" aria-label={word} title={word}>{status === 'done' ? '✓' : '✗'}</span>;
}

/** The lab's switches with their titles and option labels in the page's language, as the toolbar shows them. */
function useSwitchSpecs() {
  const models = useApp(selectSwitchSpecs);
  const { t, i18n } = useTranslation();
  return useMemo(
    () => models.map((spec) => localizeSwitch(spec, (key) => i18n.getResource(i18n.language, 'messages', key) as string | undefined)),
    [models, i18n, t], // t changes with the language and when its resources load
  );
}


// The panel reads only its lab's parts of progress: every step saves the lab's place in
// progress (a new progress object), and subscribing to all of it re-rendered the panel on
// every step.
type State = Parameters<typeof selectSession>[0];
const NO_RECORDS: Record<string, ExerciseRecord> = {};
const labOf = (s: State) => s.session?.lab.id ?? '';
const selectRecords = (s: State) => s.progress.exercises[labOf(s)] ?? NO_RECORDS;
const selectKept = (s: State) => s.progress.kept[labOf(s)];
const selectActive = (s: State) => s.progress.activeExercise;

export function ExercisesPanel() {
  const session = useApp(selectSession);
  const records = useApp(selectRecords);
  const kept = useApp(selectKept);
  const activeExercise = useApp(selectActive);
  // A reproduce attempt in progress keeps its exercise open across a reload.
  const active = activeExercise?.lab === session?.lab.id ? activeExercise?.exercise ?? null : null;
  const [open, setOpen] = useState<string | null>(active);
  const { t } = useTranslation();
  // Titles and prompts in the page's language (IDs, kinds and choices' values unchanged).
  const lab = useLocalizedLab(session?.lab);
  if (!session || !lab || session.lab.exercises.length === 0) return null;
  const done = session.lab.exercises.filter((e) => exerciseStatus(records[e.id]) === 'done').length;
  return (
    <section className="panel exercises" aria-label={t('exercises.title')} data-testid="exercises">
      <h2>{t('exercises.title')} <span className="muted">{t('exercises.doneCount', { done, total: session.lab.exercises.length })}</span></h2>
      {kept && (
        <p className="kept-sandbox" role="status" data-testid="kept-sandbox">
          {t('exercises.kept', { n: kept.steps.length })}{' '}
          <button className="link" onClick={returnToKept} data-testid="return-to-kept">{t('exercises.backToSteps')}</button>
        </p>
      )}
      <ul>
        {lab.exercises.map((exercise) => {
          const status = exerciseStatus(records[exercise.id]);
          return (
            <li key={exercise.id} className={`exercise status-${status}`} data-testid={`exercise-${exercise.id}`} data-status={status}>
              <button className="link exercise-title" onClick={() => setOpen(open === exercise.id ? null : exercise.id)} data-testid={`exercise-${exercise.id}-open`} aria-expanded={open === exercise.id}>
                <span className="badge-kind">{t(`exercises.kind.${exercise.kind}`)}</span> {exercise.title} <StatusMark status={status} />
              </button>
              {open === exercise.id && <ExerciseBody exercise={exercise} record={records[exercise.id]} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ExerciseBody({ exercise, record }: { exercise: Exercise; record: ExerciseRecord | undefined }) {
  const [verdict, setVerdict] = useState<Verdict | null>(record?.attempts.at(-1)?.verdict ?? null);
  const [refused, setRefused] = useState<RecordProblem | null>(null);
  const submit = (input: Parameters<typeof submitExercise>[1]) => {
    void submitExercise(exercise, input).then((got) => {
      setRefused(got && 'refused' in got ? got.refused : null);
      setVerdict(got && 'refused' in got ? null : got);
    });
  };
  const status = exerciseStatus(record);
  const { t } = useTranslation();
  // Feedback in the page's language (its message descriptor) from the page's own catalogs —
  // the pseudo-locale's too — quoting the translated lab; English where a key is missing.
  const words = useRenderMessage();
  return (
    <div className="exercise-body">
      <div className="markdown"><Markdown urlTransform={labUrlTransform}>{exercise.prompt}</Markdown></div>
      {exercise.kind === 'predict' && <PredictForm exercise={exercise} record={record} onSubmit={submit} />}
      {exercise.kind === 'reproduce' && <ReproduceForm exercise={exercise} onSubmit={submit} />}
      {exercise.kind === 'repair' && <RepairForm exercise={exercise} done={status === 'done'} onSubmit={submit} />}
      {exercise.kind === 'explain' && <ExplainForm exercise={exercise} draft={record?.draft ?? ''} onSubmit={submit} />}
      {refused && (
        <p className="verdict fail" data-testid={`exercise-${exercise.id}-verdict`} data-pass="false">
          {recordProblemText(refused, t)}
        </p>
      )}
      {verdict && (
        <p className={`verdict ${verdict.pass === true ? 'pass' : verdict.pass === false ? 'fail' : 'pending'}`} data-testid={`exercise-${exercise.id}-verdict`} data-pass={String(verdict.pass)}>
          {feedbackText(verdict, words, exercise)}{verdict.rules.length > 0 && <span className="muted"> ({verdict.rules.join(', ')})</span>}
        </p>
      )}
      {verdict?.pass === false && exercise.kind === 'reproduce' && <p className="muted" data-testid={`exercise-${exercise.id}-next`}>{t('exercises.reproduceNext')}</p>}
      {(exercise.kind === 'repair' || exercise.kind === 'reproduce') && record && record.attempts.length > 0 && <HandIn exercise={exercise} record={record} />}
    </div>
  );
}

/** Attempts shown for handing in: the latest few (every attempt stays in the export). */
const HAND_IN_SHOWN = 8;

/**
 * Repair and reproduce: the student marks the attempt they hand in; every other attempt is
 * practice, kept and reported, never scored. The latest mark counts; with none, the grader
 * takes the first passing attempt.
 */
export function HandIn({ exercise, record }: { exercise: Exercise; record: ExerciseRecord }) {
  const { t } = useTranslation();
  const handed = handedIn(record);
  const first = Math.max(0, record.attempts.length - HAND_IN_SHOWN);
  return (
    <div className="hand-in" data-testid={`exercise-${exercise.id}-hand-in`}>
      <p className="muted" data-testid={`exercise-${exercise.id}-handed`} data-attempt={handed ?? ''}>
        {handed ? t('exercises.handedIn', { n: handed }) : t('exercises.noHandIn')}
      </p>
      <ol start={first + 1}>
        {record.attempts.slice(first).map((_, i) => {
          const n = first + i + 1;
          return (
            <li key={n} data-pass={String(attemptPassed(record, n - 1))}>
              {attemptPassed(record, n - 1) ? '✓' : '✗'}{' '}
              {n === handed
                ? <strong>{t('exercises.thisHandedIn')}</strong>
                : <button data-testid={`exercise-${exercise.id}-hand-in-${n}`} onClick={() => handInAttempt(exercise, n)}>{t('exercises.handInThis')}</button>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

type Submit = (input: Parameters<typeof submitExercise>[1]) => void;

function PredictForm({ exercise, record, onSubmit }: { exercise: Extract<Exercise, { kind: 'predict' }>; record: ExerciseRecord | undefined; onSubmit: Submit }) {
  const [pick, setPick] = useState<number | null>(null);
  const { t } = useTranslation();
  const first = record?.attempts[0];
  const practice = (record?.attempts.length ?? 0) - 1;
  const firstLabel = first && first.input.kind === 'predict'
    ? exercise.choices.find((c) => JSON.stringify(c.value) === JSON.stringify((first.input as { pick: unknown }).pick))?.label ?? JSON.stringify(first.input.pick) : null;
  return (
    <div>
      {first ? (
        <p className="decided" data-testid={`exercise-${exercise.id}-decided`} data-pass={String(attemptPassed(record!, 0))}>
          <Trans t={t} i18nKey="exercises.decided" components={{ b: <strong /> }}
            values={{ label: firstLabel ?? '', verdict: t(attemptPassed(record!, 0) ? 'exercises.right' : 'exercises.notRight'), soFar: practice > 0 ? t('exercises.soFar', { n: practice }) : '' }} />
        </p>
      ) : (
        <p className="muted">{t('exercises.firstPick')}</p>
      )}
      {exercise.choices.map((choice, i) => (
        <label key={i} className="choice">
          <input type="radio" name={`predict-${exercise.id}`} checked={pick === i} onChange={() => setPick(i)} data-testid={`exercise-${exercise.id}-choice-${i}`} /> {choice.label}
        </label>
      ))}
      <button className="primary" disabled={pick === null} data-testid={`exercise-${exercise.id}-check`}
        onClick={() => pick !== null && onSubmit({ kind: 'predict', pick: exercise.choices[pick]!.value })}>{first ? t('exercises.runAgain') : t('exercises.runCheck')}</button>
    </div>
  );
}

function ReproduceForm({ exercise, onSubmit }: { exercise: Extract<Exercise, { kind: 'reproduce' }>; onSubmit: Submit }) {
  const activeExercise = useApp(selectActive);
  useApp(selectCursor); // re-render as steps are recorded
  const switches = useApp(selectSwitches);
  const specs = useSwitchSpecs();
  const { t, i18n } = useTranslation();
  const active = activeExercise?.exercise === exercise.id;
  // A switch and its value as the toolbar names them; the ids only where a lab has no label.
  const spec = (key: string) => specs.find((s) => s.key === key);
  const keyLabel = (key: string) => spec(key)?.label ?? key;
  const valueLabel = (key: string, value: string) => neutralLabel(spec(key)?.options.find((o) => o.value === value)?.label ?? value);
  const list = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'unit' }).format(items);
  const steps = active ? recordedSteps() : [];
  const fixed = Object.entries(exercise.start.switches ?? {});
  const changed = fixed.filter(([key, value]) => switches?.[key] !== undefined && switches[key] !== value);
  return (
    <div>
      {!active ? (
        <button className="primary" onClick={() => startReproduce(exercise)} data-testid={`exercise-${exercise.id}-start`}>{t('exercises.start')}</button>
      ) : (
        <>
          <p className="muted" data-testid={`exercise-${exercise.id}-recorded`}>{t('exercises.recording', { n: steps.length })}</p>
          {fixed.length > 0 && (
            <p className={changed.length > 0 ? 'verdict fail' : 'muted'} data-testid={`exercise-${exercise.id}-fixed`}>
              {t('exercises.setsList', { settings: list(fixed.map(([k, v]) => t('exercises.setting', { key: keyLabel(k), value: valueLabel(k, v) }))) })} {changed.length > 0
                ? t('exercises.changed', { changes: list(changed.map(([k]) => t('exercises.changedOne', { key: keyLabel(k), value: valueLabel(k, switches?.[k] ?? '') }))) })
                : t('exercises.replays')}
            </p>
          )}
          <button className="primary" onClick={() => onSubmit({ kind: 'reproduce', actions: steps, switches: { ...switches } })} data-testid={`exercise-${exercise.id}-check`}
            disabled={steps.length > LIMITS.reproduceSteps}>{t('exercises.check')}</button>{' '}
          <button onClick={() => startReproduce(exercise)} data-testid={`exercise-${exercise.id}-restart`}>{t('exercises.startOver')}</button>
          {steps.length > LIMITS.reproduceSteps && <p className="verdict fail">{t('exercises.tooManySteps', { limit: LIMITS.reproduceSteps })}</p>}
        </>
      )}
    </div>
  );
}

function RepairForm({ exercise, done, onSubmit }: { exercise: Extract<Exercise, { kind: 'repair' }>; done: boolean; onSubmit: Submit }) {
  const specs = useSwitchSpecs();
  const session = useApp(selectSession);
  const [spoilers, setSpoilers] = useState(false);
  const { t } = useTranslation();
  // Nothing preselected: the first value in lab.json is often the solution.
  const [choices, setChoices] = useState<Record<string, string>>({});
  const reveal = done || spoilers;
  const ready = exercise.options.every((o) => choices[o.switch]);
  return (
    <div>
      {exercise.options.map((option) => {
        const spec = specs.find((s) => s.key === option.switch);
        const labelOf = (v: string) => neutralLabel(spec?.options.find((o) => o.value === v)?.label ?? v);
        // A fixed order that does not follow lab.json (alphabetical by label).
        const values = [...option.values].sort((a, b) => labelOf(a).localeCompare(labelOf(b)));
        return (
          <label key={option.switch} className="field">
            {spec?.label ?? option.switch}
            <select value={choices[option.switch] ?? ''} data-testid={`exercise-${exercise.id}-option-${option.switch}`}
              onChange={(e) => setChoices({ ...choices, [option.switch]: e.target.value })}>
              <option value="" disabled>{t('exercises.choose')}</option>
              {values.map((v) => {
                const presented = spec?.options.find((o) => o.value === v)?.presented;
                return <option key={v} value={v}>{labelOf(v)}{reveal && presented ? t(`exercises.presented.${presented}`) : ''}</option>;
              })}
            </select>
          </label>
        );
      })}
      {!done && (
        <label className="choice muted">
          <input type="checkbox" checked={spoilers} data-testid={`exercise-${exercise.id}-spoilers`} onChange={(e) => {
            setSpoilers(e.target.checked);
            // Recorded for the grader's report (never scored): the labels were shown before this point.
            if (e.target.checked && session) recordExerciseEvent(session.lab.id, [exercise.id], 'spoilers');
          }} /> {t('exercises.spoilers')}
        </label>
      )}
      <button className="primary" disabled={!ready} onClick={() => onSubmit({ kind: 'repair', choices })} data-testid={`exercise-${exercise.id}-check`}>{t('exercises.runDesign')}</button>
    </div>
  );
}

function ExplainForm({ exercise, draft, onSubmit }: { exercise: Extract<Exercise, { kind: 'explain' }>; draft: string; onSubmit: Submit }) {
  const [text, setText] = useState(draft);
  const [cut, setCut] = useState(false);
  const max = LIMITS.explainChars;
  const { t } = useTranslation();
  return (
    <div>
      <textarea rows={5} value={text} maxLength={max} data-testid={`exercise-${exercise.id}-text`} aria-label={t('exercises.answer', { title: exercise.title })} aria-describedby={`exercise-${exercise.id}-limit`}
        onPaste={(e) => {
          const el = e.currentTarget;
          const after = el.value.length - (el.selectionEnd - el.selectionStart) + e.clipboardData.getData('text').length;
          if (after > max) {
            e.preventDefault(); // refused whole, not cut short by maxLength without a word
            setCut(true);
          }
        }}
        onChange={(e) => {
          // maxLength stops typing; a paste over the limit is refused here, never saved cut short silently.
          const next = e.target.value;
          setCut(next.length > max);
          if (next.length > max) return;
          setText(next);
          saveDraft(exercise, next);
        }} />
      <p className={cut ? 'verdict fail' : 'muted'} id={`exercise-${exercise.id}-limit`} data-testid={`exercise-${exercise.id}-limit`}>
        {cut ? t('exercises.tooLong', { max }) : ''}{t('exercises.chars', { length: text.length, max })}
      </p>
      <button className="primary" onClick={() => onSubmit({ kind: 'explain', text })} data-testid={`exercise-${exercise.id}-check`}>{t('exercises.handIn')}</button>
    </div>
  );
}
