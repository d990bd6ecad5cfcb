/** The grading run's own preview port, clear of the suite's (PW_PORT) and other helpers'. */
export function gradeEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GRADE_PORT: String(Number(process.env.PW_PORT ?? 4173) + 1000) };
}
