/**
 * Every run worth playing in a shipped lab, for tests that judge what real runs produce
 * (narration, violation lines): its scenarios, its cards, and its repair exercises under every
 * combination of their options. With `thenEachAction`, each scenario is also followed by each
 * palette action, as a student clicks after a scenario. Node only (reads the cards folder).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCard } from './cards';
import type { WorldOverrides } from './config';
import type { Lab } from './schema';

export interface LabRun { start: WorldOverrides; actions: readonly unknown[] }

export function labRuns(lab: Lab, labsDir: string, { thenEachAction = false } = {}): LabRun[] {
  const runs: LabRun[] = [];
  for (const sc of lab.scenarios) {
    const start = { initial: sc.initial, switches: sc.switches };
    runs.push({ start, actions: sc.actions });
    if (thenEachAction) for (const entry of lab.actions) runs.push({ start, actions: [...sc.actions, entry.action] });
  }
  const cardsDir = join(labsDir, lab.id, 'cards');
  const files = existsSync(cardsDir) ? readdirSync(cardsDir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    const parsed = parseCard(file, readFileSync(join(cardsDir, file), 'utf8'));
    if (parsed.ok && parsed.card.lab === lab.id) runs.push({ start: { initial: parsed.card.initial, switches: parsed.card.switches }, actions: parsed.card.actions });
  }
  for (const exercise of lab.exercises) {
    if (exercise.kind !== 'repair') continue;
    let choices: Record<string, string>[] = [{}];
    for (const option of exercise.options) choices = choices.flatMap((c) => option.values.map((v) => ({ ...c, [option.switch]: v })));
    for (const choice of choices) runs.push({ start: { initial: exercise.start.initial, switches: { ...exercise.start.switches, ...choice } }, actions: exercise.actions });
  }
  return runs;
}
