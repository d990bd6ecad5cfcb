/**
 * The banner's text in the page's language: a message from the store (`FLASH_TEXT`), several
 * of them (a deep link with more than one problem), or a refusal string from the World or a
 * model — read back into its `refusals.*` key when it is one of the common ones
 * (src/lab/i18n/refusals.ts), else shown as it came.
 */
import { useTranslation } from 'react-i18next';
import { isMessage, type Message } from '../../core/message';
import { refusalText } from '../../lab/i18n/refusals';
import { useRenderMessage } from '../i18n/renderMessage';
import type { FlashValue } from './flashText';

export function FlashText({ value }: { value: FlashValue }) {
  const say = useRenderMessage();
  const { i18n } = useTranslation();
  const words = (key: string) => i18n.getResource(i18n.language, 'messages', key) as string | undefined;
  const one = (part: string | Message) => (isMessage(part) ? say(part) : refusalText(part, words));
  return <>{(Array.isArray(value) ? value : [value as string | Message]).map(one).join(' ')}</>;
}
