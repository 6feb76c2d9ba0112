import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ullage/domain/languages';
import type { Messages } from './en';
import { CATALOGUES, languageOf, PLURAL_LOCALES, translator } from './translate';

type Entry = string | ({ readonly by: string } & Partial<Record<Intl.LDMLPluralRule, string>>);
const placeholders = (s: string) => [...new Set(s.match(/\{\w+\}/g) ?? [])].sort();

describe('server message catalogues', () => {
  it('all four languages have exactly the same keys, none empty, with the same placeholders', () => {
    const english = CATALOGUES.en as Record<string, Entry>;
    for (const language of LANGUAGES) {
      const catalogue = CATALOGUES[language] as Record<string, Entry>;
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, entry] of Object.entries(catalogue)) {
        const reference = english[key]!;
        if (typeof entry !== 'string' || typeof reference !== 'string') continue; // counted ones: below
        expect(entry.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(entry), `${language} ${key}`).toEqual(placeholders(reference));
      }
    }
  });

  it('a counted message is counted in every language, by the same param, in exactly the forms of its plural rules', () => {
    const english = CATALOGUES.en as Record<string, Entry>;
    const counted = Object.keys(english).filter((key) => typeof english[key] !== 'string');
    expect(counted.length).toBeGreaterThanOrEqual(19);
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(PLURAL_LOCALES[language]).resolvedOptions().pluralCategories;
      const catalogue = CATALOGUES[language] as Record<string, Entry>;
      for (const [key, reference] of Object.entries(english)) {
        const entry = catalogue[key];
        if (typeof reference === 'string') {
          if (typeof entry !== 'string') problems.push(`${key} ${language}: counted, but not in en`);
          continue;
        }
        if (typeof entry !== 'object') {
          problems.push(`${key} ${language}: not counted, but counted in en`);
          continue;
        }
        if (entry.by !== reference.by) problems.push(`${key} ${language}: counts by ${entry.by}, en by ${reference.by}`);
        // Every form names the params of en's `other`; it may leave the count itself out ("دقيقة واحدة").
        const expected = placeholders(reference.other!).filter((p) => p !== `{${reference.by}}`);
        if (!placeholders(reference.other!).includes(`{${reference.by}}`)) problems.push(`${key} en other: does not show {${reference.by}}`);
        for (const form of categories) {
          const text = entry[form];
          if (typeof text !== 'string' || text.trim() === '') problems.push(`${key} ${language} ${form}: missing`);
          else if (placeholders(text).filter((p) => p !== `{${reference.by}}`).join() !== expected.join()) problems.push(`${key} ${language} ${form}: placeholders ${placeholders(text).join(' ')}`);
        }
        for (const form of Object.keys(entry)) {
          if (form !== 'by' && !(categories as string[]).includes(form)) problems.push(`${key} ${language} ${form}: not a form of ${PLURAL_LOCALES[language]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the catalogue types ask for exactly the forms of each language', () => {
    const arabic: Messages<'ar'>['auth.locked'] = { by: 'minutes', zero: 'z', one: 'o', two: 't', few: 'f', many: 'm', other: 'x' };
    // @ts-expect-error Arabic has six forms, not two
    const arabicShort: Messages<'ar'>['auth.locked'] = { by: 'minutes', one: 'o', other: 'x' };
    // @ts-expect-error Chinese has one form
    const chineseOne: Messages<'zh_CN'>['auth.locked'] = { by: 'minutes', one: 'o', other: 'x' };
    // @ts-expect-error the count is en's param
    const otherParam: Messages<'es'>['auth.locked'] = { by: 'count', one: 'o', many: 'm', other: 'x' };
    // @ts-expect-error a counted message is no plain text
    const plain: Messages<'es'>['auth.locked'] = 'x';
    expect([arabic, arabicShort, chineseOne, otherParam, plain]).toHaveLength(5);
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
