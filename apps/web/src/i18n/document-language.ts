import { LANGUAGE_STORAGE_KEY, isRightToLeft, type Language } from '@ullage/domain/languages';
import { HTML_LANG } from './language-names';

/** Arabic mirrors the whole page: <html dir="rtl"> drives the logical CSS properties. */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = HTML_LANG[language];
  root.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

export function storedLanguageChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Spec §2: choosing a language stores it and reloads the page. */
export function chooseLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice cannot outlive the reload; nothing better to do.
  }
  window.location.reload();
}
