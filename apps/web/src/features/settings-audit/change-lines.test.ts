import { describe, expect, it } from 'vitest';
import { changeLines, formatValue } from './change-lines';

describe('changeLines', () => {
  it('shows an update as before → after', () => {
    expect(changeLines('update', { city: ['Medellín', 'Bogotá'], phone: [null, '555'] })).toEqual(['city: Medellín → Bogotá', 'phone: — → 555']);
  });

  it('shows enable and disable as pairs too', () => {
    expect(changeLines('disable', { disabled: [false, true] })).toEqual(['disabled: false → true']);
  });

  it('shows a created or deleted row field by field, arrays as JSON', () => {
    expect(changeLines('create', { code: 'S01', name: 'Norte', tanks: ['T1', 'T2'], remark: '' })).toEqual([
      'code: S01',
      'name: Norte',
      'tanks: ["T1","T2"]',
      'remark: —',
    ]);
  });

  it('reads a create recorded as a diff against nothing', () => {
    expect(changeLines('create', { name: [null, 'Acme'] })).toEqual(['name: — → Acme']);
  });

  it('uses the placeholder given for empty values', () => {
    expect(changeLines('update', { remark: ['', 'x'] }, { missing: '--' })).toEqual(['remark: -- → x']);
  });

  it('truncates long values', () => {
    const long = 'a'.repeat(100);
    const [line] = changeLines('update', { remark: [long, 'b'] }, { max: 10 });
    expect(line).toBe(`remark: ${'a'.repeat(9)}… → b`);
  });

  it('copes with empty or odd changes', () => {
    expect(changeLines('delete', null)).toEqual([]);
    expect(changeLines('delete', {})).toEqual([]);
    expect(changeLines('delete', 'gone')).toEqual(['gone']);
  });
});

describe('formatValue', () => {
  it('formats scalars and objects, collapsing whitespace', () => {
    expect(formatValue(3)).toBe('3');
    expect(formatValue(true)).toBe('true');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('a\n  b')).toBe('a b');
    expect(formatValue(undefined)).toBe('—');
  });

  it('does not split a character when cutting', () => {
    expect(formatValue('😀😀😀😀', '—', 3)).toBe('😀😀…');
  });
});
