import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@ullage/domain/languages';
import { HTML_LANG } from './language-names';

/**
 * One i18next instance. Only the active locale is fetched: each JSON file becomes its own
 * chunk, which keeps the other three out of the login route's budget.
 */
type LocaleModule = { default: Record<string, string> };
const localeLoaders = import.meta.glob<LocaleModule>('./locales/*.json');

export const i18n = i18next;

let active: Language = 'en';

/** The language the page was started in; changing it reloads the page (spec §2). */
export function activeLanguage(): Language {
  return active;
}

export async function initI18n(language: Language): Promise<void> {
  const load = localeLoaders[`./locales/${language}.json`];
  if (!load) throw new Error(`No locale file for ${language}`);
  const messages = (await load()).default;
  active = language;
  // i18next wants BCP 47 tags (zh-CN), not the zh_CN stored and sent to the server.
  const tag = HTML_LANG[language];
  await i18next.use(initReactI18next).init({
    lng: tag,
    resources: { [tag]: { translation: messages } },
    // Keys are flat `feature.area.phrase` strings, so dots are not paths.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
}
