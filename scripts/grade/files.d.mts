// Types for files.mjs.
export const REPORT_FILES: string[];
export const DEFAULT_MAX_BYTES: number;
export interface Skipped { name: string; why: string }
export function listSubmissions(folder: string, out: string): { files: string[]; skipped: Skipped[] };
export type ReadResult = { ok: true; text: string } | { ok: false; kind: 'unreadable' | 'too-large' | 'malformed'; error: string };
export function readSubmission(folder: string, name: string, maxBytes?: number): ReadResult;
export function parseShard(value: string | undefined | null): { ok: true; shard: { index: number; count: number } | null } | { ok: false; error: string };
export function inShard<T>(files: T[], shard: { index: number; count: number } | null): T[];
