/**
 * npm run rules — writes docs/rules.md from code (src/lab/rules/table.ts) and prints what the
 * table still lacks (a rule without a property, a property without a broken variant, …);
 * exit 1 if anything does. Whether search really finds each variant is scripts/rules.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import { rulesProblems, rulesTable } from '../src/lab/rules/table';

const labs = loadLabsFromDir(resolve('labs')).flatMap((l) => (l.ok ? [l.lab] : []));
writeFileSync('docs/rules.md', rulesTable(labs));
const problems = rulesProblems(labs);
for (const p of problems) console.log(p);
console.log(problems.length ? `docs/rules.md written; ${problems.length} problem(s)` : 'docs/rules.md written; every rule has a property and a broken variant');
process.exit(problems.length ? 1 : 0);
