/* global setTimeout, clearTimeout */
// Grades files on a few worker processes (scripts/grade/worker.ts under tsx). Each file has
// a time limit: a process that does not answer in time is killed, the file is reported as
// `timeout` and a fresh process takes the next file; a process that dies (its heap limit
// reached) costs only the file it held. The parent reads each file (files.mjs: no links,
// a size limit) so a worker only ever sees text. Plain ESM, types in pool.d.mts.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readSubmission } from './files.mjs';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** A started worker: resolves once its labs are loaded; rejects with the worker's own reason. */
function startWorker(setup, heapMb) {
  const child = fork(WORKER, [JSON.stringify(setup)], { execArgv: ['--import', 'tsx', `--max-old-space-size=${heapMb}`], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // A send to a process that just died fails with EPIPE: its 'exit' reports the file, so the error is not fatal here.
  child.on('error', () => {});
  const ready = new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m?.ready) { child.off('message', onMessage); child.off('exit', onExit); resolve(child); }
      if (m?.fatal) reject(new Error(m.fatal));
    };
    const onExit = (code) => reject(new Error(`a grading process stopped while starting (exit ${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  return ready;
}

/** Sends one file; resolves with its result, a timeout or a crash — never rejects. */
function gradeOn(child, file, text, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result, dead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve({ result, dead });
    };
    const onMessage = (m) => { if (m?.file === file) finish(m.result, false); };
    const onExit = (code, signal) => finish({ ok: false, kind: 'ungradable', error: `the grading process stopped on this file (${signal ?? `exit ${code}`}; memory limit?)` }, true);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ ok: false, kind: 'timeout', error: `not graded within ${timeoutMs / 1000} s (--file-timeout)` }, true);
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ file, text }, (error) => { if (error) finish({ ok: false, kind: 'ungradable', error: 'the grading process could not take this file' }, true); });
  });
}

/**
 * Every file graded: `[{ file, ...result }]` in the order of `files`. `workers` processes
 * share one queue; `onResult` (optional) hears each file as it finishes.
 */
export async function gradeFiles(folder, files, { workers, setup, timeoutMs = 300_000, maxBytes, heapMb = 1536, onResult }) {
  const results = new Array(files.length);
  let next = 0;
  const slot = async () => {
    let child = null;
    try {
      while (next < files.length) {
        const i = next++;
        const file = files[i];
        const read = readSubmission(folder, file, maxBytes);
        let result;
        if (!read.ok) {
          result = { ok: false, kind: read.kind, error: read.error };
        } else {
          child ??= await startWorker(setup, heapMb);
          const graded = await gradeOn(child, file, read.text, timeoutMs);
          result = graded.result;
          if (graded.dead) child = null;
        }
        results[i] = { file, ...result };
        onResult?.(results[i]);
      }
    } finally {
      child?.kill();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, files.length)) }, slot));
  return results;
}
