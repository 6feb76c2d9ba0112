/**
 * Every query of the settings-more pages lives under this key, and so do the selects other pages
 * fill from their lists (area-options.ts, product-options.ts): a change made there refreshes them
 * together.
 */
export const SETTINGS_MORE_KEY = ['settings-more'] as const;
