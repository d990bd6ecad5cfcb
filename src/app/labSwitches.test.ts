import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseLab } from '../lab/loader';
import { declaredSwitches } from './labSwitches';
import { initSqlJsOnce } from '../core/db/sqljs';
import { getModel } from '../lab/models';
import { switchesOf } from '../sim/switches';

describe('declaredSwitches', () => {
  it('L07 declares its resource switch and the network; L01 does not declare resource', async () => {
    await initSqlJsOnce();
    const load = (id: string) => {
      const result = parseLab(`labs/${id}/lab.json`, readFileSync(`labs/${id}/lab.json`, 'utf8'), '');
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      return result.lab;
    };
    // The resource switch (repair, scenarios), the renewal switch (a scenario shows a renewal without its check) and the network.
    expect([...declaredSwitches(load('L07'))].sort()).toEqual(['network', 'renewal', 'resource']);
    const l01 = load('L01');
    const declared = declaredSwitches(l01);
    expect(declared.has('network')).toBe(true);
    // The model offers more than the lab talks about: those stay behind "more".
    const offered = switchesOf(getModel(l01.model)).map((s) => s.key);
    expect(offered.filter((k) => !declared.has(k)).length).toBeGreaterThan(0);
    for (const key of declared) expect(offered).toContain(key);
  });
});
