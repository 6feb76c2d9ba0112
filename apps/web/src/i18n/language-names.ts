import type { Language } from '@ullage/domain/languages';

/**
 * Each language named in itself, as language pickers do, so a reader finds their own
 * language whatever the page is in. Not translated on purpose.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '中文',
  en: 'English',
  es: 'Español',
  ar: 'العربية',
};

/** BCP 47 tag for <html lang>. */
export const HTML_LANG: Record<Language, string> = {
  zh_CN: 'zh-CN',
  en: 'en',
  es: 'es',
  ar: 'ar',
};
