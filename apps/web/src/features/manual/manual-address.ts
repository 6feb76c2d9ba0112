import { isLanguage, type Language } from '@ullage/domain/languages';

/**
 * The manual's stable address (issue 24): `/manual?lang=<language>#<section-id>`, readable
 * without signing in, so support can send a link. Without `lang` the manual is in the
 * reader's chosen language.
 */
export const MANUAL_PATH = '/manual';

export function manualHref(language: Language, sectionId?: string): string {
  return `${MANUAL_PATH}?lang=${language}${sectionId ? `#${sectionId}` : ''}`;
}

/**
 * The language a `/manual?lang=…` address asks for, undefined elsewhere or without a valid
 * `lang`. Boot starts the tab in it (without storing it as the reader's choice), so the
 * manual's interface, text and direction are all in that one language.
 */
export function manualLanguageOf(location: { pathname: string; search: string }): Language | undefined {
  if (location.pathname.replace(/\/+$/, '').toLowerCase() !== MANUAL_PATH) return undefined;
  const lang = new URLSearchParams(location.search).get('lang');
  return isLanguage(lang) ? lang : undefined;
}
