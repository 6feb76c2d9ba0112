import 'i18next';
import type en from './locales/en.json';

/** Types t() against the English file: an unknown key fails the typecheck. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    keySeparator: false;
    nsSeparator: false;
  }
}
