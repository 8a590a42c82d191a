import { describe, expect, it } from '@jest/globals';
import { findUnstorable, isStorableText, text, UNSTORABLE_TEXT_MESSAGE } from './text.js';

describe('the text rule', () => {
  it('allows ordinary text, tab, newline, carriage return and whole surrogate pairs', () => {
    for (const s of ['', 'Ada Lovelace', 'line\nline', 'a\tb', 'win\r\nline', 'Zoë 😀 ñ 中文', '\u00A0nbsp', '\uFFFD']) expect(isStorableText(s)).toBe(true);
  });

  it('refuses NUL, lone surrogates and the other C0/C1 control characters', () => {
    for (const s of ['a\u0000b', 'x\ud800y', 'x\udc00', '\ud800', 'ab\uDBFF', 'bell\u0007', 'esc\u001b[31m', 'vt\u000b', 'ff\u000c', 'del\u007f', 'c1\u0085', 'c1\u009f']) {
      expect(isStorableText(s)).toBe(false);
    }
  });

  it('text() keeps the string API and answers the shared field message', () => {
    const name = text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(5);
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(name.safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    expect(name.safeParse(3).error?.issues.map((i) => i.message)).toEqual(['Name is required']);
  });

  it('findUnstorable names every bad value and key by its path, also deep inside arrays, and refuses prototype keys', () => {
    const input = JSON.parse('{"a":[1,{"b":"x\\u0000"}],"k\\u0001":2,"__proto__":{"admin":true},"ok":"fine\\n"}');
    expect(findUnstorable(input)).toEqual(
      expect.arrayContaining([
        { path: ['a', 1, 'b'], message: UNSTORABLE_TEXT_MESSAGE },
        { path: ['k\u0001'], message: UNSTORABLE_TEXT_MESSAGE },
        { path: ['__proto__'], message: 'This field name is not allowed' },
      ]),
    );
    expect(findUnstorable({ ok: ['fine', { deeper: 'still\tfine' }] })).toEqual([]);
    // Nested 100,000 deep: no stack overflow, linear time.
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const started = Date.now();
    expect(findUnstorable(deep)[0].path).toHaveLength(100_000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
