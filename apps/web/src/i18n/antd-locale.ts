import type { Locale } from 'antd/es/locale';
import type { Language } from '@ullage/domain/languages';

/** antd's texts (pagination, pickers, empty states) for each language, loaded on demand. */
const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  ar: () => import('antd/es/locale/ar_EG'),
};

export async function loadAntdLocale(language: Language): Promise<Locale> {
  return (await loaders[language]()).default;
}
