/**
 * antd's theme: the brand colour of the logo, so antd's primary buttons and links match it.
 * zeroRuntime: the components' styles come from antd's own stylesheet (imported by
 * antd-provider.tsx) instead of being made in the browser as each component first renders — a
 * third of the main thread of a cold home page. The tokens still become CSS variables at run
 * time, so the brand colour holds.
 */
const theme = { zeroRuntime: true, token: { colorPrimary: '#0f4c81', colorLink: '#0f4c81', borderRadius: 6 } };

/**
 * The same without antd's animations, for a viewer who asked for less motion: from the same
 * stylesheet, its durations 0 s through the tokens' CSS variables. Without zeroRuntime here such
 * a viewer's pages were styled in the browser again (a warm page load 2.14 → 1.59 s of the
 * machine's CPU with it, bench/page-load-cost.ts).
 */
const stillTheme = { ...theme, token: { ...theme.token, motion: false } };

/** The theme for a viewer who prefers less motion (`still`) or not. */
export function antdTheme(still: boolean): typeof stillTheme | typeof theme {
  return still ? stillTheme : theme;
}
