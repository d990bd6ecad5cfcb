// Types for identity.mjs.
import type { SubmissionSummary } from './report.mjs';
import type { Course } from '../../src/lab/courseId.mjs';
export type { Course };
export { showId, normalizeId } from '../../src/lab/courseId.mjs';
export const DEFAULT_COURSE: string;
export function readCourse(path: string | undefined): { ok: true; course: Course } | { ok: false; error: string };
export function addIdentityWarnings(summaries: SubmissionSummary[], course?: Course): void;
