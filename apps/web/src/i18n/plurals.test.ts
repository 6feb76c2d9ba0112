import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@ullage/domain/languages';
import { HTML_LANG } from './language-names';

/**
 * Counted texts through the real i18next, on the real locale files, initialised as i18n.ts
 * does: each language picks the form of its plural rules (Arabic six, Chinese one, English
 * two, Spanish three since CLDR 42's "many").
 */
const dir = path.join(import.meta.dirname, 'locales');
const files = Object.fromEntries(
  LANGUAGES.map((language) => [language, JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Record<string, string>]),
) as Record<Language, Record<string, string>>;
const COUNTS = [0, 1, 2, 3, 11, 100] as const;
const pluralKeys = Object.keys(files.en)
  .filter((key) => key.endsWith('_other'))
  .map((key) => key.slice(0, -'_other'.length));

const instances = {} as Record<Language, I18n>;
beforeAll(async () => {
  for (const language of LANGUAGES) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: HTML_LANG[language],
      resources: { [HTML_LANG[language]]: { translation: files[language] } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
    instances[language] = instance;
  }
});

/** A counted text as a page shows it; the other variables some texts name are given too. */
function render(language: Language, key: string, count: number): string {
  const t = instances[language].t as unknown as (key: string, options: Record<string, unknown>) => string;
  // The counted texts' other values: a text may show its count formatted (all, size, max) beside count.
  const n = String(count);
  return t(key, { count, days: n, weeks: n, shown: 1, pct: '1 %', source: 'x', all: n, abnormal: '0', size: n, readings: '4,320', points: '480', min: '1', max: n });
}

/** A counted text at each of COUNTS. */
const atCounts = (language: Language, key: string) => COUNTS.map((count) => render(language, key, count));

describe('counted texts', () => {
  it('the last-N-days choice reads right in every language', () => {
    const lastDays = (language: Language) => atCounts(language, 'history.form.lastDays');
    expect(lastDays('ar')).toEqual(['آخر 0 يوم', 'آخر يوم', 'آخر يومين', 'آخر 3 أيام', 'آخر 11 يومًا', 'آخر 100 يوم']);
    expect(lastDays('en')).toEqual(['Last 0 days', 'Last 1 day', 'Last 2 days', 'Last 3 days', 'Last 11 days', 'Last 100 days']);
    expect(lastDays('es')).toEqual(['Últimos 0 días', 'Último 1 día', 'Últimos 2 días', 'Últimos 3 días', 'Últimos 11 días', 'Últimos 100 días']);
    expect(lastDays('zh_CN')).toEqual(['最近 0 天', '最近 1 天', '最近 2 天', '最近 3 天', '最近 11 天', '最近 100 天']);
  });

  it('Arabic counts a noun by its six forms', () => {
    expect(atCounts('ar', 'shiftSales.total')).toEqual(['0 وردية', 'وردية واحدة', 'ورديتان', '3 ورديات', '11 وردية', '100 وردية']);
    expect(atCounts('ar', 'alarm.query.process.titleMany')).toEqual(['معالجة 0 إنذار', 'معالجة إنذار واحد', 'معالجة إنذارين', 'معالجة 3 إنذارات', 'معالجة 11 إنذارًا', 'معالجة 100 إنذار']);
    expect(render('ar', 'query.range.maxDays', 31)).toBe('لا تزيد عن 31 يومًا');
    expect(render('ar', 'common.rule.maxLength', 50)).toBe('50 حرفًا على الأكثر');
  });

  it('English and Spanish say one and many; Spanish a million with its own form', () => {
    expect(render('en', 'power.total', 1)).toBe('1 power-off');
    expect(render('en', 'power.total', 2)).toBe('2 power-offs');
    expect(render('es', 'deviceParams.firmware.selected', 1)).toBe('1 estación elegida');
    expect(render('es', 'deviceParams.firmware.selected', 3)).toBe('3 estaciones elegidas');
    expect(render('es', 'common.rule.maxLength', 1_000_000)).toBe('Como máximo 1000000 caracteres');
    // The report summaries count tank days and months; the history note its bucket's unit.
    expect(atCounts('ar', 'inventory.summary.days')).toEqual([
      'لا توجد أيام خزان',
      '0 من يوم خزان واحد غير طبيعي',
      '0 من يومَي خزان غير طبيعيين',
      '0 من 3 أيام خزان غير طبيعية',
      '0 من 11 يوم خزان غير طبيعي',
      '0 من 100 يوم خزان غير طبيعي',
    ]);
    expect(render('en', 'inventory.summary.months', 1)).toBe('0 of 1 tank month with abnormal days');
    expect(render('en', 'history.chart.bucketHours', 1)).toBe('4,320 readings drawn as 480 points: each is the mean of 1 hour');
    expect(render('ar', 'history.chart.bucketMinutes', 2)).toBe('عدد القراءات 4,320، مرسومة نقاطًا عددها 480: كل نقطة متوسط دقيقتين');
    expect(render('es', 'shiftSales.shifts.ruleCount', 6)).toBe('Defina de 1 a 6 turnos');
  });

  it.each(LANGUAGES)('%s has a form for every count of every counted text', (language) => {
    expect(pluralKeys.length).toBeGreaterThan(20);
    const rules = new Intl.PluralRules(HTML_LANG[language]);
    const missing = pluralKeys.flatMap((key) =>
      COUNTS.filter((count) => !(`${key}_${rules.select(count)}` in files[language])).map((count) => `${key} × ${count} (${rules.select(count)})`),
    );
    expect(missing).toEqual([]);
    const unrendered = pluralKeys.flatMap((key) =>
      COUNTS.map((count) => [count, render(language, key, count)] as const)
        .filter(([, text]) => text.startsWith(key) || text.includes('{{'))
        .map(([count, text]) => `${key} × ${count}: ${text}`),
    );
    expect(unrendered).toEqual([]);
  });

  it('every call that names a counted text directly passes count', () => {
    const root = path.join(import.meta.dirname, '..');
    const calls: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, 'utf8');
          for (const match of text.matchAll(/\bt\('([\w.]+)'(\s*,\s*\{[^}]*\})?\s*\)/g)) {
            // `count` as a key of the options (`count: n` or shorthand), not inside a value such as format.count(n).
            if (pluralKeys.includes(match[1]!) && !/[{,]\s*count\s*[:,}]/.test(match[2] ?? '')) calls.push(`${path.relative(root, file)}: ${match[0]}`);
          }
        }
      }
    };
    walk(root);
    expect(calls).toEqual([]);
  });
});
