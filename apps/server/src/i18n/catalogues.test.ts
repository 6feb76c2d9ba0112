import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ullage/domain/languages';
import { CATALOGUES, languageOf, translator } from './translate';

describe('server message catalogues', () => {
  it('all four languages have exactly the same keys, none empty, with the same placeholders', () => {
    const english = CATALOGUES.en;
    for (const language of LANGUAGES) {
      const catalogue = CATALOGUES[language];
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english[key as keyof typeof english]));
      }
    }
  });

  it('picks the language from the header, understanding browser tags, defaulting to en', () => {
    expect(languageOf('ar')).toBe('ar');
    expect(languageOf('zh-CN')).toBe('zh_CN');
    expect(languageOf('es-MX')).toBe('es');
    expect(languageOf('fr')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('fills placeholders', () => {
    expect(translator('en')('auth.locked', { minutes: 15 })).toBe('Too many failed attempts. Try again in 15 minutes');
    expect(translator('zh_CN')('auth.locked', { minutes: 3 })).toBe('失败次数过多，请 3 分钟后再试');
  });
});
