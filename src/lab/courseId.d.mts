// Types for courseId.mjs.
export interface Course { name?: string; idPattern?: string; idExample?: string }
export function showId(id: string): string;
export function normalizeId(id: string): string;
export function checkCourse(json: unknown, where: string): { ok: true; course: Course } | { ok: false; error: string };
export function idProblem(course: Course, id: string): 'missing' | 'malformed' | null;
