import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DEFAULT_LANGUAGE, matchLanguage, pickLanguage, type Language } from '@ullage/domain/languages';
import { getInfo, sessionUserQueryKey } from '../lib/session-user';
import { manualLanguageOf } from '../features/manual/manual-address';
import { fetchLoginConfig, loginConfigQueryKey } from '../features/auth/api/login-config';
import { applyDocumentLanguage, storedLanguageChoice } from '../i18n/document-language';
import { accessibleNameTexts } from '../i18n/icon-names';
import { initI18n, setActiveLanguage } from '../i18n/i18n';
import { watchAccessibleNames } from '../lib/accessible-names';
import { isMobileSession } from '../lib/device';
import { isSignedIn } from '../lib/login-state';
import { queryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { preloadAddress } from './shell-gate';

/**
 * Spec §1: the stored choice, else the browser's languages, else the server's configured
 * default. The configuration is only awaited when the first two say nothing.
 */
async function resolveLanguage(): Promise<Language> {
  const stored = storedLanguageChoice();
  const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  if (matchLanguage(stored) || browser.some((tag) => matchLanguage(tag))) return pickLanguage(stored, browser);
  try {
    const config = await queryClient.fetchQuery({ queryKey: loginConfigQueryKey, queryFn: fetchLoginConfig });
    return pickLanguage(stored, browser, config.defaultLanguage);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function boot(root: HTMLElement): Promise<void> {
  // Recorded once per tab (spec §2), before any route decides on a layout.
  const mobileSession = isMobileSession();
  // Known at once from the stored choice or the browser (a server round trip only when both
  // say nothing), and set before the first call: the user info asked for below went out with
  // the default `en` header while a stored `es` was read only afterwards.
  // A manual address names its language (`/manual?lang=ar`): the tab shows that one, without
  // making it the reader's choice.
  const language = manualLanguageOf(window.location) ?? (await resolveLanguage());
  setActiveLanguage(language);
  // A signed-in visitor will need the user info on any route but the public ones: ask now,
  // while the language's texts load, not after the first render.
  // Its shell, page and first data too, beside the texts rather than after the first render (issue 35).
  if (isSignedIn()) {
    void queryClient.prefetchQuery({ queryKey: sessionUserQueryKey, queryFn: getInfo });
    preloadAddress(window.location.pathname, mobileSession);
  }
  await initI18n(language);
  applyDocumentLanguage(language);
  // antd names icons and number-field buttons in English; name them in the page's language.
  watchAccessibleNames(accessibleNameTexts());
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}
