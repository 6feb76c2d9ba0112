import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ullage/domain/languages';

const dir = path.join(import.meta.dirname, 'locales');
const load = (language: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Record<string, unknown>;
const locales = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));
const reference = Object.keys(locales.en ?? {}).sort();

/**
 * A counted text is a plural family, `key_<form>`, in all six forms in every file; each language
 * writes the forms its plural rules pick (Intl.PluralRules, as i18next picks them: en one/other,
 * es one/many/other, zh_CN other, ar all six) and repeats its "other" in the rest. Every other
 * key is a single message.
 */
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;
const ALL_FORMS = ['few', 'many', 'one', 'other', 'two', 'zero'];
const pluralForms = (language: string): string[] => new Intl.PluralRules(language.replace('_', '-')).resolvedOptions().pluralCategories.slice().sort();
/** The messages of a file: single keys as they are, plural families by their base key with the forms found. */
function messagesOf(messages: Record<string, unknown>): Map<string, string[] | null> {
  const out = new Map<string, string[] | null>();
  for (const key of Object.keys(messages)) {
    const match = PLURAL_FORM.exec(key);
    if (match && `${match[1]}_other` in messages) out.set(match[1]!, [...(out.get(match[1]!) ?? []), match[2]!].sort());
    else out.set(key, null);
  }
  return out;
}
const referenceMessages = messagesOf(locales.en ?? {});
const pluralKeys = [...referenceMessages].filter(([, forms]) => forms).map(([key]) => key);

/** Every key the source names: t('…'), titleKey: '…', and the key tables typed MessageKey. */
function keysUsedInSource(): Set<string> {
  const root = path.join(import.meta.dirname, '..');
  const used = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(file, 'utf8');
        for (const match of text.matchAll(/'((?:common|auth|account|route|menu|layout|manual|appDownload|errors|query|alarm|list|settingsOrg|settingsMore|settingsAudit|monitor|leakTest|reconciliation|notice|mailAddress)\.[A-Za-z0-9_.]+)'/g)) {
          used.add(match[1]!);
        }
      }
    }
  };
  walk(root);
  return used;
}

describe('locale files', () => {
  it('there is one file per interface language and nothing else', () => {
    expect(fs.readdirSync(dir).sort()).toEqual(['ar.json', 'en.json', 'es.json', 'zh_CN.json']);
  });

  it.each(LANGUAGES)('%s has exactly the keys of en.json, every counted text in all six plural forms', (language) => {
    // Every file holds every key, plural forms included: a form the language never picks repeats
    // its "other" (i18next asks each language only for the forms its rules name).
    expect(Object.keys(locales[language] ?? {}).sort()).toEqual(reference);
    const messages = messagesOf(locales[language] ?? {});
    const notFull = [...messages].filter(([, forms]) => forms && forms.length !== ALL_FORMS.length).map(([key, forms]) => `${key}: ${JSON.stringify(forms)}`);
    expect(notFull).toEqual([]);
    const own = locales[language] ?? {};
    const unpicked = ALL_FORMS.filter((form) => !pluralForms(language).includes(form));
    const written = pluralKeys.flatMap((key) => unpicked.filter((form) => own[`${key}_${form}`] !== own[`${key}_other`]).map((form) => `${key}_${form}`));
    expect(written).toEqual([]);
  });

  it('the plural rules are the ones the families were written for', () => {
    // If an engine's CLDR changes a language's forms, the families above must change with it.
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, pluralForms(language)]))).toEqual({
      en: ['one', 'other'],
      zh_CN: ['other'],
      es: ['many', 'one', 'other'],
      ar: ['few', 'many', 'one', 'other', 'two', 'zero'],
    });
    expect(pluralKeys.length).toBeGreaterThan(20);
  });

  it.each(LANGUAGES)('%s has no empty or non-string value', (language) => {
    const bad = Object.entries(locales[language] ?? {}).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(bad).toEqual([]);
  });

  it.each(['zh_CN', 'es', 'ar'])('%s is translated, not copied from English', (language) => {
    // Product names and placeholders may stay the same; sentences may not.
    const same = reference.filter((key) => locales[language]?.[key] === locales.en?.[key] && String(locales.en?.[key]).includes(' '));
    expect(same).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps the interpolation variables of English', (language) => {
    const vars = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
    const messages = locales[language] ?? {};
    const broken = [...referenceMessages].flatMap(([key, forms]) => {
      if (!forms) return JSON.stringify(vars(messages[key])) === JSON.stringify(vars(locales.en?.[key])) ? [] : [key];
      // A plural family's "other" form names what English's does; a form for one number may
      // spell it out ("يوم واحد", "يومان") and leave the number out, never add a variable.
      const other = vars(locales.en?.[`${key}_other`]);
      const extra = pluralForms(language).filter((form) => vars(messages[`${key}_${form}`]).some((name) => !other.includes(name) && name !== 'count'));
      const otherBroken = JSON.stringify(vars(messages[`${key}_other`])) !== JSON.stringify(other);
      return [...extra.map((form) => `${key}_${form}`), ...(otherBroken ? [`${key}_other`] : [])];
    });
    expect(broken).toEqual([]);
  });

  it('carries the messages of spec §8 in English', () => {
    const values = new Set(Object.values(locales.en ?? {}));
    for (const message of [
      'Wrong user name or password',
      'Not logged in',
      'Request failed',
      'Old password error',
      'Passwords not same',
      'Code already exists',
      'User name has existed',
      'Your password is not safe, please change as soon as possible',
      'Modification succeeded, please log in again',
      'Modification failed',
      'Setting saved',
      'Setting failed',
      'The current network is delayed, please try again later',
      'Time cannot exceed 11 days',
      'Start time must be before end time',
      'Must select gas station and tank',
    ]) {
      expect(values).toContain(message);
    }
  });

  it('every key named in the source exists', () => {
    const missing = [...keysUsedInSource()].filter((key) => !referenceMessages.has(key));
    expect(missing).toEqual([]);
  });
});
