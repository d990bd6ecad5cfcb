/**
 * The words around the inspector, the command composer, the armed-fault line and refused
 * exercise answers: codes and engine text from below, rendered in the page's language here.
 */
import { describe, expect, it } from 'vitest';
import { problemText } from './components/Inspector';
import { ALL_RESOURCES } from './i18n/allResources';
import { createLabI18n } from './i18n/instance';
import { armedLabel } from './armedLabel';
import { jsonErrorPlace } from './jsonErrorPlace';
import { recordProblemText } from './recordProblemText';
import { inputProblem, LIMITS } from '../lab/exercises/records';

const ja = createLabI18n('ja', { resources: ALL_RESOURCES });
const t = ja.getFixedT('ja', 'app');
// An English sentence: two Latin words in a row (codes and SQL keywords stand alone).
const englishSentence = /[A-Za-z]{2,} [A-Za-z]{2,}/;

describe('inspector problems', () => {
  it('the app\'s own problems are whole sentences in the page\'s language', () => {
    expect(problemText({ code: 'empty' }, t)).toBe('実行する SELECT 文を入力してください。');
    expect(problemText({ code: 'several' }, t)).toBe('一度に実行できる文は 1 つです。');
  });
  it('SQLite\'s message is quoted after a lead-in in the page\'s language', () => {
    expect(problemText({ code: 'engine', engine: 'near "SELEC": syntax error' }, t)).toBe('SQLite のエラー：near "SELEC": syntax error');
  });
});

describe('jsonErrorPlace', () => {
  it('reads the place from V8 and Firefox messages, or works it out from a position', () => {
    expect(jsonErrorPlace("Expected property name or '}' in JSON at position 1 (line 1 column 2)", '{x')).toEqual({ line: 1, column: 2 });
    expect(jsonErrorPlace("JSON.parse: expected property name or '}' at line 2 column 3 of the JSON data", '{\n  x')).toEqual({ line: 2, column: 3 });
    expect(jsonErrorPlace("Expected property name or '}' in JSON at position 5", '{\n  \n x}')).toEqual({ line: 3, column: 1 });
    expect(jsonErrorPlace('Unexpected end of JSON input', '{"a": 1')).toEqual({ line: 1, column: 8 });
    expect(jsonErrorPlace("JSON Parse error: Expected '}'", '{x')).toBeNull();
  });
  it('the composer says it in Japanese', () => {
    const place = jsonErrorPlace(getParseError('{x'), '{x');
    const text = place ? t('composer.badJsonAt', place) : t('composer.badJson');
    expect(text).toMatch(/^ペイロードが有効な JSON ではありません/);
    expect(text).not.toMatch(englishSentence);
  });
});

function getParseError(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('armedLabel', () => {
  const entries = [
    { action: 'shop_unavailable', label: '次のショップの読み取りが失敗' },
    { action: 'lose_response', label: 'プロバイダの次の応答を失う' },
    { action: { crash_at: 'provider.after_commit' }, label: 'コミット後にクラッシュ' },
  ];
  it('names an armed point by the button that armed it', () => {
    expect(armedLabel('shop_unavailable', entries)).toBe('次のショップの読み取りが失敗');
    expect(armedLabel('net.lose_response', entries)).toBe('プロバイダの次の応答を失う');
    expect(armedLabel('provider.after_commit', entries)).toBe('コミット後にクラッシュ');
  });
  it('keeps the id of a point no button arms', () => {
    expect(armedLabel('executor.after_prepare', entries)).toBe('executor.after_prepare');
  });
});

describe('refused exercise answers', () => {
  it('are worded in the page\'s language with its number format', () => {
    const tooLong = inputProblem({ kind: 'explain', text: 'x'.repeat(LIMITS.explainChars + 1) })!;
    expect(recordProblemText(tooLong, t)).toBe('回答が長すぎます。上限は 20,000 文字です。');
    const steps = inputProblem({ kind: 'reproduce', actions: new Array(LIMITS.reproduceSteps + 1).fill('tick') })!;
    expect(recordProblemText(steps, t)).toBe('記録されたステップが多すぎます。上限は 2,000 です。');
    expect(recordProblemText({ code: 'tooManyAttempts', params: { limit: 500 } }, t)).not.toMatch(englishSentence);
    expect(recordProblemText({ code: 'unsaveable', params: { field: 'choices' } }, t)).toBe('この回答は保存できません：choices が正しくありません。');
  });
});
