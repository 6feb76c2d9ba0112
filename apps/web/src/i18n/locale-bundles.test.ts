import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ullage/domain/languages';
import { localeBundles } from '../../build/locale-bundles-plugin.ts';
import { ROUTES } from '../app/routes';
import { bundleOfKey, CORE_PREFIXES } from './locale-bundles';

const dir = path.join(import.meta.dirname, 'locales');
const en = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')) as Record<string, string>;
const bundles = [...new Set(Object.keys(en).map(bundleOfKey))];

// The plugin's load hook, called as Vite would (it only asks to watch the file it read).
const plugin = localeBundles(dir);
const load = (id: string) => (plugin.load as (this: unknown, id: string) => string | null).call({ addWatchFile: () => {} }, id);
function bundleOf(language: string, bundle: string): Record<string, string> {
  const code = load(`\0virtual:locale/${language}/${bundle}`) ?? '';
  const literal = /^export default JSON\.parse\((".*")\);$/s.exec(code)?.[1];
  return JSON.parse(JSON.parse(literal ?? '""') as string) as Record<string, string>;
}

describe('locale bundles', () => {
  it('a key belongs to the bundle of its first segment; core prefixes and keys without one to core', () => {
    expect(bundleOfKey('common.action.save')).toBe('core');
    expect(bundleOfKey('route.title.home')).toBe('core');
    expect(bundleOfKey('settingsMore.field.name')).toBe('settingsMore');
    expect(bundleOfKey('deviceParams.tab.base')).toBe('deviceParams');
    expect(bundleOfKey('plain')).toBe('core');
  });

  it.each(LANGUAGES)('%s splits into bundles that hold every key of its file exactly once', (language) => {
    const file = JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Record<string, string>;
    const parts = bundles.map((bundle) => bundleOf(language, bundle));
    const keys = parts.flatMap((part) => Object.keys(part));
    expect(keys.length).toBe(Object.keys(file).length);
    expect(Object.assign({}, ...parts)).toEqual(file);
    for (const [index, part] of parts.entries()) for (const key of Object.keys(part)) expect(bundleOfKey(key)).toBe(bundles[index]);
  });

  it('the loaders name one import per language and bundle', () => {
    const code = load('\0virtual:locale-bundles') ?? '';
    const imports = [...code.matchAll(/import\("virtual:locale\/(\w+)\/(\w+)"\)/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(imports.sort()).toEqual(LANGUAGES.flatMap((language) => bundles.map((bundle) => `${language}/${bundle}`)).sort());
  });

  it('core holds the shells’ texts and is the smaller part of a language', () => {
    const core = bundleOf('en', 'core');
    expect(core['route.title.home']).toBe(en['route.title.home']);
    expect(core['settingsMore.field.name']).toBeUndefined();
    expect(Object.keys(core).length).toBeLessThan(Object.keys(en).length / 2);
    expect(CORE_PREFIXES).toContain('alarm');
  });

  it('routes name bundles that exist (whether they name all they use, the browser tests tell)', () => {
    const unknown = ROUTES.flatMap((route) => route.texts.filter((bundle) => !bundles.includes(bundle)).map((bundle) => `${route.name}: ${bundle}`));
    expect(unknown).toEqual([]);
    expect(ROUTES.find((route) => route.name === 'home')?.texts).toEqual(['monitor']);
    expect(ROUTES.find((route) => route.name === 'deviceParamManage')?.texts).toEqual(['deviceParams']);
  });
});
