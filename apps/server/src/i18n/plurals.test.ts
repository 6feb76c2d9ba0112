import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@ullage/domain/languages';
import type { MessageKey } from './en';
import { CATALOGUES, translator } from './translate';

/**
 * Counted server messages through the real translator (issue 34 item 11): each language takes
 * the form its plural rules pick for the count — Arabic six, Chinese one, English two, Spanish
 * three (Node's "many", for a million and up).
 */
const COUNTS = [0, 1, 2, 3, 11, 100] as const;
const counted = (Object.keys(CATALOGUES.en) as MessageKey[]).filter((key) => typeof CATALOGUES.en[key] !== 'string');
const byOf = (key: MessageKey) => (CATALOGUES.en[key] as { by: string }).by;
const at = (language: Language, key: MessageKey, params: (count: number) => Record<string, number>) => COUNTS.map((count) => translator(language)(key, params(count)));

describe('counted server messages', () => {
  it('auth.locked: the minutes to wait', () => {
    const locked = (language: Language) => at(language, 'auth.locked', (minutes) => ({ minutes }));
    const en = 'Too many failed attempts. Try again in';
    expect(locked('en')).toEqual([`${en} 0 minutes`, `${en} 1 minute`, `${en} 2 minutes`, `${en} 3 minutes`, `${en} 11 minutes`, `${en} 100 minutes`]);
    const es = 'Demasiados intentos fallidos. Inténtelo de nuevo en';
    expect(locked('es')).toEqual([`${es} 0 minutos`, `${es} 1 minuto`, `${es} 2 minutos`, `${es} 3 minutos`, `${es} 11 minutos`, `${es} 100 minutos`]);
    expect(locked('zh_CN')).toEqual(COUNTS.map((n) => `失败次数过多，请 ${n} 分钟后再试`));
    const ar = 'محاولات فاشلة كثيرة. حاول مرة أخرى بعد';
    expect(locked('ar')).toEqual([`${ar} 0 دقيقة`, `${ar} دقيقة واحدة`, `${ar} دقيقتين`, `${ar} 3 دقائق`, `${ar} 11 دقيقة`, `${ar} 100 دقيقة`]);
  });

  it('rule.maxDays: the days a range may span', () => {
    const maxDays = (language: Language) => at(language, 'rule.maxDays', (days) => ({ days }));
    expect(maxDays('en')).toEqual(COUNTS.map((n) => `must be no more than ${n} ${n === 1 ? 'day' : 'days'} after the start time`));
    expect(maxDays('es')).toEqual(COUNTS.map((n) => `no puede ser más de ${n} ${n === 1 ? 'día' : 'días'} posterior a la hora de inicio`));
    expect(maxDays('zh_CN')).toEqual(COUNTS.map((n) => `不能晚于开始时间 ${n} 天以上`));
    expect(maxDays('ar')).toEqual([
      'يجب ألا يتجاوز 0 يوم بعد وقت البدء',
      'يجب ألا يتجاوز يومًا واحدًا بعد وقت البدء',
      'يجب ألا يتجاوز يومين بعد وقت البدء',
      'يجب ألا يتجاوز 3 أيام بعد وقت البدء',
      'يجب ألا يتجاوز 11 يومًا بعد وقت البدء',
      'يجب ألا يتجاوز 100 يوم بعد وقت البدء',
    ]);
    expect(translator('ar')('rule.maxDays', { days: 11 })).toContain('11 يومًا');
  });

  it('rule.tooLong: the characters a text may hold', () => {
    const tooLong = (language: Language) => at(language, 'rule.tooLong', (max) => ({ max }));
    expect(tooLong('en')).toEqual(COUNTS.map((n) => `must be at most ${n} ${n === 1 ? 'character' : 'characters'}`));
    expect(tooLong('es')).toEqual(COUNTS.map((n) => `debe tener como máximo ${n} ${n === 1 ? 'carácter' : 'caracteres'}`));
    expect(tooLong('zh_CN')).toEqual(COUNTS.map((n) => `最多 ${n} 个字符`));
    expect(tooLong('ar')).toEqual(['يجب ألا يتجاوز 0 حرف', 'يجب ألا يتجاوز حرفًا واحدًا', 'يجب ألا يتجاوز حرفين', 'يجب ألا يتجاوز 3 أحرف', 'يجب ألا يتجاوز 11 حرفًا', 'يجب ألا يتجاوز 100 حرف']);
  });

  it("Spanish's many (a million) reads as its other; a count given as text counts too; no count reads as other", () => {
    expect(translator('es')('rule.tooLong', { max: 1_000_000 })).toBe('debe tener como máximo 1000000 caracteres');
    expect(translator('en')('rule.tooLong', { max: '1' })).toBe('must be at most 1 character');
    expect(translator('ar')('auth.locked', { minutes: '2' })).toBe('محاولات فاشلة كثيرة. حاول مرة أخرى بعد دقيقتين');
    expect(translator('en')('auth.locked')).toBe('Too many failed attempts. Try again in {minutes} minutes');
  });

  it.each(LANGUAGES)('%s: every counted message renders at every count, every placeholder filled', (language) => {
    expect(counted.length).toBeGreaterThanOrEqual(19);
    const t = translator(language);
    const left = counted.flatMap((key) =>
      COUNTS.map((count) => {
        // The count, and any other param the message names (a row number), given too.
        const names = [...(CATALOGUES.en[key] as { other: string }).other.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const text = t(key, Object.fromEntries([...names, byOf(key)].map((name) => [name, name === byOf(key) ? count : 7])));
        return text.includes('{') || text.trim() === '' ? `${key} × ${count}: ${text}` : null;
      }),
    );
    expect(left.filter(Boolean)).toEqual([]);
  });

  it('a count of one reads differently from two in English and Spanish, and in Arabic each of 0, 1, 2, 3 from the next (11 and 100 may read alike: 11 دقيقة, 100 دقيقة)', () => {
    for (const key of counted) {
      const params = (count: number) => ({ min: 1, row: 7, [byOf(key)]: count });
      if (key !== 'mail.digest.more') {
        for (const language of ['en', 'es'] as const) expect(translator(language)(key, params(1)).replace('1', '2'), `${language} ${key}`).not.toBe(translator(language)(key, params(2)));
      }
      const ar = at('ar', key, params);
      for (let i = 0; i < 4; i++) expect(ar[i]!.replace(String(COUNTS[i]), 'N'), `ar ${key} ${COUNTS[i]}`).not.toBe(ar[i + 1]!.replace(String(COUNTS[i + 1]), 'N'));
    }
  });
});
