/**
 * Everything the page needs in zh-Hant, in one chunk fetched when the language is chosen or
 * detected at start-up (resources.ts): the app chrome, the World's narration and the
 * catalog's lab titles. Never imported statically by the app (entryGraph.test.ts).
 */
import titles from 'virtual:lab-index/zh-Hant';
import { catalog as messages } from '../../../lab/messages/zh-Hant';
import app from '../locales/zh-Hant/app.json';
import type { OnlyAppKeys } from '../appStrings';
import type { LocaleBundle } from '../resources';

export const bundle: LocaleBundle = { app: app satisfies OnlyAppKeys<typeof app>, messages, titles };
