// Types for report.mjs (plain ESM so `node scripts/grade.mjs` runs without a build).
import type { GradeRow, GradeWarning } from '../../src/lab/submission';

export type FileResult =
  | { file: string; ok: true; student: { name: string; id: string }; appVersion: string; exportedAt: string; rows: GradeRow[]; warnings: GradeWarning[] }
  | { file: string; ok: false; error: string };

export interface SubmissionSummary {
  file: string;
  status: 'graded' | 'malformed';
  error?: string;
  student: { name: string; id: string } | null;
  appVersion?: string;
  exportedAt?: string;
  score: { pass: number; total: number; attempted: number; needsHuman: number } | null;
  tampered: boolean;
  warnings: { code: string; message: string }[];
  exercises: GradeRow[];
}

export interface Report {
  graderVersion: string;
  submissions: SubmissionSummary[];
}

export const REPORT_FILES: string[];
export function listSubmissions(folder: string, out: string): { files: string[]; skipped: string[] };
export function parseLabs(value: string | undefined | null): string[] | null;
export function summarize(results: FileResult[], graderVersion: string): Report;
export function csvCell(value: unknown): string;
export function toCsv(report: Report): string;
export function xml(value: unknown): string;
export function toJunit(report: Report): string;
export function consoleSummary(report: Report, options?: { out?: string; skipped?: string[]; seconds?: number }): string;
