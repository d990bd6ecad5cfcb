/**
 * Writes the grading fixtures in e2e/fixtures/submissions/ from real checker runs:
 * good.json (honest verdicts), tampered.json (a wrong answer still claiming a pass) and
 * malformed.json. Run with `npx tsx scripts/make-submission-fixtures.ts` after changing
 * exercises.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import { checkExercise } from '../src/lab/exercises/check';
import type { ExerciseInput } from '../src/lab/exercises/schema';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { emptyProgress, withExercise } from '../src/lab/progress';
import { buildSubmission } from '../src/lab/submission';

await initSqlJsOnce();
const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
const answers: [string, string, ExerciseInput][] = [
  ['L07', 'late-write', { kind: 'predict', pick: false }],
  ['L07', 'overwrite', { kind: 'reproduce', actions: ['A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake'] }],
  ['L04', 'one-transaction', { kind: 'repair', choices: { refund_mode: 'local_transaction' } }],
  ['L01', 'why-not-framework', { kind: 'explain', text: 'A timeout only says that no answer came back in time. The refund may have been booked and the answer lost, or the request may never have arrived; both look the same from here. Only the provider knows, so it must offer an idempotency key it honours or a lookup by operation ID.' }],
];
let progress = { ...emptyProgress(), student: { name: 'Grace Example', id: 'student-001' } };
answers.forEach(([labId, id, input], i) => {
  const lab = labs.find((l) => l.id === labId)!;
  const exercise = lab.exercises.find((e) => e.id === id)!;
  progress = withExercise(progress, labId, id, { attempts: [{ at: `2026-11-29T10:0${i}:00.000Z`, input, verdict: checkExercise(lab, exercise, input) }] });
});
const good = buildSubmission(progress, '0.1.0', '2026-11-29T11:00:00.000Z');
const tampered = structuredClone(good);
tampered.student = { name: 'Mallory Example', id: 'student-666' };
tampered.labs.L07!.exercises['late-write']!.attempts[0]!.input = { kind: 'predict', pick: true };
const dir = resolve('e2e/fixtures/submissions');
writeFileSync(`${dir}/good.json`, `${JSON.stringify(good, null, 2)}\n`);
writeFileSync(`${dir}/tampered.json`, `${JSON.stringify(tampered, null, 2)}\n`);
writeFileSync(`${dir}/malformed.json`, '{ "format": "durable-execution-lab/submission", "schemaVersion": 1, "student": ');
console.log(`wrote good.json, tampered.json, malformed.json to ${dir}`);
