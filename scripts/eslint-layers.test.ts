/** The layer rules fire: an upward import and an import cycle are lint errors; downward imports are not. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module without type declarations
import { cyclesIn } from './eslint-layers.mjs';

const find = cyclesIn as (graph: Map<string, string[]>) => Map<string, string[]>;

const eslint = new ESLint();

async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith('layers/')).map((m) => m.message);
}

describe('layers/downward', () => {
  it('refuses an import that points up', async () => {
    expect(await layerErrors("import { LabSession } from '../lab/session';\nvoid LabSession;\n", 'src/sim/probe.ts'))
      .toEqual([expect.stringMatching(/sim must not import lab/)]);
    expect(await layerErrors("import { World } from '../sim/world';\nvoid World;\n", 'src/core/probe.ts'))
      .toEqual([expect.stringMatching(/core must not import sim/)]);
    expect(await layerErrors("export { fencingModel } from './models/fencing';\n", 'src/sim/probe.ts'))
      .toEqual([expect.stringMatching(/sim must not import models/)]);
    expect(await layerErrors("const m = import('../app/store');\nvoid m;\n", 'src/lab/probe.ts'))
      .toEqual([expect.stringMatching(/lab must not import app/)]);
  });

  it('accepts imports that point down, type-only imports, and files outside the layers', async () => {
    expect(await layerErrors("import { World } from '../sim/world';\nimport { Store } from '../core/db/store';\nvoid World; void Store;\n", 'src/lab/probe.ts')).toEqual([]);
    expect(await layerErrors("import type { Lab } from '../lab/schema';\nexport type X = Lab;\n", 'src/sim/probe.ts')).toEqual([]);
    expect(await layerErrors("import { LabSession } from '../src/lab/session';\nvoid LabSession;\n", 'bench/probe.ts')).toEqual([]);
  });
});

describe('layers/no-cycle', () => {
  it('finds every member of a cycle and nothing outside it', () => {
    const graph = new Map([
      ['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['e']], ['f', ['a']],
    ]);
    const members = find(graph);
    expect([...members.keys()].sort()).toEqual(['a', 'b', 'c', 'e']);
    expect([...members.get('a')!].sort()).toEqual(['a', 'b', 'c']);
  });
});
