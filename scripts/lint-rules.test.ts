/** The house rules hold: the engine may not import UI code or read the wall clock. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? 'fatal');
}

describe('lint boundaries for src/core and src/sim', () => {
  it('forbid React, zustand, the wall clock, Math.random and timers', async () => {
    const code = "import { create } from 'zustand';\nimport React from 'react';\nexport const x = Date.now() + Math.random();\nsetTimeout(() => 1, 1);\nvoid create; void React;\n";
    for (const file of ['src/core/probe.ts', 'src/sim/probe.ts']) {
      expect(await ruleIds(code, file)).toEqual([
        'no-restricted-imports', 'no-restricted-imports', 'no-restricted-properties', 'no-restricted-properties', 'no-restricted-globals',
      ]);
    }
  });

  it('allow the same code in the app', async () => {
    const code = "import { create } from 'zustand';\nexport const x = Date.now();\nvoid create;\n";
    expect(await ruleIds(code, 'src/app/probe.ts')).toEqual([]);
  });
});
