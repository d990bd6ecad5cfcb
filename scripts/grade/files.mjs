/* global Buffer, TextDecoder */
// Which entries of a class folder are graded, and reading one safely. Every entry that is not
// graded is listed with why; nothing is followed out of the folder and no file's text is
// ever quoted (a mislabelled file may be anything). Plain ESM, types in files.d.mts.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/** File names the grader writes; never graded as a student's file, wherever --out points. */
export const REPORT_FILES = ['grades.json', 'grades.csv', 'exercises.csv', 'answers.html', 'junit.xml', 'results.json'];

/** The largest submission read, by default (a 500-attempt exercise of long answers is far below it). */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

/** What kind of entry `lstat` saw, for the skip reason. */
function kindOf(stat) {
  if (stat.isSymbolicLink()) return 'a symbolic link (links are not followed)';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * The submission files in `folder` (top level, regular files named *.json, seen with lstat so
 * a link is never followed) and every other entry with the reason it is not graded: the
 * output folder and report files (a rerun never grades its own report), links, folders and
 * pipes named *.json, and anything not named *.json.
 */
export function listSubmissions(folder, out) {
  const outAbs = resolve(out);
  const skipped = [];
  const files = [];
  for (const name of readdirSync(folder).sort()) {
    const path = resolve(folder, name);
    if (path === outAbs || outAbs.startsWith(`${path}${sep}`)) {
      skipped.push({ name, why: 'the output folder' });
      continue;
    }
    if (REPORT_FILES.includes(name)) {
      skipped.push({ name, why: 'a report file the grader writes' });
      continue;
    }
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      skipped.push({ name, why: `cannot be read (${error.code ?? 'error'})` });
      continue;
    }
    if (!name.toLowerCase().endsWith('.json')) {
      skipped.push({ name, why: 'not named *.json' });
      continue;
    }
    if (!stat.isFile()) {
      skipped.push({ name, why: kindOf(stat) });
      continue;
    }
    files.push(name);
  }
  return { files, skipped };
}

/**
 * One file's text, or why it cannot be graded. Opened without following a link (O_NOFOLLOW:
 * an entry swapped for a link after the listing is refused) and without blocking (a pipe
 * put there meanwhile is refused, not waited on); larger than `maxBytes` is refused before
 * reading. Text must be UTF-8.
 */
export function readSubmission(folder, name, maxBytes = DEFAULT_MAX_BYTES) {
  let fd;
  try {
    fd = openSync(resolve(folder, name), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { ok: false, kind: 'unreadable', error: error.code === 'ELOOP' ? 'a symbolic link (links are not followed)' : `cannot be read (${error.code ?? 'error'})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, kind: 'unreadable', error: kindOf(stat) };
    if (stat.size > maxBytes) return { ok: false, kind: 'too-large', error: `${stat.size} bytes, over the limit of ${maxBytes} (--max-kb)` };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    try {
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, read)) };
    } catch {
      return { ok: false, kind: 'malformed', error: 'not UTF-8 text' };
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Shard `i/n` of a sorted file list: every n-th file from the i-th, so each shard gets a
 * similar mix. An unreadable value is an error naming the form.
 */
export function parseShard(value) {
  if (value === undefined || value === null) return { ok: true, shard: null };
  const m = /^(\d+)\/(\d+)$/.exec(String(value).trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) return { ok: false, error: `--shard needs i/n with 1 ≤ i ≤ n (got '${value}')` };
  return { ok: true, shard: { index, count } };
}

export function inShard(files, shard) {
  return shard ? files.filter((_, i) => i % shard.count === shard.index - 1) : files;
}
