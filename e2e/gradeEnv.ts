import { readFileSync } from 'node:fs';

/** The grading run's own preview port, clear of the suite's (PW_PORT) and other helpers'. */
export function gradeEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GRADE_PORT: String(Number(process.env.PW_PORT ?? 4173) + 1000) };
}

/** How many exercises the labs declare (the denominator of a graded set). */
export function exerciseCount(...labIds: string[]): number {
  return labIds.reduce((n, id) => n + (JSON.parse(readFileSync(`labs/${id}/lab.json`, 'utf8')).exercises?.length ?? 0), 0);
}
