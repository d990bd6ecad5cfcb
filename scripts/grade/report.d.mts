// Types for report.mjs (plain ESM so `node scripts/grade.mjs` runs without a build).
import type { ExplainAnswer } from '../../src/lab/exercises/explainAnswers';
import type { GradeRow, GradeWarning } from '../../src/lab/submission';

export type ReportRow = GradeRow;

export type FileResult =
  | { file: string; ok: true; student: { name: string; id: string }; appVersion: string; exportedAt: string; rows: ReportRow[]; warnings: GradeWarning[]; locale?: string; answers?: ExplainAnswer[]; schemaVersion?: number; notes?: string[] }
  | { file: string; ok: false; kind?: 'malformed' | 'unreadable' | 'too-large' | 'timeout' | 'ungradable'; error: string };

export interface SubmissionSummary {
  file: string;
  status: 'graded' | 'malformed' | 'not-graded';
  /** not-graded: why (too-large, timeout, unreadable, ungradable). */
  reason?: string;
  error?: string;
  student: { name: string; id: string } | null;
  appVersion?: string;
  exportedAt?: string;
  score: { pass: number; total: number; attempted: number; needsHuman: number } | null;
  tampered: boolean;
  warnings: { code: string; message: string }[];
  exercises: ReportRow[];
  locale?: string;
  answers?: ExplainAnswer[];
  schemaVersion?: number;
  notes?: string[];
}

export interface Report {
  graderVersion: string;
  submissions: SubmissionSummary[];
}

export { REPORT_FILES } from './files.mjs';
export function parseLabs(value: string | undefined | null): string[] | null;
export function summarize(results: FileResult[], graderVersion: string): Report;
export const REPORTS: string[];
export function mergeReports(reports: (Report & { skipped?: { name: string; why: string }[] })[]): { ok: true; report: Report; skipped: { name: string; why: string }[] } | { ok: false; error: string };
export function exerciseColumns(report: Report): { lab: string; exercise: string; kind: string }[];
export function toExercisesCsv(report: Report): string;
export function csvCell(value: unknown): string;
export function toCsv(report: Report): string;
export function xml(value: unknown): string;
export function toJunit(report: Report): string;
export function consoleSummary(report: Report, options?: { out?: string; skipped?: { name: string; why: string }[]; seconds?: number }): string;
