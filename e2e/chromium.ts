/**
 * Features of Chromium turned off. Chromium reads only the last `--disable-features`, so this
 * repeats playwright-core's own list (server/chromium/chromiumSwitches.ts, which would otherwise
 * be dropped) and adds the omnibox popup's WebUI: in a headless window there is no address bar
 * to show it, yet every window (every browser context) started two renderers for it. Without them
 * a new context that loads an app page costs the machine 5.1–5.6 s of CPU instead of 7.6–9.0 s
 * (bench/page-load-cost.ts's first way, on 2 cores), and the page shows in 3 s instead of 4–4.7 s.
 */
const DISABLED_FEATURES = [
  // playwright-core's
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // ours
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** Debian's Chromium with the flags this network needs (no background fetches). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}
