import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@ullage/domain/languages';
import { HTML_LANG } from '../../i18n/language-names';
import { registerFeedback, type FeedbackApis } from '../../lib/feedback';
import { downloadProgressText, downloadProgressToast, downloadSize, exportRowsOf } from './download-progress';

/** Issue 35 item 3: the page shows an export's progress while it downloads. */
const translate = {} as Record<Language, TFunction>;
beforeAll(async () => {
  for (const language of LANGUAGES) {
    const file = path.join(import.meta.dirname, '../../i18n/locales', `${language}.json`);
    const instance = i18next.createInstance();
    await instance.init({
      lng: HTML_LANG[language],
      resources: { [HTML_LANG[language]]: { translation: JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string> } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
    translate[language] = instance.t;
  }
});

const text = (language: Language, bytes: number, rows: number | null) => downloadProgressText(translate[language], HTML_LANG[language], bytes, rows);

describe('an export’s download progress', () => {
  it('reads the rows the server announces, and nothing else', () => {
    expect(exportRowsOf(new Headers({ 'x-export-rows': '50000' }))).toBe(50_000);
    expect(exportRowsOf(new Headers({ 'x-export-rows': '0' }))).toBe(0);
    for (const bad of ['', 'many', '-1', '1.5']) expect(exportRowsOf(new Headers({ 'x-export-rows': bad }))).toBeNull();
    expect(exportRowsOf(new Headers())).toBeNull();
  });

  it('counts bytes in kilobytes, then megabytes with a decimal', () => {
    expect(downloadSize(0, 'en')).toBe('0 kB');
    expect(downloadSize(300 * 1024, 'en')).toBe('300 kB');
    expect(downloadSize(1.44 * 2 ** 20, 'en')).toBe('1.4 MB');
    expect(downloadSize(1.44 * 2 ** 20, 'es')).toBe('1,4 MB');
  });

  it('names the size received and, when known, the rows, in every language', () => {
    const bytes = 1.44 * 2 ** 20;
    expect(text('en', bytes, null)).toBe('Downloading the export… 1.4 MB');
    expect(text('en', bytes, 50_000)).toBe('Downloading the export of 50,000 rows… 1.4 MB');
    expect(text('en', bytes, 1)).toBe('Downloading the export of 1 row… 1.4 MB');
    // An empty list's file: its size alone, not "0 rows".
    expect(text('en', 3 * 1024, 0)).toBe('Downloading the export… 3 kB');
    expect(text('es', bytes, 50_000)).toBe('Descargando la exportación de 50.000 filas… 1,4 MB');
    expect(text('zh_CN', bytes, 50_000)).toBe(`正在下载导出文件（50,000 行）… ${downloadSize(bytes, 'zh-CN')}`);
    // Arabic counts its noun by six forms; the numbers are the page's (Intl's for "ar").
    expect(text('ar', bytes, 1)).toBe(`جارٍ تنزيل ملف التصدير (صف واحد)… ${downloadSize(bytes, 'ar')}`);
    expect(text('ar', bytes, 2)).toBe(`جارٍ تنزيل ملف التصدير (صفان)… ${downloadSize(bytes, 'ar')}`);
    expect(text('ar', bytes, 5)).toContain('صفوف');
    for (const language of LANGUAGES) expect(text(language, bytes, 50_000)).not.toMatch(/{{|list\./);
  });

  it('keeps one toast, shown after a moment, changed at most four times a second, closed at the end', () => {
    const calls: string[] = [];
    const message = {
      open: (config: { key: string; content: string; type: string }) => calls.push(`open ${config.key.replace(/\d+/, 'n')} ${config.type} ${config.content}`),
      destroy: (key: string) => calls.push(`destroy ${key.replace(/\d+/, 'n')}`),
    };
    const unregister = registerFeedback({ message, notification: {} } as unknown as FeedbackApis);
    let clock = 0;
    const toast = downloadProgressToast((bytes) => `${bytes} bytes`, () => clock);
    for (const [at, bytes] of [[100, 1], [450, 2], [500, 3], [700, 4], [800, 5]] as const) {
      clock = at;
      toast.received(bytes);
    }
    toast.close();
    toast.close();
    unregister();
    expect(calls).toEqual(['open download-progress:n loading 2 bytes', 'open download-progress:n loading 4 bytes', 'destroy download-progress:n']);
  });
});
