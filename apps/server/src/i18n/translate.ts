import { DEFAULT_LANGUAGE, isLanguage, matchLanguage, type Language } from '@ullage/domain/languages';
import { ar } from './ar';
import { en, type MessageKey, type Messages } from './en';
import { es } from './es';
import { zh_CN } from './zh_CN';

export const CATALOGUES: { readonly [L in Language]: Messages<L> } = { zh_CN, en, es, ar };

/** The locale whose plural rules a language counts by. */
export const PLURAL_LOCALES: Record<Language, string> = { zh_CN: 'zh', en: 'en', es: 'es', ar: 'ar' };

const pluralRules = new Map<Language, Intl.PluralRules>();
/** One Intl.PluralRules per language, made when first needed. */
export function pluralRulesOf(language: Language): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(PLURAL_LOCALES[language])));
  return rules;
}

/** Any language's plural message, as the translator reads it: every language has `other`. */
type AnyPlural = { readonly by: string; readonly other: string } & { readonly [C in Intl.LDMLPluralRule]?: string };

/** A catalogue's messages; it knows its language (an export's sheets read right to left in Arabic). */
export type Translate = ((key: MessageKey, params?: Record<string, string | number>) => string) & { readonly language?: Language };

export function translator(language: Language): Translate {
  const catalogue: Messages = CATALOGUES[language];
  const t = (key: MessageKey, params?: Record<string, string | number>) => {
    const entry: string | AnyPlural = catalogue[key];
    // A counted message takes the form of the count; no count (NaN) reads as `other`.
    const text = typeof entry === 'string' ? entry : (entry[pluralRulesOf(language).select(Number(params?.[entry.by]))] ?? entry.other);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
  };
  return Object.assign(t, { language });
}

/** The request's `language` header decides; a browser-style tag is understood too. */
export function languageOf(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  if (isLanguage(value)) return value;
  return matchLanguage(value) ?? DEFAULT_LANGUAGE;
}

/**
 * A field name in the catalogue, or the raw name when it has none (it is still named). A
 * path into lists reads as its parts: `tanks.0.strapping.3.heightMm` is
 * "Tank 1 · Height-volume point 4 · Height (mm)".
 */
export function fieldLabel(t: Translate, field: string): string {
  const one = (name: string) => {
    const key = `field.${name}` as MessageKey;
    return key in en ? t(key) : name;
  };
  const parts = field.split('.');
  if (parts.length === 1) return one(field);
  const labels: string[] = [];
  let list: string | null = null;
  for (const part of parts) {
    if (/^\d+$/.test(part) && labels.length > 0) labels[labels.length - 1] += ` ${Number(part) + 1}`;
    else {
      // A list may name its own fields (`field.deliveries.endedAt`: a delivery ends, an alarm clears).
      const own = list === null ? null : (`field.${list}.${part}` as MessageKey);
      // Inside a list row `code` is the row's code; the bare `field.code` is the login's verification code.
      labels.push(own && own in en ? t(own) : one(part === 'code' ? 'entityCode' : part));
      list = part;
    }
  }
  return labels.join(' · ');
}
