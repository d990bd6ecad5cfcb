import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { loadLabsFromDir } from './nodeFiles';
import { keptRows, readTables } from './nodeTables';
import { LabSession } from './session';
import type { Lab } from './schema';

useSqlJs();

const lab = (id: string) => (loadLabsFromDir(resolve('labs')).find((l) => l.ok && l.lab.id === id) as { ok: true; lab: Lab }).lab;

describe('a node\'s tables at a step', () => {
  it('read at the cursor, and replayed to an earlier step, they are what the World held there', async () => {
    const { session } = await LabSession.open(lab('L07'));
    const steps = ['A_acquire', 'A_write', 'A_pause', { advance: 11 }, 'B_acquire', 'B_write'];
    const seen = [readTables(session.current, 'resource')];
    for (const action of steps) {
      expect(await session.play(action)).toEqual({ ok: true });
      seen.push(readTables(session.current, 'resource'));
    }
    expect(seen[2]).not.toEqual(seen[0]); // A's write is a row: the reading is not blind
    for (let step = 0; step <= steps.length; step++) expect(await keptRows(session, 'resource', step)).toEqual(seen[step]);
    // The open World is untouched by the throwaway replays.
    expect(readTables(session.current, 'resource')).toEqual(seen[steps.length]);
  });

  it('a session closed meanwhile (the learner left the lab) answers no rows rather than failing', async () => {
    const { session } = await LabSession.open(lab('L07'));
    expect(await session.play('A_acquire')).toEqual({ ok: true });
    session.dispose();
    await expect(keptRows(session, 'resource', 1)).resolves.toEqual([]);
  });

  it('an asynchronous lab\'s earlier step: the rows of a replay to it', async () => {
    const { session } = await LabSession.open(lab('L05'));
    const atStart = await keptRows(session, 'A', 0);
    expect(Array.isArray(atStart) && atStart.length > 0).toBe(true);
    await session.play('ask');
    await session.play('approve');
    expect(readTables(session.current, 'A')).not.toEqual(atStart); // the run wrote checkpoints since
    expect(await keptRows(session, 'A', 0)).toEqual(atStart);
  });
});
