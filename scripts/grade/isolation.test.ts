/**
 * `npm run grade` over a hostile class folder: one submission never stops the batch, links
 * are never followed, no file's text is printed, sizes are bounded, and IDs altered by case
 * or invisible characters are still found as duplicates. Runs the real CLI (its worker
 * processes re-execute every attempt).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const FIXTURES = 'e2e/fixtures/submissions';
const SECRET = 'root:x:0:0:do-not-print-me';
let dir: string;
let run: ReturnType<typeof spawnSync>;
let grades: { submissions: { file: string; status: string; error?: string; warnings: { code: string; message: string }[]; exercises: { exercise: string; status: string; feedback: string }[] }[]; skipped: { name: string; why: string }[] };
let reports: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'grade-hostile-'));
  const cls = join(dir, 'class');
  mkdirSync(cls);
  cpSync(join(FIXTURES, 'good.json'), join(cls, 'good.json'));
  const good = JSON.parse(readFileSync(join(FIXTURES, 'good.json'), 'utf8'));
  const copy = (id: string) => ({ ...structuredClone(good), student: { name: `Student ${id}`, id } });
  // a reproduce attempt under a switch the lab does not have: re-execution throws
  const bogus = copy('s-900');
  bogus.labs.L07.exercises.overwrite.attempts[0].input.switches = { bogus: 'x' };
  writeFileSync(join(cls, 'unreplayable.json'), JSON.stringify(bogus));
  // the same student as good.json, upper-cased with a trailing zero-width space
  writeFileSync(join(cls, 'altered-id.json'), JSON.stringify(copy(`${good.student.id.toUpperCase()}\u200b`)));
  // 5.7 MB: 200,000 exercises no lab has
  const huge = copy('s-901');
  for (let i = 0; i < 200_000; i++) huge.labs.L07.exercises[`made-up-${i}`] = { attempts: [] };
  writeFileSync(join(cls, 'huge.json'), JSON.stringify(huge));
  // under the size limit, still 5,000 made-up exercises: listed to a bound, then counted
  const many = copy('s-902');
  for (let i = 0; i < 5_000; i++) many.labs.L07.exercises[`made-up-${i}`] = { attempts: [] };
  writeFileSync(join(cls, 'many-unknown.json'), JSON.stringify(many));
  // a link out of the folder, a folder and a pipe named *.json, a non-JSON file whose text must not be quoted
  writeFileSync(join(dir, 'outside.txt'), SECRET);
  symlinkSync(join(dir, 'outside.txt'), join(cls, 'link.json'));
  mkdirSync(join(cls, 'folder.json'));
  spawnSync('mkfifo', [join(cls, 'pipe.json')]);
  writeFileSync(join(cls, 'not-json.json'), SECRET);
  writeFileSync(join(cls, 'anonymous.json'), JSON.stringify(copy('\u200b ')));
  const out = join(dir, 'out');
  run = spawnSync('node', ['scripts/grade.mjs', cls, '--out', out, '--labs', 'L07', '--workers=2'], { encoding: 'utf8' });
  grades = JSON.parse(readFileSync(join(out, 'grades.json'), 'utf8'));
  reports = ['grades.json', 'grades.csv', 'junit.xml'].map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sub = (file: string) => grades.submissions.find((s) => s.file === file)!;

describe('grading a hostile class folder', () => {
  it('finishes with exit 0 and grades everyone else when one file cannot be re-executed', () => {
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const overwrite = sub('unreplayable.json').exercises.find((r) => r.exercise === 'overwrite')!;
    expect(overwrite.status).toBe('unreplayable');
    expect(overwrite.feedback).toContain("unknown switch 'bogus'");
    // the same file's other exercise, and the other files, are graded as usual
    expect(sub('unreplayable.json').exercises.find((r) => r.exercise === 'late-write')!.status).toBe('pass');
    expect(sub('good.json').exercises.find((r) => r.exercise === 'overwrite')!.status).toBe('pass');
  });

  it('never follows a link, lists every skipped entry with why, and prints no file text', () => {
    expect(grades.skipped).toEqual([
      { name: 'folder.json', why: 'a folder' },
      { name: 'link.json', why: 'a symbolic link (links are not followed)' },
      { name: 'pipe.json', why: 'a named pipe (FIFO)' },
    ]);
    expect(run.stdout).toContain('skipped: link.json: a symbolic link');
    expect(run.stdout).toContain('skipped: pipe.json: a named pipe (FIFO)');
    expect(sub('not-json.json')).toMatchObject({ status: 'malformed', error: 'not valid JSON' });
    expect(`${reports}${run.stdout}${run.stderr}`).not.toContain('do-not-print-me');
  });

  it('bounds sizes: a 5.7 MB file is refused before reading, 5,000 unknown exercises make 21 rows', () => {
    expect(sub('huge.json')).toMatchObject({ status: 'not-graded', error: expect.stringMatching(/bytes, over the limit of 2097152/) });
    const unknown = sub('many-unknown.json').exercises.filter((r) => r.status === 'unknown-exercise');
    expect(unknown).toHaveLength(21);
    expect(unknown[20]!.feedback).toContain('4980 more exercise(s)');
    expect(reports.length).toBeLessThan(200_000);
  });

  it('finds a duplicate whose ID differs only in case and a zero-width space; warns on an anonymous file', () => {
    const dup = sub('altered-id.json').warnings.find((w) => w.code === 'duplicate-student')!;
    expect(dup.message).toContain('also appears in good.json');
    expect(dup.message).toContain('\\u200b');
    expect(sub('good.json').warnings.map((w) => w.code)).toContain('duplicate-student');
    expect(sub('anonymous.json').warnings.map((w) => w.code)).toContain('missing-student-id');
  });
});
