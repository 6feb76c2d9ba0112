#!/usr/bin/env node
// Adds message keys to the web locales (apps/web/src/i18n/locales/*.json) and/or the server
// locales (apps/server/src/i18n/*.ts) from one JSON file:
//
//   { "web":    { "en": { "key": "text" }, "zh_CN": {…}, "es": {…}, "ar": {…} },
//     "server": { "en": {…}, "zh_CN": {…}, "es": {…}, "ar": {…} } }
//
//   node scripts/add-locale-keys.mjs keys.json
//
// Every key must come in all four languages; a key that exists is replaced in place, a new
// one is appended. Writers take a lock directory first (scripts/locale-lock.mjs), so several
// people (or helpers) adding keys at once do not overwrite each other's. To rename or remove
// keys, or to change texts by a rule, use scripts/edit-locales.mjs, which takes the same lock.
import { readFileSync, writeFileSync } from 'node:fs';
import { LANGS, serverLocaleFile, webLocaleFile, withLock } from './locale-lock.mjs';

const input = JSON.parse(readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8'));

for (const side of Object.keys(input)) {
  if (side !== 'web' && side !== 'server') throw new Error(`Unknown side "${side}": use "web" or "server"`);
  const keys = Object.keys(input[side].en ?? {});
  for (const lang of LANGS) {
    const given = input[side][lang] ?? {};
    const missing = keys.filter((k) => typeof given[k] !== 'string' || given[k] === '');
    const extra = Object.keys(given).filter((k) => !keys.includes(k));
    if (missing.length || extra.length) throw new Error(`${side}.${lang}: missing ${missing.join(', ') || '-'}; not in en ${extra.join(', ') || '-'}`);
  }
}

function addWeb(lang, entries) {
  const file = webLocaleFile(lang);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(current, entries);
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
}

function addServer(lang, entries) {
  const file = serverLocaleFile(lang);
  let text = readFileSync(file, 'utf8');
  const appended = [];
  for (const [key, value] of Object.entries(entries)) {
    const line = new RegExp(`^(\\s*)(['"])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\2:.*$`, 'm');
    if (line.test(text)) text = text.replace(line, (_, indent) => `${indent}${JSON.stringify(key)}: ${JSON.stringify(value)},`);
    else appended.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  }
  // The object's closing brace is the last one at the start of a line (`};` or `} as const;`).
  const end = text.lastIndexOf('\n}') + 1;
  if (appended.length) text = `${text.slice(0, end).replace(/\s*$/, '\n')}${appended.join('\n')}\n${text.slice(end)}`;
  writeFileSync(file, text);
}

await withLock(() => {
  for (const lang of LANGS) {
    if (input.web) addWeb(lang, input.web[lang]);
    if (input.server) addServer(lang, input.server[lang]);
  }
});
console.log(`added ${Object.keys(input.web?.en ?? {}).length} web and ${Object.keys(input.server?.en ?? {}).length} server keys`);
