/**
 * Writes the grading fixtures in e2e/fixtures/submissions/ from real checker runs — every
 * claimed verdict is what checkExercise said, except where a file is tampered on purpose:
 * - good.json: honest verdicts, one exercise of each kind;
 * - tampered.json: a wrong answer still claiming a pass;
 * - malformed.json: cut-off JSON;
 * - long-answer.json: an explain answer exactly at the saving limit (must grade);
 * - brute-forced-predict.json: wrong, wrong, right on one prediction (first pick decides: fail);
 * - duplicate-id.json: another file with good.json's student ID;
 * - old-version.json: exported by another app version;
 * - late-attempts.json: attempts timed after the export and out of order;
 * - formula-cells.json: a name, ID and answer a spreadsheet would run as formulas;
 * - reproduce-fenced.json: L07's overwrite story played with the resource fenced again.
 * Run with `npx tsx scripts/make-submission-fixtures.ts` after changing exercises.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import { checkExercise } from '../src/lab/exercises/check';
import { LIMITS, type Attempt } from '../src/lab/exercises/records';
import type { ExerciseInput } from '../src/lab/exercises/schema';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { emptyProgress, withExercise, type Progress } from '../src/lab/progress';
import { buildSubmission } from '../src/lab/submission';

await initSqlJsOnce();
const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const VERSION = '0.1.0';

/** A real attempt: the input, the time, and the verdict the checker gives it. */
async function attempt(labId: string, id: string, input: ExerciseInput, at: string): Promise<Attempt> {
  const lab = labs.find((l) => l.id === labId)!;
  const exercise = lab.exercises.find((e) => e.id === id)!;
  return { at, input, verdict: await checkExercise(lab, exercise, input) };
}

function submission(student: { name: string; id: string }, records: [string, string, Attempt[]][], exportedAt = '2026-11-29T11:00:00.000Z', version = VERSION) {
  let progress: Progress = { ...emptyProgress(), student };
  for (const [labId, id, attempts] of records) progress = withExercise(progress, labId, id, { attempts });
  return buildSubmission(progress, version, exportedAt);
}

const story = ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'];
const explainText = 'A timeout only says that no answer came back in time. The refund may have been booked and the answer lost, or the request may never have arrived; both look the same from here. Only the provider knows, so it must offer an idempotency key it honours or a lookup by operation ID.';
const answers: [string, string, ExerciseInput][] = [
  ['L07', 'late-write', { kind: 'predict', pick: 'STALE_FENCE' }],
  ['L07', 'overwrite', { kind: 'reproduce', actions: story }],
  ['L04', 'one-transaction', { kind: 'repair', choices: { refund_mode: 'local_transaction' } }],
  ['L01', 'why-not-framework', { kind: 'explain', text: explainText }],
];
const good = submission({ name: 'Grace Example', id: 'student-001' }, await Promise.all(answers.map(async ([labId, id, input], i): Promise<[string, string, Attempt[]]> => [labId, id, [await attempt(labId, id, input, `2026-11-29T10:0${i}:00.000Z`)]])));
const tampered = structuredClone(good);
tampered.student = { name: 'Mallory Example', id: 'student-666' };
tampered.labs.L07!.exercises['late-write']!.attempts[0]!.input = { kind: 'predict', pick: 'OK' };

const long = `${'because '.repeat(Math.floor(LIMITS.explainChars / 8) - 1)}the end`.slice(0, LIMITS.explainChars);
const files: Record<string, unknown> = {
  'good.json': good,
  'tampered.json': tampered,
  'long-answer.json': submission({ name: 'Long Writer', id: 'student-002' }, [['L01', 'why-not-framework', [await attempt('L01', 'why-not-framework', { kind: 'explain', text: long }, '2026-11-29T10:00:00.000Z')]]]),
  'brute-forced-predict.json': submission({ name: 'Brute Force', id: 'student-003' }, [['L07', 'late-write', [
    await attempt('L07', 'late-write', { kind: 'predict', pick: 'OK' }, '2026-11-29T10:00:00.000Z'),
    await attempt('L07', 'late-write', { kind: 'predict', pick: 'OK' }, '2026-11-29T10:00:10.000Z'),
    await attempt('L07', 'late-write', { kind: 'predict', pick: 'STALE_FENCE' }, '2026-11-29T10:00:20.000Z'),
  ]]]),
  'duplicate-id.json': submission({ name: 'Grace Again', id: 'student-001' }, [['L07', 'late-write', [await attempt('L07', 'late-write', { kind: 'predict', pick: 'STALE_FENCE' }, '2026-11-29T10:00:00.000Z')]]]),
  'old-version.json': submission({ name: 'Old Browser', id: 'student-004' }, [['L07', 'late-write', [await attempt('L07', 'late-write', { kind: 'predict', pick: 'STALE_FENCE' }, '2026-11-29T10:00:00.000Z')]]], '2026-11-29T11:00:00.000Z', '0.0.9'),
  'late-attempts.json': submission({ name: 'Late Clock', id: 'student-005' }, [['L07', 'late-write', [
    await attempt('L07', 'late-write', { kind: 'predict', pick: 'STALE_FENCE' }, '2026-11-29T10:30:00.000Z'),
    await attempt('L07', 'late-write', { kind: 'predict', pick: 'STALE_FENCE' }, '2026-11-29T10:10:00.000Z'),
    await attempt('L07', 'late-write', { kind: 'predict', pick: 'OK' }, '2026-11-29T12:00:00.000Z'),
  ]]]),
  'formula-cells.json': submission({ name: '=HYPERLINK("http://evil.example","click")', id: '+1-555-0100' }, [['L01', 'why-not-framework', [
    await attempt('L01', 'why-not-framework', { kind: 'explain', text: `@SUM(A1:A9) ${explainText}` }, '2026-11-29T10:00:00.000Z'),
  ]]]),
  'reproduce-fenced.json': submission({ name: 'Fenced Again', id: 'student-006' }, [['L07', 'overwrite', [
    await attempt('L07', 'overwrite', { kind: 'reproduce', actions: story, switches: { resource: 'fenced' } }, '2026-11-29T10:00:00.000Z'),
  ]]]),
};
const dir = resolve('e2e/fixtures/submissions');
for (const [name, value] of Object.entries(files)) writeFileSync(`${dir}/${name}`, `${JSON.stringify(value, null, 2)}\n`);
writeFileSync(`${dir}/malformed.json`, '{ "format": "durable-execution-lab/submission", "schemaVersion": 1, "student": ');
console.log(`wrote ${[...Object.keys(files), 'malformed.json'].join(', ')} to ${dir}`);
