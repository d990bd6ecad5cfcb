/**
 * npm run cards -- <files or folders>
 *
 * Runs card files headlessly against the labs in labs/. Prints one line per card, then
 * `N passed, N failed`. Exit 0 when all pass, 1 when any fails, 2 when a card or lab file
 * cannot be read or is invalid (with a message naming the file and field).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import { formatCardResult, parseCard, runCard, type CardResult } from '../src/lab/cards';
import { findCardFiles, loadLabsFromDir } from '../src/lab/nodeFiles';
import type { Lab } from '../src/lab/schema';

function usageError(message: string): never {
  console.error(`cards: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0) usageError('name card files or folders, e.g. npm run cards -- labs/');
  for (const arg of args) if (!existsSync(arg)) usageError(`no such file or folder: ${arg}`);

  const labs = new Map<string, Lab>();
  const brokenLabs = new Map<string, string>();
  for (const load of loadLabsFromDir(resolve('labs'))) {
    if (load.ok) labs.set(load.lab.id, load.lab);
    else brokenLabs.set(load.id ?? load.file, load.problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join('; '));
  }

  const files = findCardFiles(args);
  if (files.length === 0) usageError(`no card files found in ${args.join(' ')}`);

  const invalid: string[] = [];
  const results: CardResult[] = [];
  await initSqlJsOnce();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      invalid.push(`${file}: cannot read: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const parsed = parseCard(file, text);
    if (!parsed.ok) {
      invalid.push(...parsed.problems.map((p) => `${p.file}: ${p.field}: ${p.message}`));
      continue;
    }
    const lab = labs.get(parsed.card.lab);
    if (!lab) {
      const why = brokenLabs.get(parsed.card.lab);
      invalid.push(`${file}: lab: ${why ? `lab ${parsed.card.lab} does not load: ${why}` : `no lab ${parsed.card.lab} in labs/`}`);
      continue;
    }
    const result = await runCard(lab, parsed.card, file);
    results.push(result);
    console.log(formatCardResult(result));
  }

  for (const line of invalid) console.error(`INVALID  ${line}`);
  const passed = results.filter((r) => r.pass).length;
  console.log(`${passed} passed, ${results.length - passed} failed`);
  if (invalid.length > 0) process.exit(2);
  process.exit(passed === results.length ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`cards: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(2);
});
