import type en from './locales/en.json';

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A counted text is one key to t() for its plural family (`key_one`, `key_other`, …). */
type WithoutPlural<Key> = Key extends `${infer Base}_${PluralForm}` ? Base : Key;

/** A key of the locale files; en.json is the reference the other three must match. */
export type MessageKey = WithoutPlural<keyof typeof en>;
