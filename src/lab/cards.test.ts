import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { formatCardResult, parseCard, runCard } from './cards';
import { deepMatch } from './deepMatch';
import { openLab } from './driver/node';
import { findCardFiles, loadLabsFromDir } from './nodeFiles';
import type { Lab } from './schema';

useSqlJs();

const labs = new Map<string, Lab>();
for (const load of loadLabsFromDir(resolve('labs'))) if (load.ok) labs.set(load.lab.id, load.lab);
const L07 = () => labs.get('L07')!;

describe('deepMatch', () => {
  it('matches subsets and reports each mismatch by path', async () => {
    expect(deepMatch({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2], d: 3 }, e: 4 })).toEqual([]);
    expect(deepMatch({ a: 1, b: { c: 2 }, z: null }, { a: 2, b: { c: 3 } })).toEqual([
      { path: 'a', expected: 1, actual: 2 }, { path: 'b.c', expected: 2, actual: 3 }, { path: 'z', expected: null, actual: undefined },
    ]);
    expect(deepMatch([1], [1, 2])).toHaveLength(1);
    expect(deepMatch({ a: null }, { a: 0 })).toHaveLength(1);
  });
});

describe('cards', () => {
  it('every card shipped in labs/ passes', async () => {
    const files = findCardFiles([resolve('labs')]);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const parsed = parseCard(file, readFileSync(file, 'utf8'));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      const result = await runCard(labs.get(parsed.card.lab)!, parsed.card, file); // async: L05 runs LangGraph
      expect(result.pass, formatCardResult(result)).toBe(true);
    }
  });

  it('every scenario of every lab reaches its expected outcome', async () => {
    for (const lab of labs.values()) {
      for (const scenario of lab.scenarios) {
        const result = await runCard(lab, { lab: lab.id, name: scenario.id, ...scenario }, `${lab.id}#${scenario.id}`);
        expect(result.pass, formatCardResult(result)).toBe(true);
      }
    }
  });

  it('the SPEC 9.7 vectors pass verbatim with the lab initial state', async () => {
    const initial = { current_token: 1, lease_until: 10, now: 0, workers: { A: 1, B: null } };
    expect(L07().world.initial).toEqual(initial);
    const vectors: [object, boolean][] = [
      [{ token: 1, current: 2, now: 11, lease_until: 20 }, false],
      [{ token: 2, current: 2, now: 11, lease_until: 20 }, true],
      [{ token: 2, current: 2, now: 20, lease_until: 20 }, false],
    ];
    for (const [action, allowed] of vectors) {
      const result = await runCard(L07(), { lab: 'L07', name: 'v', initial, actions: [action], expect: { allowed } }, 'inline');
      expect(result.pass, formatCardResult(result)).toBe(true);
    }
  });

  it('a card with a wrong expectation fails and names each mismatch', async () => {
    const file = 'e2e/fixtures/cards/wrong-expectation.json';
    const parsed = parseCard(file, readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error('fixture should parse');
    const result = await runCard(L07(), parsed.card, file);
    expect(result.pass).toBe(false);
    expect(result.mismatches).toEqual([
      { path: 'allowed', expected: true, actual: false }, { path: 'reason', expected: 'OK', actual: 'STALE_FENCE' },
    ]);
    expect(formatCardResult(result)).toMatch(/^FAIL {2}L07 .*\n {6}allowed: expected true, got false/);
  });

  it('a card whose action is rejected fails with the reason', async () => {
    const result = await runCard(L07(), { lab: 'L07', name: 'x', actions: ['A_wake'], expect: {} }, 'inline');
    expect(result).toMatchObject({ pass: false, error: expect.stringMatching(/action 1 .* rejected: A is not paused/) });
  });

  it('a card for another lab, or with a starting state the model refuses, fails with the reason (sync and async alike)', async () => {
    const other = { lab: 'L01', name: 'x', actions: [], expect: {} };
    const badStart = { lab: 'L07', name: 'x', initial: { now: 'soon' }, actions: [], expect: {} };
    expect(await runCard(L07(), other, 'inline')).toMatchObject({ pass: false, error: 'card is for L01, not L07' });
    expect(await runCard(L07(), badStart, 'inline')).toMatchObject({ pass: false, error: expect.stringMatching(/^starting state: /), observed: null });
    expect(await runCard(L07(), badStart, 'inline')).toEqual(await runCard(L07(), badStart, 'inline'));
    const rejected = { lab: 'L07', name: 'x', actions: ['A_wake'], expect: {} };
    expect(await runCard(L07(), rejected, 'inline')).toEqual(await runCard(L07(), rejected, 'inline'));
  });

  it('invalid card files are reported by field', async () => {
    expect(parseCard('c.json', '{"lab":"L07","name":"x","expect":{}}')).toEqual({
      ok: false, problems: [{ file: 'c.json', field: 'actions', message: 'Invalid input: expected array, received undefined',
        code: 'problems.schema.invalid_type', params: { expected: 'array', received: 'undefined' } }],
    });
    expect(parseCard('c.json', 'nope')).toMatchObject({ ok: false, problems: [{ field: '(whole file)' }] });
  });

  it('the observable state after setup contains the starting state', async () => {
    await openLab('L07').expectState(L07().world.initial).dispose();
  });
});

describe('npm run cards (CLI)', () => {
  const run = (...args: string[]) => {
    try {
      return { code: 0, out: execFileSync('npx', ['tsx', 'scripts/cards.ts', ...args], { encoding: 'utf8', stdio: 'pipe' }) };
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: e.stdout + e.stderr };
    }
  };

  it('exit 0 and a summary line when all pass', async () => {
    const { code, out } = run('labs/');
    expect(code).toBe(0);
    expect(out).toMatch(/^PASS {2}L07 /m);
    expect(out).toMatch(/^\d+ passed, 0 failed$/m);
  });

  it('exit 1 with expected vs actual when a card fails', async () => {
    const { code, out } = run('e2e/fixtures/cards/wrong-expectation.json', 'labs/L07/cards/spec-9.7-stale-token.json');
    expect(code).toBe(1);
    expect(out).toMatch(/allowed: expected true, got false/);
    expect(out).toMatch(/^1 passed, 1 failed$/m);
  });

  it('exit 2 with a clear message for an invalid or missing card', async () => {
    const invalid = run('e2e/fixtures/cards/invalid-card.json');
    expect(invalid.code).toBe(2);
    expect(invalid.out).toMatch(/invalid-card\.json: actions: /);
    const missing = run('no/such/file.json');
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(/no such file or folder/);
  });
});
