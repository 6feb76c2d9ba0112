import { LANGUAGE_HEADER } from '@ullage/domain/languages';
import { activeLanguage } from '../i18n/i18n';

/**
 * The `language` header every call to the API carries: the language the page was started in
 * (stored choice, else the browser's, else the server's default — boot decides). The server
 * words its messages, exports and shift names in the language it is told; sending only a
 * stored choice left a visitor who never picked one with Spanish screens and English exports.
 */
export function languageHeader(): Record<string, string> {
  return { [LANGUAGE_HEADER]: activeLanguage() };
}
