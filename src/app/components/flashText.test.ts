import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../lab/i18n/catalogRegistry';
import { formatMessageIn } from '../../lab/i18n/messageCatalogs';
import { FLASH_TEXT } from './flashText';

describe('the banner words', () => {
  it('say in English what the store said before they were messages', () => {
    expect(formatMessage(FLASH_TEXT.noLab('L99'))).toBe('There is no lab L99 (or it failed to load).');
    expect(formatMessage(FLASH_TEXT.checked('lab.json', false))).toBe('lab.json did not load: see the problems below.');
    expect(formatMessage(FLASH_TEXT.badSwitch('resource', 'psychic', 'no such option'))).toBe(
      "This link sets resource=psychic, which does not apply (no such option); the lab's default is used.");
  });

  it('are translated, with every parameter filled', () => {
    for (const locale of ['zh-Hans', 'zh-Hant', 'ja'] as const) {
      const text = formatMessageIn(locale, FLASH_TEXT.unknownScenario('L07', 'nope'));
      expect(text).toContain('L07');
      expect(text).toContain('nope');
      expect(text).not.toMatch(/\{\{|This link/);
    }
  });
});
