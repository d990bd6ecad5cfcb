// Lint: the house rules that keep the engine deterministic and UI-free (DESIGN.md, STYLE.md §1).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';
import sql from './scripts/eslint-sql.mjs';

const engineFiles = ['src/core/**/*.ts', 'src/sim/**/*.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'test-results/**', 'test-results-*/**', 'playwright-report/**', 'grade-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layers (DESIGN.md): core ← sim ← models ← lab ← app, and no import cycles.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { layers },
    rules: {
      'layers/downward': 'error',
      'layers/no-cycle': 'error',
    },
  },
  {
    // SQL the source writes (tests may truncate on purpose: deleteWithoutWhere.test.ts shows why it matters).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    plugins: { sql },
    rules: {
      'sql/delete-needs-where': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: engineFiles,
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'react', message: 'src/core and src/sim must not import React.' },
          { name: 'react-dom', message: 'src/core and src/sim must not import React DOM.' },
          { name: 'zustand', message: 'src/core and src/sim must not import zustand.' },
          { name: '@xyflow/react', message: 'src/core and src/sim must not import the diagram library.' },
        ],
        patterns: [
          { group: ['react/*', 'react-dom/*', 'zustand/*', '@xyflow/*'], message: 'UI libraries stay in src/app.' },
          { group: ['**/app/**', '**/lab/**'], message: 'Imports point downwards: core/sim never import app or lab.' },
        ],
      }],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'Use the virtual clock (src/sim/clock.ts).' },
        { object: 'Math', property: 'random', message: 'Use the seeded RNG (src/sim/rng.ts).' },
        { object: 'performance', property: 'now', message: 'Use the virtual clock.' },
      ],
      'no-restricted-globals': ['error',
        { name: 'setTimeout', message: 'No real timers in the engine: advance the virtual clock.' },
        { name: 'setInterval', message: 'No real timers in the engine: advance the virtual clock.' },
        { name: 'window', message: 'No DOM in the engine.' },
        { name: 'document', message: 'No DOM in the engine.' },
        { name: 'localStorage', message: 'No browser storage in the engine.' },
      ],
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'new Date() reads the wall clock: use the virtual clock.' },
      ],
    },
  },
);
