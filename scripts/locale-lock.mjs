// The lock every writer of the locale files takes (scripts/add-locale-keys.mjs,
// scripts/edit-locales.mjs): a directory, made atomically, removed when the writer is done.
// Read the files inside the lock, write them, release: never keep a copy across time.
import { mkdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LANGS = ['en', 'zh_CN', 'es', 'ar'];
export const webLocaleFile = (lang) => join(root, 'apps/web/src/i18n/locales', `${lang}.json`);
export const serverLocaleFile = (lang) => join(root, 'apps/server/src/i18n', `${lang}.ts`);

const lock = join(root, '.locale-keys.lock');

export async function withLock(fn) {
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (tries > 600) throw new Error(`Could not take ${lock} (remove it if no one is writing)`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    await fn();
  } finally {
    rmdirSync(lock);
  }
}

/**
 * `key` → `key_<form>` for each form given (i18next's plural suffixes: zero, one, two, few,
 * many, other), at the place of `key`; the forms are written over if the key is already plural.
 */
export function pluralize(messages, key, forms) {
  const out = {};
  let placed = false;
  for (const [name, value] of Object.entries(messages)) {
    const isFamily = name === key || (name.startsWith(`${key}_`) && /^(zero|one|two|few|many|other)$/.test(name.slice(key.length + 1)));
    if (!isFamily) out[name] = value;
    else if (!placed) {
      for (const [form, text] of Object.entries(forms)) out[`${key}_${form}`] = text;
      placed = true;
    }
  }
  if (!placed) throw new Error(`pluralize: no key ${key}`);
  return out;
}

