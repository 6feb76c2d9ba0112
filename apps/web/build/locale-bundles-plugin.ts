import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleOfKey } from '../src/i18n/locale-bundles.ts';

const LOADERS_ID = 'virtual:locale-bundles';
const BUNDLE_ID = /^\0virtual:locale\/(\w+)\/(\w+)$/;

/**
 * Splits each locale file into the bundles of src/i18n/locale-bundles.ts at build time.
 * `virtual:locale-bundles` exports `loaders[language][bundle]`, each a dynamic import of one
 * bundle, so every (language, bundle) pair is a chunk of its own and a page fetches only
 * what it names.
 */
export function localeBundles(localesDir = fileURLToPath(new URL('../src/i18n/locales', import.meta.url))): Plugin {
  const read = (language: string): Record<string, string> =>
    JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Record<string, string>;
  return {
    name: 'ullage-locale-bundles',
    resolveId(id) {
      if (id === LOADERS_ID || id.startsWith('virtual:locale/')) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${LOADERS_ID}`) {
        const languages = fs.readdirSync(localesDir).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length));
        const bundles = [...new Set(Object.keys(read('en')).map(bundleOfKey))];
        const entries = languages.map((language) => {
          const imports = bundles.map((bundle) => `${JSON.stringify(bundle)}: () => import(${JSON.stringify(`virtual:locale/${language}/${bundle}`)})`);
          return `${JSON.stringify(language)}: {${imports.join(', ')}}`;
        });
        return `export const loaders = {${entries.join(',\n')}};`;
      }
      const match = BUNDLE_ID.exec(id);
      if (!match) return null;
      const [, language, bundle] = match;
      this.addWatchFile(path.join(localesDir, `${language}.json`));
      const picked = Object.fromEntries(Object.entries(read(language!)).filter(([key]) => bundleOfKey(key) === bundle));
      // JSON.parse of a string literal is parsed faster than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
