#!/usr/bin/env node
// Changes the locale files by a rule — rename or remove keys, turn a key into its plural forms,
// replace a term — under the lock that scripts/add-locale-keys.mjs takes, reading each file
// fresh and writing it at once, so keys others add meanwhile are kept:
//
//   node scripts/edit-locales.mjs edit.mjs
//
// edit.mjs exports either or both of
//   web(lang, messages)  → the new messages of apps/web/src/i18n/locales/<lang>.json
//                          (an object; its key order is the file's order)
//   server(lang, text)   → the new text of apps/server/src/i18n/<lang>.ts
// pluralize() (scripts/locale-lock.mjs) replaces one key by its plural forms, at its place;
// import it from there, not from this script.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGS, serverLocaleFile, webLocaleFile, withLock } from './locale-lock.mjs';

const edit = await import(pathToFileURL(resolve(process.argv[2] ?? '')).href);
await withLock(() => {
  for (const lang of LANGS) {
    if (edit.web) {
      const file = webLocaleFile(lang);
      const next = edit.web(lang, JSON.parse(readFileSync(file, 'utf8')));
      writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
    }
    if (edit.server) {
      const file = serverLocaleFile(lang);
      writeFileSync(file, edit.server(lang, readFileSync(file, 'utf8')));
    }
  }
});
console.log(`edited the ${[edit.web && 'web', edit.server && 'server'].filter(Boolean).join(' and ')} locales`);
