/** Node IDs and group settings shared by the projection model's files. */
import type { ModelContext } from '../../model';

export const AUTHORITY = 'authority';
export const WORKER = 'worker';

export function settingsOf(ctx: ModelContext): { org: string; group: string } {
  const row = ctx.store(AUTHORITY).get('SELECT org_id, group_id FROM groups LIMIT 1')!;
  return { org: String(row.org_id), group: String(row.group_id) };
}
