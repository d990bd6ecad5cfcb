/**
 * npm run explore -- <lab> [--switch key=value]... [--depth N] [--max-states N] [--max-ms N]
 *   [--crashes N] [--drops N] [--duplicates N] [--partitions N] [--advances 1,11]
 *   [--from step-log.json] [--recover] [--reduce] [--workers N] [--swarm --seed S --runs N] [--json]
 *
 * Exhaustive search runs over `--workers` worker_threads (default: every core; 1 runs it in
 * this thread): one search, the same result whatever the count (src/sim/explorer/parallel.ts).
 * `--reduce` adds partial-order reduction (same verdicts, fewer transitions).
 * Searches a lab's design for a schedule that breaks an invariant and, with --recover, for a
 * reached state from which the system's own recovery does not settle (liveness). Prints the
 * bounds, then the card JSON of each counterexample (shortest first), and as its last line:
 *   `counterexample: <invariant id> in <k> steps`                    exit 1
 *   `not recoverable: <end condition> after <k> + <r> steps`         exit 1
 *   `incomplete: stopped by <limit> … (depth <d> complete)`         exit 3 — never a pass
 *   `no violation: <states> states, <transitions> transitions, depth <d>`   exit 0
 * Exit 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import type { Bounds } from '../src/sim/explorer/bounds';
import { labCard, searchLab, searchLabParallel, unsearchable, type LabSearch } from '../src/lab/search';
import { defaultWorkers, threadPool } from './pool/threadPool';
import { loadLabsFromDir } from '../src/lab/nodeFiles';

function usage(message: string): never {
  console.error(`explore: ${message}`);
  console.error('usage: npm run explore -- <lab> [--switch key=value]... [--depth N] [--max-states N] [--max-ms N] [--recover] [--swarm --seed S --runs N] [--json]');
  process.exit(2);
}

const INT_FLAGS: Record<string, keyof Bounds> = {
  '--depth': 'depth', '--max-states': 'maxStates', '--max-ms': 'maxMs', '--crashes': 'crashes',
  '--drops': 'drops', '--duplicates': 'duplicates', '--partitions': 'partitions',
};

interface Args { lab: string; switches: Record<string, string>; bounds: Partial<Bounds>; json: boolean; swarm: boolean; recover: boolean; reduce: boolean; workers: number; seed?: number; runs: number; from?: string }

function parseArgs(argv: string[]): Args {
  const args: Args = { lab: '', switches: {}, bounds: {}, json: false, swarm: false, recover: false, reduce: false, workers: defaultWorkers(), runs: 100 };
  const int = (flag: string, value: string | undefined) => {
    const n = Number(value);
    if (value === undefined || !Number.isInteger(n) || n < 0) usage(`${flag} needs a whole number, got ${JSON.stringify(value)}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') args.json = true;
    else if (arg === '--swarm') args.swarm = true;
    else if (arg === '--recover') args.recover = true;
    else if (arg === '--reduce') args.reduce = true;
    else if (arg === '--switch') {
      const [key, value] = (argv[++i] ?? '').split('=');
      if (!key || !value) usage('--switch needs key=value, e.g. --switch resource=external');
      args.switches[key] = value;
    } else if (arg === '--seed') args.seed = int(arg, argv[++i]);
    else if (arg === '--runs') args.runs = int(arg, argv[++i]);
    else if (arg === '--workers') {
      args.workers = int(arg, argv[++i]);
      if (args.workers < 1) usage('--workers needs at least 1');
    }
    else if (arg === '--from') args.from = argv[++i];
    else if (arg === '--advances') args.bounds.advances = (argv[++i] ?? '').split(',').map((v) => int(arg, v));
    else if (arg in INT_FLAGS) (args.bounds as Record<string, number>)[INT_FLAGS[arg]!] = int(arg, argv[++i]);
    else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else if (args.lab) usage(`one lab at a time (got ${args.lab} and ${arg})`);
    else args.lab = arg.toUpperCase();
  }
  if (!args.lab) usage('name a lab, e.g. npm run explore -- L07');
  if (args.recover && args.swarm) usage('--recover runs with the exhaustive search, not with --swarm');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const load = loadLabsFromDir(resolve('labs')).find((l) => (l.ok ? l.lab.id : l.id) === args.lab);
  if (!load) usage(`no lab ${args.lab} in labs/`);
  if (!load.ok) usage(`lab ${args.lab} does not load: ${load.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
  const lab = load.lab;
  const missing = unsearchable(lab.model);
  if (missing) usage(`${lab.id}: ${missing}`);
  let prefix: unknown[] | undefined;
  if (args.from) {
    const parsed = JSON.parse(readFileSync(args.from, 'utf8')) as unknown;
    prefix = Array.isArray(parsed) ? parsed : (parsed as { actions?: unknown[] }).actions;
    if (!Array.isArray(prefix)) usage(`--from ${args.from}: expected a step log (an array) or a card with actions`);
  }
  // A swarm without a seed gets a fresh one, printed so that the seed alone reproduces it.
  const seed = args.seed ?? Math.floor(Math.random() * 2 ** 31);
  await initSqlJsOnce();
  let lastProgress = 0;
  const search: LabSearch = {
    switches: args.switches, bounds: args.bounds, prefix,
    recover: args.recover,
    reduce: args.reduce,
    now: () => performance.now(),
    onProgress: (p) => {
      if (p.elapsedMs - lastProgress < 2000) return;
      lastProgress = p.elapsedMs;
      process.stderr.write(`… ${p.states} states, ${p.transitions} transitions, depth ${p.depth}, ${Math.round(p.transitions / (p.elapsedMs / 1000))} transitions/s\n`);
    },
  };
  // Any lab: an asynchronous model (L05, L06's LangGraph executor) is awaited inside each step.
  let workers = 1;
  let result;
  if (args.swarm || args.workers === 1) {
    result = await searchLab(lab, { ...search, swarm: args.swarm ? { seed, runs: args.runs } : undefined });
  } else {
    const pool = threadPool(args.workers);
    try {
      result = await searchLabParallel(lab, search, pool);
      workers = result.workers;
    } finally {
      await pool.close();
    }
  }
  const cards = [...result.counterexamples, ...(result.unrecoverable ?? [])].map((c) => labCard(lab, result, c));
  if (args.json) {
    console.log(JSON.stringify({ ...result, cards }, null, 2));
  } else {
    console.log(`${lab.id} ${JSON.stringify(result.switches)} — ${result.mode}${result.seed !== undefined ? ` (seed ${result.seed})` : ''}`);
    console.log(`bounds: ${result.boundsText}`);
    if (result.stoppedBy) console.log(`stopped early by ${result.stoppedBy}: the search is NOT complete to depth ${result.bounds.depth}`);
    const replays = result.replays !== undefined ? `, ${result.replays} fresh replays` : '';
    const recovered = result.recovered !== undefined ? `, recovery run from ${result.recovered} states` : '';
    const reduced = result.reduced ? `, reduced: ${result.slept} transitions slept` : '';
    const pool = workers > 1 ? `, ${workers} workers` : '';
    console.log(`${result.states} states, ${result.transitions} transitions, ${Math.round(result.elapsedMs)} ms (${result.space}${replays}${recovered}${reduced}${pool})`);
    for (const card of cards) console.log(JSON.stringify(card, null, 2));
  }
  const first = result.counterexamples[0];
  if (first) {
    console.log(`counterexample: ${first.invariant} in ${first.steps} steps`);
    process.exit(1);
  }
  const stuck = result.unrecoverable?.[0];
  if (stuck) {
    console.log(`not recoverable: ${stuck.invariant} after ${stuck.steps - stuck.recovery} + ${stuck.recovery} steps`);
    process.exit(1);
  }
  const depth = result.mode === 'swarm' ? result.bounds.depth : result.depthCompleted;
  // A judge never passes what it did not finish: a search cut short by a limit is not "no violation".
  if (result.stoppedBy === 'maxStates' || result.stoppedBy === 'maxMs') {
    console.log(`incomplete: stopped by ${result.stoppedBy === 'maxMs' ? `--max-ms ${result.bounds.maxMs}` : `--max-states ${result.bounds.maxStates}`} after ${result.states} states, ${result.transitions} transitions (depth ${result.depthCompleted} complete)`);
    process.exit(3);
  }
  console.log(`no violation: ${result.states} states, ${result.transitions} transitions, depth ${depth}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`explore: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(2);
});
