import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loaders } from 'virtual:locale-bundles';
import type { Language } from '@ullage/domain/languages';
import { HTML_LANG } from './language-names';
import { bundleOfKey, type LocaleBundle } from './locale-bundles';

/**
 * One i18next instance. Only the active language is fetched, and of it only the core texts
 * at start; a route's own texts come with its page (locale-bundles.ts).
 */
export const i18n = i18next;

let active: Language = 'en';
const loaded = new Map<LocaleBundle | 'core', Promise<void>>();
/** Settled once i18next holds the core texts: a bundle fetched before that (boot preloads a page with its texts) is added then. */
let markStarted: () => void = () => {};
const started = new Promise<void>((resolve) => (markStarted = resolve));

/** The language the page was started in; changing it reloads the page (spec §2). */
export function activeLanguage(): Language {
  return active;
}

/** The language every API call names from now on; boot sets it before its first call. */
export function setActiveLanguage(language: Language): void {
  active = language;
}

function fetchBundle(language: Language, bundle: LocaleBundle | 'core'): Promise<Record<string, string>> {
  const load = loaders[language]?.[bundle];
  if (!load) return Promise.reject(new Error(`No locale bundle ${bundle} for ${language}`));
  return load().then((module) => module.default);
}

/** Fetches the bundles not yet here; resolves once i18next holds them all. */
export function loadLocaleBundles(bundles: readonly LocaleBundle[]): Promise<void> {
  return Promise.all(
    bundles.map((bundle) => {
      let done = loaded.get(bundle);
      if (!done) {
        done = Promise.all([fetchBundle(active, bundle), started]).then(([messages]) => {
          // Adding emits 'added', on which react-i18next re-renders whoever showed a key early.
          i18next.addResourceBundle(HTML_LANG[active], 'translation', messages, true, false);
        });
        // A failed fetch (network) may be tried again by the next page that needs it.
        done.catch(() => loaded.delete(bundle));
        loaded.set(bundle, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/**
 * A key shown before its bundle arrived — a route that does not name a bundle it uses —
 * fetches the bundle and says so in the console, where the browser tests look for it.
 */
function onMissingKey(key: string): void {
  const bundle = bundleOfKey(key);
  if (bundle === 'core' || loaded.has(bundle)) return;
  console.warn(`i18n: "${key}" was shown before its bundle "${bundle}" was loaded`);
  loadLocaleBundles([bundle]).catch(() => {
    // Shown as its key until the next page load; the page itself still works.
  });
}

export async function initI18n(language: Language): Promise<void> {
  active = language;
  const messages = await fetchBundle(language, 'core');
  loaded.set('core', Promise.resolve());
  // i18next wants BCP 47 tags (zh-CN), not the zh_CN stored and sent to the server.
  const tag = HTML_LANG[language];
  await i18next.use(initReactI18next).init({
    lng: tag,
    resources: { [tag]: { translation: messages } },
    // Keys are flat `feature.area.phrase` strings, so dots are not paths.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => onMissingKey(key),
    react: { bindI18nStore: 'added' },
  });
  markStarted();
}
