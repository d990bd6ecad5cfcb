/**
 * What a reader of ja / zh-Hans / zh-Hant must not meet: an amount in raw cents (or worded
 * "¢", "セント", "美分", "分", "cents"), an amount spelled in another locale's way, a clock
 * button still reading "Clock +3", and English the models put into the timeline or a node
 * line of L08 and L11 (compensation records, a snapshot's schema refusal, the default
 * tombstone reason). The catalogs, the lab files and what the World renders are scanned.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../core/money';
import { isMessage, type Message } from '../../core/message';
import { World } from '../../sim/world';
import { useSqlJs } from '../../test/sqljs';
import { configFor } from '../config';
import { readLabTranslations } from './nodeTranslations';
import { parseLab } from '../loader';
import { formatMessageIn } from './messageCatalogs';
import { CENTS_WORD } from './centsWords';
import { LOCALES, type Locale } from './locales';

useSqlJs();

const TRANSLATED = LOCALES.filter((l) => l !== 'en');


/** An amount in currency as lab text writes it: "$100.00", "US$100.00". */
const AMOUNT = /(?:US)?\$\d[\d,]*\.\d\d/g;

/**
 * Labs whose text this scan does not hold yet, with what is left in each: L13 still writes
 * raw cents; L07's and L13's clock buttons still say "Clock +N".
 */
const NOT_YET: Record<string, readonly ('cents' | 'clock')[]> = {};

const labIds = readdirSync('labs').filter((id) => existsSync(join('labs', id, 'lab.json'))).sort();

/** Every text file of a lab with the locale it is written in. */
function labFiles(id: string): { file: string; locale: Locale }[] {
  return readdirSync(join('labs', id)).flatMap((name) => {
    const m = /^(?:strings|README)\.([A-Za-z-]+)\.(?:json|md)$/.exec(name);
    if (m && (LOCALES as readonly string[]).includes(m[1]!)) return [{ file: join('labs', id, name), locale: m[1] as Locale }];
    return name === 'lab.json' || name === 'README.md' ? [{ file: join('labs', id, name), locale: 'en' as Locale }] : [];
  });
}

/** Lines of `text` a scan applies to: lab.json's text fields, not its action payloads (`cost_cents: 300`). */
const lines = (text: string) => text.split('\n').filter((l) => !/"\w+_cents"\s*:/.test(l));

describe('amounts', () => {
  it('no narration template writes an amount as cents (the app catalogs: src/app/i18n/currency.test.ts)', () => {
    for (const locale of LOCALES) {
      for (const file of readdirSync(join('src/lab/messages', locale)).filter((f) => !f.endsWith('.test.ts'))) {
        for (const line of readFileSync(join('src/lab/messages', locale, file), 'utf8').split('\n')) {
          expect(`${locale}/${file}: ${line}`).not.toMatch(CENTS_WORD);
        }
      }
    }
  });

  it('no lab text writes an amount by hand: as cents, or as currency (amounts are {{cents:N}})', () => {
    for (const id of labIds) {
      for (const { file } of labFiles(id)) {
        for (const line of lines(readFileSync(file, 'utf8'))) {
          if (!NOT_YET[id]?.includes('cents')) expect(`${file}: ${line}`).not.toMatch(CENTS_WORD);
          expect(`${file}: ${line}`).not.toMatch(AMOUNT);
        }
      }
    }
  });

  it('the loaded lab spells every amount as formatMoney does in its language, and leaves no {{cents:N}} behind', () => {
    let amounts = 0;
    for (const id of labIds) {
      const lab = loadLab(id);
      const texts: [Locale, string][] = [['en', JSON.stringify({ ...lab, translations: undefined })]];
      for (const [locale, t] of Object.entries(lab.translations ?? {})) texts.push([locale as Locale, JSON.stringify(t)]);
      for (const [locale, text] of texts) {
        expect(text, `${id} ${locale}`).not.toMatch(/\{\{\s*cents/);
        for (const amount of text.match(AMOUNT) ?? []) {
          amounts += 1;
          const cents = Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100);
          expect(`${id} ${locale}: ${amount}`).toBe(`${id} ${locale}: ${formatMoney(cents, locale)}`);
        }
      }
    }
    expect(amounts).toBeGreaterThanOrEqual(80);
  });

  it('the scan catches what it is for', () => {
    for (const text of ['(it starts at 30000¢)', '10000 セント', '初始为 30000 分', '300 美分', 'spent 500 cents', '{{charge}} セント', '{{spent}} / {{limit}} 分']) expect(text).toMatch(CENTS_WORD);
    for (const text of ['5 分钟', 'in cents.', 'balance_cents', '$300.00']) expect(text).not.toMatch(CENTS_WORD);
  });
});

describe('clock buttons', () => {
  it('are worded in every translated lab as the step itself is (steps.advance)', () => {
    let seen = 0;
    for (const id of labIds.filter((l) => !NOT_YET[l]?.includes('clock'))) {
      for (const [locale, files] of Object.entries(readLabTranslations(join('labs', id))) as [Locale, { strings: string }][]) {
        const word = formatMessageIn(locale as Locale, { key: 'steps.advance', params: { by: 1 } }).split(' ')[0]!;
        const actions = (JSON.parse(files.strings) as { actions: Record<string, { label?: string }> }).actions;
        for (const [action, { label = '' }] of Object.entries(actions)) {
          expect(`${id} ${locale} ${label}`).not.toMatch(/Clock/);
          if (action === 'tick' || action.includes('"advance"')) {
            seen += 1;
            expect(label, `${id} ${locale} ${action}`).toMatch(new RegExp(`^${word} \\+\\d`));
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(20);
  });
});

function loadLab(id: string) {
  const dir = join('labs', id);
  const loaded = parseLab(join(dir, 'lab.json'), readFileSync(join(dir, 'lab.json'), 'utf8'), readFileSync(join(dir, 'README.md'), 'utf8'), readLabTranslations(dir));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.lab;
}

/** What a page shows of a World after `actions`: every timeline note and node line, in `locale`. */
function shown(id: string, scenario: string, locale: Locale): string[] {
  const lab = loadLab(id);
  const sc = lab.scenarios.find((s) => s.id === scenario)!;
  const world = World.replay(configFor(lab, { switches: sc.switches ?? {} }), sc.actions);
  const render = (line: Message | string) => (isMessage(line) ? formatMessageIn(locale, line) : line);
  const out = [...world.trace.flatMap((e) => e.notes.map(render)), ...Object.values(world.describeNodes()).flat().map(render)];
  world.dispose();
  return out;
}

describe('model text on the timeline and in node lines', () => {
  // [lab, scenario, what English shows, what must not reach a translated page]
  const cases: [string, string, RegExp, RegExp][] = [
    ['L08', 'cancel-fails', /closed with the airline by hand/, /by hand|airline/],
    ['L08', 'hotel-fails-compensate', /CX-1 cancelled, fee \$50\.00/, /CANCELLED,|fee|¢/],
    ['L11', 'tamper-schema', /Invalid input/, /Invalid input/],
    ['L11', 'redaction-replay', /the customer asked for their data to be erased/, /customer|erase/],
  ];
  it.each(cases)('%s %s: worded in ja, zh-Hans and zh-Hant', (id, scenario, english, leftover) => {
    expect(shown(id, scenario, 'en').join('\n')).toMatch(english);
    for (const locale of TRANSLATED) expect(shown(id, scenario, locale).filter((t) => leftover.test(t)), locale).toEqual([]);
  });
});
