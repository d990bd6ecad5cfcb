/**
 * Opening a lab by id from the labs/ folder on disk (Node only: tests, CLIs). A lab that
 * does not load is an error naming its problems, not a silent skip.
 */
import { resolve } from 'node:path';
import { loadLabsFromDir } from '../nodeFiles';
import type { Lab } from '../schema';
import type { WorldOverrides } from '../config';
import { LabDriver } from './index';

const loaded = new Map<string, Lab>();

/** The lab `id` from `labsDir` (default: ./labs), parsed once per process. */
export function labById(id: string, labsDir = resolve('labs')): Lab {
  const key = `${labsDir}:${id}`;
  const known = loaded.get(key);
  if (known) return known;
  const load = loadLabsFromDir(labsDir).find((l) => (l.ok ? l.lab.id : l.id) === id);
  if (!load) throw new Error(`no lab '${id}' in ${labsDir}`);
  if (!load.ok) throw new Error(`lab '${id}' does not load: ${JSON.stringify(load.problems)}`);
  loaded.set(key, load.lab);
  return load.lab;
}

/** `LabDriver.start` for a lab on disk: its start, with `start`'s switches / starting state laid over. */
export function openLab(id: string, start?: WorldOverrides): LabDriver {
  return LabDriver.start(labById(id), start);
}
