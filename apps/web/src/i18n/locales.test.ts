import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ullage/domain/languages';

const dir = path.join(import.meta.dirname, 'locales');
const load = (language: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Record<string, unknown>;
const locales = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));
const reference = Object.keys(locales.en ?? {}).sort();

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

  it.each(LANGUAGES)('%s has exactly the keys of en.json', (language) => {
    expect(Object.keys(locales[language] ?? {}).sort()).toEqual(reference);
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
    const vars = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const broken = reference.filter((key) => JSON.stringify(vars(locales[language]?.[key])) !== JSON.stringify(vars(locales.en?.[key])));
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
    const missing = [...keysUsedInSource()].filter((key) => !(key in (locales.en ?? {})));
    expect(missing).toEqual([]);
  });
});
