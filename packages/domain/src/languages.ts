/** Interface languages, in the order the language picker shows them. */
export const LANGUAGES = ['zh_CN', 'en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The key under which the chosen language is stored, and the request header that carries it. */
export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGE_HEADER = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRightToLeft(language: Language): boolean {
  return language === 'ar';
}

/**
 * Maps a browser or header tag (`zh-CN`, `zh`, `es-MX`, `ar-SA`, `en-US`) to a supported
 * language, or undefined when none fits.
 */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const normalised = tag.trim().replace('-', '_');
  if (isLanguage(normalised)) return normalised;
  const base = normalised.split('_')[0]?.toLowerCase();
  if (base === 'zh') return 'zh_CN';
  if (base === 'en' || base === 'es' || base === 'ar') return base;
  return undefined;
}

/** The stored choice wins; then the first browser language we support; then the configured default. */
export function pickLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
  configuredDefault: Language = DEFAULT_LANGUAGE,
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return configuredDefault;
}
