// Types for pool.mjs.
import type { FileResult } from './report.mjs';
export function gradeFiles(folder: string, files: string[], options: {
  workers: number;
  setup: { labs: string[] | null; lang: string; graderVersion: string };
  timeoutMs?: number;
  maxBytes?: number;
  heapMb?: number;
  onResult?: (result: FileResult) => void;
}): Promise<FileResult[]>;
