/**
 * The store's banner words as message descriptors (namespace `flash`,
 * src/lab/messages/<locale>/flash.json), with the same names and arguments as the store's
 * former `TEXT`, so src/app/store.ts takes them with a one-line change. The banner renders
 * them in the page's language (`Flash`); a plain string there is a lab author's parse
 * error, shown as it came.
 */
import { msg, type Message } from '../../core/message';

export const FLASH_TEXT = {
  noLab: (id: string): Message => msg('flash.no_lab', { id }),
  runtimeFailed: (why: string): Message => msg('flash.runtime_failed', { why }),
  pickLabJson: msg('flash.pick_lab_json'),
  checked: (file: string, ok: boolean): Message => msg(ok ? 'flash.lab_file_ok' : 'flash.lab_file_bad', { file }),
  unknownScenario: (lab: string, id: string): Message => msg('flash.unknown_scenario', { lab, id }),
  badActions: (lab: string, why: string): Message => msg('flash.bad_actions', { lab, why }),
  stepOutOfRange: (step: number, total: number): Message => msg('flash.step_out_of_range', { step, total }),
  badSwitch: (key: string, value: string, why: string): Message => msg('flash.bad_switch', { key, value, why }),
  didNotWork: msg('flash.did_not_work'),
  cardLabMissing: (lab: string): Message => msg('flash.card_lab_missing', { lab }),
  predictFirst: (title: string): Message => msg('flash.predict_first', { title }),
};

/** What the banner may hold: messages (joined with a space when a link had several problems) or a World's refusal. */
export type FlashValue = string | Message | readonly (string | Message)[];
