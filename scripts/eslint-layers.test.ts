/** The layer rules fire: an upward import and an import cycle are lint errors; downward imports are not. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
// @ts-expect-error: a plain .mjs module without type declarations
import layers, { cyclesIn } from './eslint-layers.mjs';

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

describe('layers/no-cycle on files', () => {
  it('is on for every source file in the project config', async () => {
    const config = (await eslint.calculateConfigForFile('src/sim/world.ts')) as { rules: Record<string, unknown> };
    expect(config.rules['layers/no-cycle']).toEqual([2]);
  });

  it('reports both files of a value-import cycle, not a type-only one, not a file outside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src/a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'src/b.ts'), "export { a } from './a';\nexport const b = 1;\n");
      writeFileSync(join(dir, 'src/c.ts'), "import type { D } from './d';\nimport { a } from './a';\nexport type C = D;\nexport const c = a;\n");
      writeFileSync(join(dir, 'src/d.ts'), "import type { C } from './c';\nexport type D = C | 1;\n");
      const lint = new ESLint({
        cwd: dir, overrideConfigFile: true,
        overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { layers }, rules: { 'layers/no-cycle': 'error' } }],
      });
      const reported = (await lint.lintFiles(['src'])).filter((r) => r.messages.length > 0)
        .map((r) => `${r.filePath.slice(dir.length + 1)}: ${r.messages.map((m) => m.message).join('; ')}`).sort();
      expect(reported).toEqual([
        'src/a.ts: Import cycle: this file and src/b.ts import each other.',
        'src/b.ts: Import cycle: this file and src/a.ts import each other.',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
