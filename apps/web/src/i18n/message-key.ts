import type en from './locales/en.json';

/** A key of the locale files; en.json is the reference the other three must match. */
export type MessageKey = keyof typeof en;
