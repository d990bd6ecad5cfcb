/**
 * The course's student-ID rule is one rule: the page refuses to export the IDs the grader
 * would flag, reading the same course.json the grader reads when given no --course.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addIdentityWarnings, DEFAULT_COURSE, readCourse } from '../../scripts/grade/identity.mjs';
import { checkCourse, idProblem } from './courseId.mjs';

const course = { idPattern: '^s\\d{6}$', idExample: 's123456' };

describe('a student ID against the course pattern', () => {
  it('matches after normalisation: case, full-width forms and invisible characters do not matter', () => {
    expect(idProblem(course, 's123456')).toBeNull();
    expect(idProblem(course, ' S123456 ')).toBeNull();
    expect(idProblem(course, 'ｓ１２３４５６')).toBeNull();
    expect(idProblem(course, 's123\u200b456')).toBeNull();
  });

  it('is malformed off the pattern, missing when nothing visible is left', () => {
    expect(idProblem(course, 's12345')).toBe('malformed');
    expect(idProblem(course, 'student-1')).toBe('malformed');
    expect(idProblem(course, '\u200b ')).toBe('missing');
  });

  it('takes any ID when the course sets no pattern', () => {
    expect(idProblem({}, 'anything at all')).toBeNull();
  });

  it('agrees with the grader\'s warnings', () => {
    for (const id of ['s123456', 'S123456', 's12345', 'x']) {
      const summaries = [{ file: 'a.json', student: { name: 'Ada', id }, warnings: [] as { code: string }[] }];
      addIdentityWarnings(summaries as never, course);
      expect(summaries[0]!.warnings.some((w) => w.code === 'malformed-student-id'), id).toBe(idProblem(course, id) === 'malformed');
    }
  });
});

describe('the course file', () => {
  it('refuses what it does not know, a non-string value and a pattern that does not compile', () => {
    expect(checkCourse({ idPatern: 'x' }, 'c.json')).toMatchObject({ ok: false, error: expect.stringContaining('unknown key(s) idPatern') });
    expect(checkCourse({ idPattern: 7 }, 'c.json')).toMatchObject({ ok: false, error: expect.stringContaining('idPattern must be a string') });
    expect(checkCourse({ idPattern: '(' }, 'c.json')).toMatchObject({ ok: false, error: expect.stringContaining('not a regular expression') });
    expect(checkCourse([], 'c.json')).toMatchObject({ ok: false });
    expect(checkCourse(course, 'c.json')).toEqual({ ok: true, course });
  });

  it('the shipped course.json is valid, and it is the file the grader reads by default', () => {
    expect(DEFAULT_COURSE).toBe(resolve('course.json'));
    const read = readCourse(DEFAULT_COURSE);
    expect(read.ok).toBe(true);
    expect(checkCourse(JSON.parse(readFileSync(resolve('course.json'), 'utf8')), 'course.json')).toEqual(read);
  });
});
