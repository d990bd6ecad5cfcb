// Types for formats.mjs.
import type { Report, SubmissionSummary } from './report.mjs';
export function html(value: unknown): string;
export function toAnswersHtml(report: Report, options?: { title?: string }): string;
export interface GradescopeTest { name: string; score: number; max_score: number; status?: 'passed' | 'failed'; output: string; visibility: string }
export interface GradescopeResults { score: number; execution_time?: number; output: string; visibility?: string; stdout_visibility?: string; tests: GradescopeTest[] }
export function toGradescope(summary: SubmissionSummary, options?: { executionTime?: number }): GradescopeResults;
