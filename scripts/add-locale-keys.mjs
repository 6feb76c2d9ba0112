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
// one is appended. Writers take a lock directory first, so several people (or helpers) adding
// keys at once do not overwrite each other's.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const LANGS = ['en', 'zh_CN', 'es', 'ar'];
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

const lock = join(root, '.locale-keys.lock');
async function withLock(fn) {
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
    fn();
  } finally {
    rmdirSync(lock);
  }
}

function addWeb(lang, entries) {
  const file = join(root, 'apps/web/src/i18n/locales', `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(current, entries);
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
}

function addServer(lang, entries) {
  const file = join(root, 'apps/server/src/i18n', `${lang}.ts`);
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
