/**
 * Bounded input: every reader of outside JSON refuses nesting past the limit and prototype
 * keys with a named problem (before recursive code can overflow its stack or a schema drops
 * a key), treats a byte-order mark the same way, and keeps numbers in range.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCard } from './cards';
import { parseLab } from './loader';
import { findCardFiles } from './nodeFiles';
import { parseSubmission } from './submission';
import { parseWorldAction } from '../sim/worldActions';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('bounded input', () => {
  it('a card nested 5,000 levels deep is a named problem, not a stack overflow', () => {
    const action = parseCard('deep.json', `{"lab":"L07","name":"x","actions":[${deep(5000)}],"expect":{}}`);
    expect(action).toMatchObject({ ok: false, problems: [{ code: 'problems.too_deep', field: '(whole file)' }] });
    const expectation = parseCard('deep.json', `{"lab":"L07","name":"x","actions":[],"expect":{"a":${deep(5000)}}}`);
    expect(expectation.ok).toBe(false);
  });

  it('a __proto__ key in a card\'s expect is refused, so the card cannot pass by losing it', () => {
    const parsed = parseCard('proto.json', '{"lab":"L07","name":"x","actions":[],"expect":{"__proto__":{"document":{"version":99}}}}');
    expect(parsed).toMatchObject({ ok: false, problems: [{ code: 'problems.forbidden_key', field: 'expect' }] });
  });

  it('a lab file nested too deep fails alone, with a reason', () => {
    const load = parseLab('labs/L99/lab.json', `{"id":"L99","x":${deep(5000)}}`, '# x');
    expect(load).toMatchObject({ ok: false, problems: [{ code: 'problems.too_deep' }] });
  });

  it('a byte-order mark is read the same way by every reader', () => {
    expect(parseCard('bom.json', '\uFEFF{"lab":"L07","name":"x","actions":[],"expect":{}}').ok).toBe(true);
    const submission = parseSubmission('\uFEFF{}');
    expect(submission.ok === false && submission.error).not.toMatch(/JSON/);
  });

  it('a clock move must be finite and in range', () => {
    expect(parseWorldAction({ advance: 1e308 })).toMatch(/from 1 to/);
    expect(parseWorldAction({ advance: 1_000_000 })).toEqual({ type: 'advance', by: 1_000_000 });
  });

  it('a card file named on the command line runs whatever its name; a folder\'s lab.json does not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cards-'));
    writeFileSync(join(dir, 'mylab.json'), '{}');
    writeFileSync(join(dir, 'lab.json'), '{}');
    expect(findCardFiles([join(dir, 'mylab.json')])).toEqual([join(dir, 'mylab.json')]);
    expect(findCardFiles([dir])).toEqual([]); // a folder with a lab.json is a lab: only its cards/ folder holds cards
  });
});
