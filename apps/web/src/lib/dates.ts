import dayjs from 'dayjs';
import type { Language } from '@ullage/domain/languages';

/** dayjs names for our languages; English is built in. */
const loaders: Record<Language, (() => Promise<unknown>) | null> = {
  zh_CN: () => import('dayjs/locale/zh-cn'),
  en: null,
  es: () => import('dayjs/locale/es'),
  ar: () => import('dayjs/locale/ar'),
};
const DAYJS_NAMES: Record<Language, string> = { zh_CN: 'zh-cn', en: 'en', es: 'es', ar: 'ar' };

/** Month and weekday names in pickers and formatted dates follow the interface language. */
export async function loadDayjsLocale(language: Language): Promise<void> {
  const load = loaders[language];
  if (load) await load();
  dayjs.locale(DAYJS_NAMES[language]);
}
