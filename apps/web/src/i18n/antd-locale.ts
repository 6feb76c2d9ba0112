import type { Locale } from 'antd/es/locale';
import type { Language } from '@ullage/domain/languages';

/** antd's texts (pagination, pickers, empty states) for each language, loaded on demand. */
const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  ar: () => import('antd/es/locale/ar_EG').then((m) => ({ default: withArabicDayLetters(m.default) })),
};

/** The one-letter day names Arabic calendars print (Sunday first, as antd expects them). */
export const ARABIC_DAY_LETTERS = ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'];

/**
 * antd's Arabic picker heads its weeks with the full day names ("الثلاثاء"), which do not fit
 * a day's 36 px column and run into each other; the letters do.
 */
function withArabicDayLetters(locale: Locale): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  return { ...locale, DatePicker: { ...picker, lang: { ...picker.lang, shortWeekDays: ARABIC_DAY_LETTERS } } };
}

export async function loadAntdLocale(language: Language): Promise<Locale> {
  return (await loaders[language]()).default;
}
