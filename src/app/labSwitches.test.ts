import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseLab } from '../lab/loader';
import { declaredSwitches } from './labSwitches';
import { initSqlJsOnce } from '../core/db/sqljs';

describe('declaredSwitches', () => {
  it('L07 declares its resource switch and the network; L01 does not declare resource', async () => {
    await initSqlJsOnce();
    const load = (id: string) => {
      const result = parseLab(`labs/${id}/lab.json`, readFileSync(`labs/${id}/lab.json`, 'utf8'), '');
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      return result.lab;
    };
    expect([...declaredSwitches(load('L07'))].sort()).toEqual(['network', 'resource']);
    const l01 = declaredSwitches(load('L01'));
    expect(l01.has('network')).toBe(true);
    expect(l01.has('resource')).toBe(false);
  });
});
