import { describe, expect, it } from 'vitest';
import { ARABIC_DAY_LETTERS, loadAntdLocale } from './antd-locale';

describe('antd locales', () => {
  it('the Arabic date picker heads its week with one letter a day, so the seven fit their columns', async () => {
    const locale = await loadAntdLocale('ar');
    expect(locale.DatePicker?.lang.shortWeekDays).toEqual(ARABIC_DAY_LETTERS);
    expect(ARABIC_DAY_LETTERS.every((day) => day.length === 1)).toBe(true);
    // The rest of antd's Arabic stays as it was.
    expect(locale.DatePicker?.lang.today).toBe('اليوم');
    expect(locale.locale).toBe('ar');
  });

  it('leaves the other languages’ day names alone', async () => {
    expect((await loadAntdLocale('es')).DatePicker?.lang.shortWeekDays).not.toEqual(ARABIC_DAY_LETTERS);
  });
});
