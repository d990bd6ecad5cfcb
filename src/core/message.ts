/**
 * Narration as data: a note, a refusal or a verdict is a message key with parameters, not
 * English text. The app renders it in the student's language from the catalogs in
 * `src/lab/messages/`; the trace stays small and translatable.
 *
 * Keys are flat and dotted, namespaced by who says it (`world.frame_lost`,
 * `refund.sent_with_key`). Parameters are plain JSON scalars so traces serialise.
 */
export type MessageParam = string | number | boolean | null;
export type MessageParams = Readonly<Record<string, MessageParam>>;

export interface Message {
  readonly key: string;
  readonly params?: MessageParams;
}

/** Builds a message descriptor. */
export function msg(key: string, params?: MessageParams): Message {
  return params === undefined ? { key } : { key, params };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).key === 'string';
}
