/**
 * An aggregate of another group does not exist for a command: naming it is NOT_FOUND,
 * never a crash inside the accept transaction (ids are global keys, groups are not).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlJsOnce } from '../db/sqljs';
import { AuthorityHarness } from './testHarness';
import type { CommandKind } from './commands';

beforeAll(async () => { await initSqlJsOnce(); });

function twoGroups(): AuthorityHarness {
  const h = new AuthorityHarness(7).bootstrap(1000);
  const created = h.submit(h.command('lead', 'g2-1', 'create_group', { org: 'acme' }, null, 'G2'));
  expect(created.code).toBe('ACCEPTED');
  return h;
}

/** Each with the expected revision G1's W1 is at, so only the group can reject it. */
const ON_G1_ITEM: [CommandKind, Record<string, unknown>, number | null][] = [
  ['claim', { work_item: 'W1', lease_ticks: 10 }, 1],
  ['report_progress', { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 0, note: '' }, null],
];

describe('commands naming another group\'s aggregate', () => {
  for (const [kind, payload, expected] of ON_G1_ITEM) {
    it(`${kind} of G1's work item sent in G2 is NOT_FOUND`, async () => {
      const h = twoGroups();
      const result = h.submit(h.command('lead', `x-${kind}`, kind, payload, expected, 'G2'));
      expect(result.code).toBe('NOT_FOUND');
    });
  }

  it('a new work item of G2 under G1\'s mission is NOT_FOUND, and G1\'s own ids stay taken', async () => {
    const h = twoGroups();
    expect(h.submit(h.command('lead', 'x-item', 'create_work_item', { work_item: 'W9', mission: 'M1' }, null, 'G2')).code).toBe('NOT_FOUND');
    expect(h.submit(h.command('lead', 'x-dup', 'create_work_item', { work_item: 'W1', mission: 'M1' }, null, 'G2')).code).toBe('ALREADY_EXISTS');
  });
});
