// Types for identity.mjs.
import type { SubmissionSummary } from './report.mjs';
export interface Course { idPattern?: string; name?: string }
export function showId(id: string): string;
export function normalizeId(id: string): string;
export function readCourse(path: string | undefined): { ok: true; course: Course } | { ok: false; error: string };
export function addIdentityWarnings(summaries: SubmissionSummary[], course?: Course): void;
