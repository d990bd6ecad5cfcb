/**
 * npm run compare — the SPEC 9.9 fault matrix against BOTH executors, from real runs.
 *
 * Both halves are L06's own scenarios: the hand-written executor's (`f1-…`, model `matrix`
 * = the refund model) and, under the Executor switch, LangGraph.js's (`lg-f1-…`, model
 * `matrix_langgraph` = the workflow model, durable checkpoints + intent key). For each fault
 * and executor the table reports, measured on the run:
 * where recovery resumed, which code ran again, which results were reused, what the
 * business layer deduped (refund requests the provider answered without booking, intents
 * found instead of created, refusals), and the ledger outcome.
 *
 * Writes labs/L05/comparison.md and labs/L05/comparison.json and the table in L05's and L06's READMEs; `compare.test.ts` re-runs it
 * and fails if the LangGraph rows change (how an engine upgrade is re-checked, SPEC 9.6).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { initSqlJsOnce } from '../src/core/db/sqljs';
import '../src/lab/models'; // every model, created by id below
import { configFor } from '../src/lab/config';
import { isMessage } from '../src/core/message';
import { formatMessage } from '../src/lab/i18n/catalogRegistry';
import { loadLabsFromDir } from '../src/lab/nodeFiles';
import type { Lab } from '../src/lab/schema';
import { runStep } from '../src/sim/asyncStep';
import { switchesOf } from '../src/sim/switches';
import { World, type TraceEntry } from '../src/sim/world';

/** A note's parameter in English: a parameter may itself be a message (the narration's nested words). */
const paramText = (value: unknown): string => (isMessage(value) ? formatMessage(value) : String(value ?? ''));

export interface Fault {
  n: number;
  title: string;
  /** L06 scenario id for the hand-written executor. */
  handwritten: string;
  /** L06 scenario id for the LangGraph executor (Executor switch: LangGraph). */
  langgraph: string;
}

export const FAULTS: Fault[] = [
  { n: 1, title: 'crash before submit', handwritten: 'f1-crash-before-submit',
    langgraph: 'lg-f1-crash-before-submit' },
  { n: 2, title: 'response lost after submit', handwritten: 'f2-response-lost', langgraph: 'lg-f2-response-lost' },
  { n: 3, title: 'crash before the local result is saved', handwritten: 'f3-crash-before-local-save',
    langgraph: 'lg-f3-crash-before-local-save' },
  { n: 4, title: 'duplicate approval', handwritten: 'f4-duplicate-approval', langgraph: 'lg-f4-duplicate-approval' },
  { n: 5, title: 'two workers competing', handwritten: 'f5-two-workers', langgraph: 'lg-f5-two-workers' },
  // A worker stalls after its epoch check with its request built; another takes the operation over (the hand-written
  // new owner looks the old epoch's send up first; LangGraph's B resumes the thread from the same checkpoints); the
  // stalled one wakes and sends (SPEC 9.9 fault 6, seed §7). Both in the design the lab presents as right.
  { n: 6, title: 'an old worker arriving late', handwritten: 'f6-stall-after-check',
    langgraph: 'lg-f6-stall-after-check' },
  { n: 7, title: 'the same key reused with changed parameters', handwritten: 'f7-changed-parameters', langgraph: 'lg-f7-changed-parameters' },
  { n: 8, title: 'approval expired', handwritten: 'f8-approval-expired', langgraph: 'lg-f8-approval-expired' },
  { n: 9, title: 'order version changed', handwritten: 'f9-order-changed', langgraph: 'lg-f9-order-changed' },
];

export interface Row {
  fault: number;
  title: string;
  executor: 'hand-written' | 'LangGraph';
  recoveryPoint: string;
  reruns: string;
  reused: string;
  dedupedByBusiness: string;
  ledger: string;
  ledgerCount: number;
  status: string | null;
}

const isRequest = (kind: string) => kind === 'refund_request' || kind === 'lg_refund_request';
const isLookup = (kind: string) => kind === 'lookup_request' || kind === 'lg_lookup_request';

function delivered(trace: readonly TraceEntry[], test: (kind: string) => boolean): number {
  return trace.reduce((n, e) => n + e.delivered.filter((f) => f.to === 'provider' && test(f.kind)).length, 0);
}

function noteKeys(trace: readonly TraceEntry[]): { key: string; params: Record<string, unknown> }[] {
  return trace.flatMap((e) => e.notes.flatMap((n) => (typeof n === 'string' ? [] : [{ key: n.key, params: { ...n.params } }])));
}

async function play(lab: Lab, actions: readonly unknown[], switches: Record<string, string> = {}): Promise<World> {
  const world = World.create(configFor(lab, { switches: { ...lab.world.switches, ...switches } }));
  // The table compares the designs the lab presents as right: a scenario that picks a wrong option is not a row.
  const wrong = switchesOf(world.model).flatMap((spec) => spec.options
    .filter((o) => o.presented === 'wrong' && (world.config.switches[spec.key] ?? spec.default) === o.value).map((o) => `${spec.key}=${o.value}`));
  if (wrong.length > 0) {
    world.dispose();
    throw new Error(`${lab.id}: the comparison runs right designs only, this one chooses ${wrong.join(', ')}`);
  }
  for (const [i, action] of actions.entries()) {
    const outcome = await runStep(world, action);
    if (!outcome.ok) throw new Error(`${lab.id} step ${i + 1} (${JSON.stringify(action)}): ${formatMessage(outcome.error)}`);
  }
  return world;
}

function ledgerVerdict(observed: Record<string, unknown>, requests: number): string {
  const count = Number(observed.ledger_count ?? 0);
  const perIntent = Object.values((observed.refunds_per_intent ?? observed.refunds_per_operation ?? {}) as Record<string, number>);
  const worst = perIntent.length ? Math.max(...perIntent) : count;
  const status = String(observed.status ?? '—');
  if (worst > 1) return `${count} refunds for one intent — WRONG`;
  if (count === 0) return `no refund; ${status}${observed.last_refusal ? ` (${String(observed.last_refusal)})` : ''}`;
  return `${count} refund; ${status}${requests > count ? ` after ${requests} requests` : ''}`;
}

function crashStep(trace: readonly TraceEntry[]): number {
  return trace.findIndex((e) => e.crash !== null);
}

/**
 * The step at which the hand-written executor recovers: the first one after a crash, a
 * takeover, or a retry (the owner's own recovery after a lost answer); -1 when the run
 * went straight through.
 */
function recoveryStep(trace: readonly TraceEntry[]): number {
  const crashed = crashStep(trace);
  if (crashed >= 0) return crashed + 1 < trace.length ? crashed + 1 : -1;
  return trace.findIndex((e) => e.index > 0 && (e.action?.type === 'takeover' || e.action?.type === 'retry'));
}

/** Refund requests' keys as the provider received them. */
function sentKeys(trace: readonly TraceEntry[]): string[] {
  return trace.flatMap((e) => e.delivered.filter((f) => f.to === 'provider' && isRequest(f.kind))
    .map((f) => String((f.body as { idemKey?: unknown }).idemKey ?? '(none)')));
}

/** What both executors' rows read off a finished run: the observation, the trace and the provider's traffic. */
function measure(world: World) {
  const o = world.observe();
  const trace = world.trace;
  return {
    o, trace, requests: delivered(trace, isRequest), lookups: delivered(trace, isLookup),
    ledgerCount: Number(o.ledger_count ?? 0), refusal: o.last_refusal ? String(o.last_refusal) : null,
  };
}

/** Refund requests the provider answered from its key record instead of booking again. */
function answeredFromKeyRecord(requests: number, ledgerCount: number): string {
  return requests > ledgerCount && ledgerCount > 0 ? `${requests - ledgerCount} request(s) answered from the provider's key record` : '';
}

function scenarioOf(lab: Lab, id: string) {
  const scenario = lab.scenarios.find((s) => s.id === id);
  if (!scenario) throw new Error(`L06 has no scenario ${id}`);
  return scenario;
}

/**
 * Where the hand-written executor picked up: the operation row as the recovering step found
 * it (replayed up to just before that step), and which step read it.
 */
async function handwrittenRecoveryPoint(lab: Lab, actions: readonly unknown[], switches: Record<string, string> | undefined, trace: readonly TraceEntry[]): Promise<string> {
  const k = recoveryStep(trace);
  if (k < 0) return '— (no crash, takeover or retry: the run went straight through)';
  const before = await play(lab, actions.slice(0, k - 1), switches);
  try {
    const op = before.observe().operation as { id: string; state: string; owner: string; epoch: number } | null;
    const by = formatMessage(trace[k]!.label);
    return op ? `the operation row ${op.id}: ${op.state}, owner ${op.owner}@${op.epoch} (read by: ${by})` : `no operation row yet (read by: ${by})`;
  } finally {
    before.dispose();
  }
}

async function handwrittenRow(lab: Lab, fault: Fault): Promise<Row> {
  const scenario = scenarioOf(lab, fault.handwritten);
  const world = await play(lab, scenario.actions, scenario.switches);
  if (world.model.id !== 'matrix') throw new Error(`${scenario.id} runs model ${world.model.id}, not the hand-written executor`);
  try {
    const { o, trace, requests, lookups, ledgerCount, refusal } = measure(world);
    const keys = [...new Set(sentKeys(trace))];
    const operation = o.operation as { id: string } | null;
    return {
      fault: fault.n, title: fault.title, executor: 'hand-written',
      recoveryPoint: await handwrittenRecoveryPoint(lab, scenario.actions, scenario.switches, trace),
      reruns: [requests > 1 ? `${requests} refund requests (${keys.length === 1 ? 'one key' : `${keys.length} different keys`})` : requests === 1 ? 'nothing: one refund request' : 'no refund request',
        lookups > 0 ? `${lookups} lookup(s)` : ''].filter(Boolean).join('; '),
      reused: !operation ? 'no intent'
        : `intent ${operation.id} (${String(o.operations)} intent(s) in the shop)${requests > 0 ? `; key ${keys.join(', ')} on ${requests} request(s)` : ''}`,
      dedupedByBusiness: [answeredFromKeyRecord(requests, ledgerCount), refusal ? `refused: ${refusal}` : ''].filter(Boolean).join('; ') || 'nothing needed',
      ledger: ledgerVerdict(o, requests), ledgerCount, status: o.status === undefined ? null : String(o.status),
    };
  } finally {
    world.dispose();
  }
}

async function langgraphRow(lab: Lab, fault: Fault): Promise<Row> {
  const scenario = scenarioOf(lab, fault.langgraph);
  const world = await play(lab, scenario.actions, scenario.switches);
  if (world.model.id !== 'matrix_langgraph') throw new Error(`${scenario.id} runs model ${world.model.id}, not LangGraph`);
  try {
    const { o, trace, requests, lookups, ledgerCount, refusal } = measure(world);
    const notes = noteKeys(trace);
    const runs = o.node_runs as Record<string, number>;
    const resumed = notes.find((n) => n.key === 'workflow.resuming');
    const takenOver = notes.find((n) => n.key === 'workflow.takeover_resumes');
    const fenced = notes.filter((n) => n.key === 'workflow.fenced').length;
    const notOwner = notes.filter((n) => n.key === 'workflow.not_owner').length;
    const asked = Number(o.approval_requests ?? 0);
    // Which worker ran each repeated node (fault 5: A and B each ran it once; a restart: A twice).
    const byWorker = o.node_runs_by_worker as Record<string, Record<string, number>>;
    const ranOn = (node: string) => Object.entries(byWorker).filter(([, r]) => (r[node] ?? 0) > 0).map(([w, r]) => (r[node]! > 1 ? `${w} ×${r[node]!}` : w)).join(', ');
    const rerunNodes = Object.entries(runs).filter(([, k]) => k > 1).map(([node, k]) => `${node} ×${k} (whole node; on ${ranOn(node)})`);
    const ranOnce = Object.entries(runs).filter(([, k]) => k === 1).map(([node]) => node);
    const existing = notes.filter((n) => n.key === 'workflow.intent' && n.params.code === 'EXISTING').length;
    // A resume after a checkpoint whose tasks had saved their writes names no node (its `next`
    // is a sentence, not a node name): the table calls that the next super-step.
    return {
      fault: fault.n, title: fault.title, executor: 'LangGraph',
      recoveryPoint: resumed ? `the latest checkpoint: ${paramText(resumed.params.worker)} resumes before ${typeof resumed.params.next === 'string' && resumed.params.next ? resumed.params.next : 'the next super-step'} (pending writes applied)`
        : takenOver ? `the latest saved checkpoint, by worker ${paramText(takenOver.params.worker)} (next: ${paramText(takenOver.params.next)}); the engine does not stop the stalled run`
        : crashStep(trace) >= 0 ? 'the latest checkpoint'
        : `— (no crash, takeover or restart${asked > 0 ? `; the run paused ${asked}× at the approval breakpoint, durably` : ''})`,
      reruns: [...rerunNodes, Number(o.model_calls) > 1 ? `${String(o.model_calls)} model calls` : '', lookups > 0 ? `reconcile: ${lookups} lookup(s)` : '']
        .filter(Boolean).join('; ') || 'nothing',
      reused: crashStep(trace) >= 0 || rerunNodes.length > 0 || takenOver ? `saved results of ${ranOnce.filter((n) => n !== 'reconcile').join(', ') || 'no node'}` : 'nothing needed',
      dedupedByBusiness: [answeredFromKeyRecord(requests, ledgerCount),
        existing > 0 ? `${existing} approval(s) found their existing intent` : '', refusal ? `refused: ${refusal}` : '',
        notOwner > 0 ? `${notOwner} submit(s) refused by the epoch check (no epoch held)` : '',
        fenced > 0 ? `${fenced} late result(s) fenced by the owner epoch` : ''].filter(Boolean).join('; ') || 'nothing needed',
      ledger: ledgerVerdict(o, requests), ledgerCount, status: String(o.status),
    };
  } finally {
    world.dispose();
  }
}

/** Runs every fault against both executors. */
export async function runComparison(labsDir = resolve('labs')): Promise<Row[]> {
  await initSqlJsOnce();
  const labs = new Map(loadLabsFromDir(labsDir).flatMap((l) => (l.ok ? [[l.lab.id, l.lab] as const] : [])));
  const l06 = labs.get('L06');
  if (!l06) throw new Error('compare needs lab L06');
  const rows: Row[] = [];
  for (const fault of FAULTS) {
    rows.push(await handwrittenRow(l06, fault));
    rows.push(await langgraphRow(l06, fault));
  }
  return rows;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function toMarkdown(rows: readonly Row[]): string {
  const head = '| # | fault | executor | recovery point | what re-runs | what is reused | what the business layer dedupes | ledger |\n| --- | --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map((r) => `| ${r.fault} | ${cell(r.title)} | ${r.executor} | ${cell(r.recoveryPoint)} | ${cell(r.reruns)} | ${cell(r.reused)} | ${cell(r.dedupedByBusiness)} | ${cell(r.ledger)} |`);
  return `${head}\n${lines.join('\n')}\n`;
}

/** The generated comparison.md, whole. */
export function comparisonFile(markdown: string): string {
  return `# The fault matrix, both executors (generated by \`npm run compare\`)\n\n${markdown}`;
}

const [START, END] = ['<!-- compare:start -->', '<!-- compare:end -->'];

/** The narratives that must show the generated table (between the markers). */
export const TABLE_READMES = ['labs/L05/README.md', 'labs/L06/README.md'];
/** Translated narratives: the generated (English) table goes where a translator kept the markers; one may translate the table instead (compare.test.ts then holds it to the generated rows' codes and numbers, scripts/translatedTable.ts). */
export const TRANSLATED_TABLE_READMES = ['L05', 'L06'].flatMap((lab) => ['ja', 'zh-Hans', 'zh-Hant'].map((locale) => `labs/${lab}/README.${locale}.md`));

/** L05's README with the table between its markers replaced by `markdown` (the lab shows it in its narrative); null without markers. */
export function withTable(readme: string, markdown: string): string | null {
  if (!readme.includes(START) || !readme.includes(END)) return null;
  return `${readme.slice(0, readme.indexOf(START) + START.length)}\n${markdown}${readme.slice(readme.indexOf(END))}`;
}

async function main(): Promise<void> {
  const rows = await runComparison();
  const markdown = toMarkdown(rows);
  writeFileSync(resolve('labs/L05/comparison.md'), comparisonFile(markdown));
  for (const lab of [...TABLE_READMES, ...TRANSLATED_TABLE_READMES]) {
    const readme = resolve(lab);
    if (!existsSync(readme)) continue;
    const updated = withTable(readFileSync(readme, 'utf8'), markdown);
    if (updated !== null) writeFileSync(readme, updated);
  }
  writeFileSync(resolve('labs/L05/comparison.json'), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(markdown);
  console.log(`Written: labs/L05/comparison.md, labs/L05/comparison.json, ${TABLE_READMES.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack ?? error.message : String(error));
    process.exit(1);
  });
}
