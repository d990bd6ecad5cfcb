/** Every shipped lab's lab.json as the specs read it: id and scenarios, in folder order. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ShippedLab {
  id: string;
  scenarios: { id: string; actions: unknown[]; switches?: Record<string, string>; asks?: string[] }[];
}

export const shippedLabs: readonly ShippedLab[] = readdirSync('labs').sort()
  .map((id) => JSON.parse(readFileSync(join('labs', id, 'lab.json'), 'utf8')) as ShippedLab);
