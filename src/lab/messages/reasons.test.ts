/**
 * A rejection's `reason` (namespace `reasons`) says in English exactly what its `message`
 * says: the result frame, the client's replies and graders keep `message`, the timeline shows
 * the reason. Every rejection the authority makes while the shipped labs' scenarios (and each
 * palette action after them) run is checked, and the snapshot checks directly.
 */
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../../core/message';
import { verifySnapshot } from '../../core/snapshot/snapshot';
import { useSqlJs } from '../../test/sqljs';
import { loadLabsFromDir } from '../nodeFiles';
import { runPlan } from '../play';
import { formatMessage } from '../i18n/catalogRegistry';

const seen: { message: string; reason: Message | undefined }[] = [];

vi.mock('../../core/authority/outcomes', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../core/authority/outcomes')>();
  return {
    ...original,
    reject: (code: Parameters<typeof original.reject>[0], message: string, reason?: Message) => {
      seen.push({ message, reason });
      return original.reject(code, message, reason);
    },
  };
});

useSqlJs();

describe('reasons read in English as the messages they stand beside', () => {
  it('every authority rejection the labs produce', async () => {
    for (const load of loadLabsFromDir(resolve('labs'))) {
      if (!load.ok || !['authority', 'outage'].includes(load.lab.model)) continue;
      const lab = load.lab;
      for (const sc of lab.scenarios) {
        for (const extra of [[], ...lab.actions.map((e) => [e.action])]) {
          await runPlan(lab, { start: { initial: sc.initial, switches: sc.switches }, actions: [...sc.actions, ...extra], judge: () => null, cannotStart: () => null });
        }
      }
    }
    const withReason = seen.filter((s) => s.reason !== undefined);
    expect(withReason.length).toBeGreaterThan(10);
    const differ = withReason.filter((s) => formatMessage(s.reason!) !== s.message).map((s) => `${formatMessage(s.reason!)} ≠ ${s.message}`);
    expect([...new Set(differ)]).toEqual([]);
    // What still has no reason is English on the page: only zod's payload problems (INVALID_COMMAND) and codes without prose.
    const without = [...new Set(seen.filter((s) => s.reason === undefined).map((s) => s.message))];
    expect(without.filter((m) => !/^payload\./.test(m))).toEqual([]);
  }, 600_000);

  it('snapshot checks', async () => {
    const expected = { org: 'acme', group: 'G1', seq: 1, cursor: 0, authorityPublicKeyHex: '00' };
    for (const text of ['not json', '{}']) {
      const verified = verifySnapshot(text, expected as Parameters<typeof verifySnapshot>[1]);
      expect(verified.ok).toBe(false);
      if (!verified.ok) expect(formatMessage(verified.reason)).toBe(verified.message);
    }
  });
});
