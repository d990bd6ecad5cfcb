/**
 * npm run soak -- [--seed S] [--runs N] [--depth N] [labs...]
 * npm run soak -- --reduce-check [--workers N] [labs...]
 *
 * `--reduce-check`: exhaustive search, full and with partial-order reduction, over every
 * lab from its configuration and every configuration one switch away, at the lab's DEFAULT
 * bounds (CI runs the same comparison at smaller ones: src/lab/reduce.search.test.ts); each
 * search runs over `--workers` worker_threads (default: every core). Any difference in
 * states, depth or shortest counterexamples is a failure (exit 1).
 *
 * Swarm mode over every lab and every design configuration of its model (not part of
 * npm test: it runs for minutes). A design presented as right must give no counterexample;
 * one presented as wrong is expected to (reported, not a failure). Any failure prints the
 * seed and the card: `npm run explore -- <lab> --switch … --swarm --seed S --runs N`
 * reproduces it. Exit 1 on any failure. Labs whose model has no search hooks are listed
 * as skipped, with the reason.
 *
 * Asynchronous designs (L05, L06 with the LangGraph executor: a LangGraph run per step,
 * ≈10 ms) get small runs: `--async-runs` walks (default 20) of ≤ `--async-depth` steps
 * (default 8), and only their engine's own switches vary (ENGINE_SWITCHES).
 */
import { resolve } from 'node:path';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import { designs, isAsyncSearch, labCard, searchLab, searchLabParallel, unsearchable, type Design } from '../src/lab/search';
import { oneSwitchAway, reductionMismatch } from '../src/lab/reduceCheck';
import { getModel } from '../src/lab/models';
import { switchesOf } from '../src/sim/switches';
import { defaultWorkers, threadPool } from './pool/threadPool';
import type { Lab } from '../src/lab/schema';
import { loadLabsFromDir } from '../src/lab/nodeFiles';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`soak: ${name} needs a whole number`);
    process.exit(2);
  }
  return n;
}

/**
 * The switches an asynchronous model reads: the LangGraph workflow reads only `recovery`, and
 * L06's LangGraph executor ignores the hand-written executor's switches — the other
 * switches stay at the lab's values (else L06 would soak 49 152 identical LangGraph designs).
 */
const ENGINE_SWITCHES: Readonly<Record<string, readonly string[]>> = {
  workflow: ['recovery'],
  matrix: ['executor', 'recovery'],
};

/** The lab's designs to soak: every synchronous one; the asynchronous ones once per engine setting. */
function soakDesigns(lab: Lab): (Design & { async: boolean })[] {
  const seen = new Set<string>();
  const out: (Design & { async: boolean })[] = [];
  for (const design of designs(lab.model)) {
    const async = isAsyncSearch(lab, design.switches);
    if (async) {
      const keys = ENGINE_SWITCHES[lab.model] ?? Object.keys(design.switches);
      const own = Object.fromEntries(keys.filter((k) => k in design.switches).map((k) => [k, design.switches[k]!]));
      const id = JSON.stringify(own);
      if (seen.has(id)) continue;
      seen.add(id);
      // Presented right or wrong by the engine's own options only (the others do not apply to it).
      const wrong = design.wrong.filter((w) => keys.includes(w.split('=')[0]!));
      out.push({ switches: { ...lab.world.switches, ...own }, wrong, presented: wrong.length ? 'wrong' : design.presented === null ? null : 'right', async });
    } else {
      out.push({ ...design, async });
    }
  }
  return out;
}

/** Full against reduced search at the default bounds, over a pool of worker_threads. */
async function reduceCheck(only: string[]): Promise<number> {
  const workers = flag('--workers', defaultWorkers());
  const pool = threadPool(Math.max(1, workers));
  let failures = 0;
  try {
    for (const load of loadLabsFromDir(resolve('labs'))) {
      if (!load.ok || (only.length && !only.includes(load.lab.id))) continue;
      const lab = load.lab;
      for (const switches of oneSwitchAway(lab, switchesOf(getModel(lab.model)))) {
        const started = performance.now();
        const full = await searchLabParallel(lab, { switches }, pool);
        const reduced = await searchLabParallel(lab, { switches, reduce: true }, pool);
        const mismatch = reductionMismatch(full, reduced);
        const label = `${lab.id} ${JSON.stringify(switches)} (${full.boundsText})`;
        if (mismatch) failures++;
        console.log(mismatch ? `FAIL  ${label}: ${mismatch}`
          : `ok    ${label}: ${full.states} states, transitions ${full.transitions} → ${reduced.transitions}, ${Math.round(performance.now() - started)} ms`);
      }
    }
  } finally {
    await pool.close();
  }
  console.log(failures ? `soak --reduce-check: ${failures} failure(s)` : 'soak --reduce-check: full and reduced agree everywhere');
  return failures;
}

async function main(): Promise<void> {
  if (process.argv.includes('--reduce-check')) {
    await initSqlJsOnce();
    const labs = process.argv.slice(2).filter((a) => /^L\d{2}$/i.test(a)).map((a) => a.toUpperCase());
    process.exit((await reduceCheck(labs)) ? 1 : 0);
  }
  const seed = flag('--seed', Math.floor(Math.random() * 2 ** 31));
  const runs = flag('--runs', 200);
  const depth = flag('--depth', 30);
  const asyncRuns = flag('--async-runs', 20);
  const asyncDepth = flag('--async-depth', 8);
  const only = process.argv.slice(2).filter((a, i, all) => /^L\d{2}$/i.test(a) && !all[i - 1]?.startsWith('--')).map((a) => a.toUpperCase());
  console.log(`soak: seed ${seed}, ${runs} walks of ≤ ${depth} steps per design (asynchronous: ${asyncRuns} walks of ≤ ${asyncDepth})`);
  await initSqlJsOnce();
  let failures = 0;
  for (const load of loadLabsFromDir(resolve('labs'))) {
    if (!load.ok) {
      console.log(`SKIP  ${load.id ?? load.file}: does not load`);
      continue;
    }
    const lab = load.lab;
    if (only.length && !only.includes(lab.id)) continue;
    const missing = unsearchable(lab.model);
    if (missing) {
      console.log(`SKIP  ${lab.id}: ${missing}`);
      continue;
    }
    for (const design of soakDesigns(lab)) {
      const switches = Object.entries(design.switches).map(([k, v]) => `--switch ${k}=${v}`).join(' ');
      const started = performance.now();
      const walks = design.async ? asyncRuns : runs;
      const length = design.async ? asyncDepth : depth;
      const result = await searchLab(lab, { switches: design.switches, bounds: { depth: length }, swarm: { seed, runs: walks }, now: () => performance.now() });
      const found = result.counterexamples[0];
      const ms = Math.round(performance.now() - started);
      const label = `${lab.id} ${JSON.stringify(design.switches)} (${design.presented ?? 'unlabelled'})`;
      if (!found) {
        console.log(`ok    ${label}: no violation in ${result.transitions} steps, ${result.states} states, ${ms} ms`);
        continue;
      }
      const expected = design.presented === 'wrong' && found.invariant !== 'ERROR';
      if (!expected) failures++;
      console.log(`${expected ? 'found' : 'FAIL '} ${label}: ${found.invariant} in ${found.steps} steps — seed ${seed}`);
      if (!expected) {
        console.log(`      reproduce: npm run explore -- ${lab.id} ${switches} --swarm --seed ${seed} --runs ${walks} --depth ${length}`);
        console.log(JSON.stringify(labCard(lab, result, found)));
      }
    }
  }
  console.log(failures ? `soak: ${failures} failure(s), seed ${seed}` : `soak: no failure, seed ${seed}`);
  process.exit(failures ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`soak: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(2);
});
