import type { Locale } from 'antd/es/locale';
import { loadAntdLocale } from './antd-locale';
import { activeLanguage } from './i18n';

let ready: Promise<Locale> | undefined;

/**
 * antd's and dayjs's texts for the page's language, fetched once. The shells ask for them
 * as soon as they know they will render, in parallel with the user info and their own code,
 * rather than after (see app/shell-gate). Both are dynamic imports: the login route, which
 * shows no antd, never pays for them.
 */
export function uiLocaleReady(): Promise<Locale> {
  ready ??= Promise.all([
    loadAntdLocale(activeLanguage()),
    import('../lib/dates').then((dates) => dates.loadDayjsLocale(activeLanguage())),
  ]).then(([locale]) => locale);
  return ready;
}
