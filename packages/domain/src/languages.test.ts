import { describe, it, expect } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_HEADER,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  isRightToLeft,
  matchLanguage,
  pickLanguage,
  type Language,
} from './languages';

describe('language constants', () => {
  it('spec §9: languages en, zh_CN, es, ar (picker order: Chinese, English, Spanish, Arabic per spec §2)', () => {
    expect([...LANGUAGES]).toEqual(['zh_CN', 'en', 'es', 'ar']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect([LANGUAGE_STORAGE_KEY, LANGUAGE_HEADER]).toEqual(['language', 'language']);
  });

  const isLanguageCases: Array<[unknown, boolean]> = [
    ['zh_CN', true],
    ['en', true],
    ['es', true],
    ['ar', true],
    ['zh-CN', false],
    ['zh', false],
    ['EN', false],
    ['fr', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ];
  it.each(isLanguageCases)('spec §9: only en, zh_CN, es, ar are languages — isLanguage(%j) is %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('matchLanguage', () => {
  const cases: Array<[string | null | undefined, Language | undefined]> = [
    ['zh_CN', 'zh_CN'],
    ['zh-CN', 'zh_CN'],
    ['zh-TW', 'zh_CN'],
    ['zh', 'zh_CN'],
    ['ZH-cn', 'zh_CN'],
    ['zh-Hant-TW', 'zh_CN'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['EN', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['es-419', 'es'],
    ['ar', 'ar'],
    ['ar-SA', 'ar'],
    [' ar-EG ', 'ar'],
    ['fr-FR', undefined],
    ['fr', undefined],
    ['de', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ];
  it.each(cases)('spec §9: languages en, zh_CN, es, ar — tag %j maps to %j', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });
});

describe('pickLanguage', () => {
  const cases: Array<[string, string | null | undefined, string[], Language | undefined, Language]> = [
    ['stored wins over browser', 'ar', ['zh-CN', 'en-US'], undefined, 'ar'],
    ['stored wins over configured default', 'es', [], 'zh_CN', 'es'],
    ['stored zh_CN wins', 'zh_CN', ['es-MX'], undefined, 'zh_CN'],
    ['unsupported stored value is ignored', 'fr', ['es-MX'], undefined, 'es'],
    ['stored tag form is not a stored language', 'zh-CN', ['ar-SA'], undefined, 'ar'],
    ['null stored, browser zh-CN', null, ['zh-CN'], undefined, 'zh_CN'],
    ['browser zh-TW', undefined, ['zh-TW'], undefined, 'zh_CN'],
    ['browser es-MX', null, ['es-MX'], undefined, 'es'],
    ['browser ar-SA', null, ['ar-SA'], undefined, 'ar'],
    ['browser fr-FR then es-MX: first supported', null, ['fr-FR', 'es-MX'], undefined, 'es'],
    ['browser order respected', null, ['ar-SA', 'en-US'], undefined, 'ar'],
    ['browser fr-FR only: built-in default', null, ['fr-FR'], undefined, 'en'],
    ['browser fr-FR only: configured default', null, ['fr-FR'], 'zh_CN', 'zh_CN'],
    ['no stored, no browser: configured default', null, [], 'ar', 'ar'],
    ['no stored, no browser: built-in default', undefined, [], undefined, 'en'],
    ['browser beats configured default', '', ['es-MX'], 'ar', 'es'],
  ];
  it.each(cases)(
    'spec §2/§9: a chosen language is stored and used; else browser; else default — %s',
    (_label, stored, browser, configured, expected) => {
      expect(pickLanguage(stored, browser, configured)).toBe(expected);
    },
  );
});

describe('isRightToLeft', () => {
  const cases: Array<[Language, boolean]> = [
    ['ar', true],
    ['en', false],
    ['zh_CN', false],
    ['es', false],
  ];
  it.each(cases)('spec §9: of en, zh_CN, es, ar only Arabic is right-to-left — %s is %s', (language, expected) => {
    expect(isRightToLeft(language)).toBe(expected);
  });

  it('spec §9: exactly one supported language is right-to-left', () => {
    expect(LANGUAGES.filter(isRightToLeft)).toEqual(['ar']);
  });
});
