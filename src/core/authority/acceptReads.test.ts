/** The work item row accept reads is the row the checks would read themselves, column by column. */
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlJsOnce } from '../db/sqljs';
import { readForAccept } from './acceptReads';
import { WORK_ITEM_COLUMNS } from './handlerKit';
import { AuthorityHarness } from './testHarness';

beforeAll(async () => { await initSqlJsOnce(); });

describe('readForAccept', () => {
  it('hands the checks the work item with WORK_ITEM_COLUMNS in order, and its mission\'s budget', async () => {
    const h = new AuthorityHarness(1).bootstrap(700);
    h.send('agent-1', 'claim-1', 'claim', { work_item: 'W1', lease_ticks: 30 }, 1);
    const command = h.command('agent-1', 'p-1', 'report_progress', { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 5, note: '' });
    const { known } = readForAccept(h.store, command);
    const row = known.items.get('W1')!;
    expect(Object.keys(row)).toEqual([...WORK_ITEM_COLUMNS]);
    expect(row).toEqual(h.store.get(`SELECT ${WORK_ITEM_COLUMNS.join(', ')} FROM work_items WHERE work_item_id = 'W1'`));
    expect(known.missions!.get('M1')).toEqual(h.store.get("SELECT limit_cents, spent_cents FROM missions WHERE mission_id = 'M1'"));
    expect(readForAccept(h.store, { ...command, payload: { work_item: 'W9' } }).known.items.get('W9')).toBeUndefined();
  });
});
