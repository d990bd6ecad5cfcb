/**
 * The banner's text in the page's language: a message from the store (`FLASH_TEXT`), several
 * of them (a deep link with more than one problem), or a refusal from the World or a
 * model: a `refusals.*` message, or a lab author's parse error as plain text, shown as it came.
 */
import { isMessage, type Message } from '../../core/message';
import { useRenderMessage } from '../i18n/renderMessage';
import type { FlashValue } from './flashText';

export function FlashText({ value }: { value: FlashValue }) {
  const say = useRenderMessage();
  const one = (part: string | Message) => (isMessage(part) ? say(part) : part);
  return <>{(Array.isArray(value) ? value : [value as string | Message]).map(one).join(' ')}</>;
}
