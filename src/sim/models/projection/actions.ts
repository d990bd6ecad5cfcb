/**
 * L10 / L11 vocabulary: `emit` / `{"emit": n}` (the authority accepts commands and publishes
 * their events), `redeliver` (re-send everything after the last ACK), `disconnect`,
 * `reconnect` (heal and ask for replay from cursor + 1), `rebuild` (wipe the projection and
 * replay from 0), `{"tamper": "schema" | "hash" | "signature" | "organization" | "group" |
 * "sequence"}` (the next snapshot arrives altered that way), `{"tombstone": "E-G1-2"}`,
 * `archive`.
 */
export const TAMPER_KINDS = ['schema', 'hash', 'signature', 'organization', 'group', 'sequence'] as const;
export type TamperKind = (typeof TAMPER_KINDS)[number];

export type ProjectionAction =
  | { type: 'emit'; count: number }
  | { type: 'redeliver' | 'disconnect' | 'reconnect' | 'rebuild' | 'archive' }
  | { type: 'tamper'; check: TamperKind }
  | { type: 'tombstone'; event_id: string };

const SIMPLE = ['redeliver', 'disconnect', 'reconnect', 'rebuild', 'archive'] as const;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseProjectionAction(raw: unknown): ProjectionAction | string {
  if (raw === 'emit') return { type: 'emit', count: 1 };
  if (typeof raw === 'string') return (SIMPLE as readonly string[]).includes(raw) ? { type: raw as (typeof SIMPLE)[number] } : `unknown action '${raw}'`;
  if (!isRecord(raw)) return `an action must be a token or an object, got ${JSON.stringify(raw)}`;
  const [verb, value] = typeof raw.type === 'string' ? [raw.type, raw] : Object.entries(raw)[0] ?? ['', undefined];
  if ((SIMPLE as readonly string[]).includes(verb)) return { type: verb as (typeof SIMPLE)[number] };
  if (verb === 'emit') {
    const count = isRecord(value) ? value.count : value;
    return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= 50 ? { type: 'emit', count } : 'emit needs a count from 1 to 50';
  }
  if (verb === 'tamper') {
    const check = isRecord(value) ? value.check : value;
    return (TAMPER_KINDS as readonly unknown[]).includes(check) ? { type: 'tamper', check: check as TamperKind } : `tamper needs one of ${TAMPER_KINDS.join(', ')}`;
  }
  if (verb === 'tombstone') {
    const id = isRecord(value) ? value.event_id : value;
    return typeof id === 'string' && id ? { type: 'tombstone', event_id: id } : 'tombstone needs an event ID';
  }
  return `unknown action ${JSON.stringify(raw)}`;
}

export function describeProjectionAction(a: ProjectionAction): string {
  switch (a.type) {
    case 'emit': return a.count === 1 ? 'The authority accepts a command and publishes its event' : `The authority accepts ${a.count} commands`;
    case 'redeliver': return 'The authority re-sends every event after the last ACK';
    case 'disconnect': return 'The worker loses its connection';
    case 'reconnect': return 'The worker (re)connects and asks for replay from cursor + 1';
    case 'rebuild': return 'Wipe the projection and rebuild it from the events';
    case 'archive': return 'Archive the group';
    case 'tamper': return `The next snapshot arrives with its ${a.check} tampered`;
    case 'tombstone': return `Record a tombstone for ${a.event_id}`;
  }
}
