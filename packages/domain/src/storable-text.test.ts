import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextPath } from './storable-text';

describe('isStorableText', () => {
  const cases: Array<[string, string, boolean]> = [
    ['empty', '', true],
    ['plain', 'Tank 1', true],
    ['Chinese and Arabic', '油罐 خزان', true],
    ['a pair (emoji)', 'a\u{1F600}b', true],
    ['a pair at the end', '\uD83D\uDE00', true],
    ['U+FFFF and U+FFFE (non-characters PostgreSQL stores)', '\uFFFF\uFFFE', true],
    ['other control characters', '\u0001\t\n\u001F\u007F', true],
    ['NUL alone', '\u0000', false],
    ['NUL inside', 'S-0\u00001', false],
    ['NUL at the end', 'abc\u0000', false],
    ['a high surrogate alone', '\uD800', false],
    ['a high surrogate at the end', 'ab\uD83D', false],
    ['a low surrogate alone', '\uDC00', false],
    ['a low surrogate first', '\uDE00\uD83D', false],
    ['two highs', '\uD83D\uD83D\uDE00', false],
    ['a pair then a lone low', '\uD83D\uDE00\uDE00', false],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(isStorableText(text)).toBe(expected);
  });
});

describe('unstorableTextPath', () => {
  const cases: Array<[string, unknown, (string | number)[] | null]> = [
    ['not text', 42, null],
    ['null', null, null],
    ['a good string', 'ok', null],
    ['a bad string', 'a\u0000', []],
    ['a flat object', { name: 'ok', remark: 'x\uD800' }, ['remark']],
    ['the first of two bad fields', { a: '\u0000', b: '\u0000' }, ['a']],
    ['a list', { readings: [{ tank: '1' }, { tank: '2', sensorNo: 'S\u00001' }] }, ['readings', 1, 'sensorNo']],
    ['a list of strings', ['a', 'b', '\uDC00'], [2]],
    ['a bad key names its object', { tanks: [{ ['k\u0000']: 1 }] }, ['tanks', 0]],
    ['a bad key at the top', { ['\uD800']: 'v' }, []],
    ['numbers, booleans and nulls pass', { a: 1, b: true, c: null, d: [1.5, false] }, null],
    ['a prototype-less object', Object.assign(Object.create(null) as object, { q: 'a\u0000b' }), ['q']],
    ['an object whose prototype has none (Fastify’s query and params)', Object.assign(Object.create(Object.create(null) as object) as object, { name: '\uD800' }), ['name']],
    ['a class instance is not walked', { at: Object.assign(new Date(0), { x: '\u0000' }) }, null],
    ['bytes are not text', { file: new Uint8Array([0, 0xd8]) }, null],
  ];
  it.each(cases)('%s', (_name, value, expected) => {
    expect(unstorableTextPath(value)).toEqual(expected);
  });

  it('walks a value nested deeper than the call stack allows', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const path = unstorableTextPath(deep);
    expect(path).toHaveLength(200_000);
  });
});
