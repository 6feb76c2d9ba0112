import type { MessageKey } from './message-key';

/**
 * The locale files stay one per language (what translators edit and the tests read), but a
 * page is sent only the texts it can show: keys are grouped by their first segment. The
 * core prefixes — the shells, sign-in, lists, errors, alarms — come with the language at
 * start; every other prefix is a bundle of its own, fetched with the routes that name it
 * (app/routes.ts). A whole locale file is about 16 KB gzip, a route's share a third of it
 * (DESIGN.md §8 route budget).
 */
export const CORE_PREFIXES = [
  'common',
  'route',
  'layout',
  'menu',
  'list',
  'errors',
  'query',
  'auth',
  'alarm',
  'account',
  'reportFilter',
  'notice',
  'mailAddress',
] as const;

type CorePrefix = (typeof CORE_PREFIXES)[number];
type KeyPrefix = MessageKey extends `${infer Prefix}.${string}` ? Prefix : never;

/** A group of keys fetched on demand: the keys whose first segment it is. */
export type LocaleBundle = Exclude<KeyPrefix, CorePrefix>;

const core: ReadonlySet<string> = new Set(CORE_PREFIXES);

/** Which bundle holds a key; keys without a prefix are core. */
export function bundleOfKey(key: string): LocaleBundle | 'core' {
  const dot = key.indexOf('.');
  const prefix = dot > 0 ? key.slice(0, dot) : '';
  return prefix === '' || core.has(prefix) ? 'core' : (prefix as LocaleBundle);
}
