/**
 * Narration as data: a note, a refusal or a verdict is a message key with parameters, not
 * English text. The app renders it in the student's language from the catalogs in
 * `src/lab/messages/`; the trace stays small and translatable.
 *
 * Keys are flat and dotted, namespaced by who says it (`world.frame_lost`,
 * `refund.sent_with_key`). Parameters are plain JSON scalars so traces serialise.
 */
// A parameter may itself be a message (a rejection's reason inside the note that reports it):
// the renderer fills it from the same catalog, so the reason is in the reader's language too.
export type MessageParam = string | number | boolean | null | Message;
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

/**
 * A lowercase status word the diagrams and reasons print (`queued`, `used`): a descriptor
 * (`view.status.<status>`, src/lab/messages/<lang>/view.json), so it reads in the page's language.
 * Upper-case states (PREPARED) are codes and stay as they are.
 */
export function statusWord(status: unknown): Message {
  return msg(`view.status.${String(status)}`);
}
