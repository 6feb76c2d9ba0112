import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Tabs kept for the rest of a browser-test worker's run (from file to file: e2e/browser.ts keeps
 * the worker's Chromium connection and its server), so a test's page opens the app in a renderer
 * that has opened it before. A new browser context a test costs the machine about twice the CPU
 * of a load in a tab that has loaded the app before (7.2 against 3.4 s on a busy 2-core machine,
 * bench/page-load-cost.ts): a new renderer process compiles every script anew. The browser
 * tests open some 200 pages; their contexts were over half of the browser phase's CPU.
 *
 * A test still gets what a fresh context gives it: no cookies but the session it asked for,
 * empty storage but the flags it asked for, its own viewport, no routes, listeners or extra
 * tabs of an earlier test, and the app loaded anew by its own `goto`. What cannot be undone in
 * a context (an init script, permissions, offline, extra headers…) is not undone: a tab a test
 * changed that way is closed with its context when the test gives it back.
 */

export interface TabRequest {
  /** The context's own options (locale, user agent, time zone, touch, init scripts…): only a tab opened with the same is reused. */
  key: string;
  /** The server the page talks to. */
  origin: string;
  /** Opens a context in `browser` (the connection itself: a context kept for the worker's later files is no file's own). */
  createContext: (browser: Browser) => Promise<BrowserContext>;
  /** Called once for each new tab (the file's watchers). */
  onNewPage: (page: Page) => void;
  viewport: { width: number; height: number };
  /** What localStorage holds when the test begins (nothing else does). */
  storage: Record<string, string>;
  /** The session cookie the page starts with; none when absent. */
  session?: string;
}

interface Tab {
  /** For the pool's own test: which tab a page is. */
  id: number;
  key: string;
  origin: string;
  context: BrowserContext;
  page: Page;
  inUse: boolean;
  /** Changed by its test in a way a later test must not inherit: closed when given back. */
  tainted: boolean;
  /** Listeners the test added, removed when it gives the tab back. */
  listeners: { on: BrowserContext | Page; event: string; listener: (...args: unknown[]) => unknown }[];
}

/** A same-origin document that is not the app: the tab rests there between tests (no scripts, no streams, no CPU). */
const restingUrl = (origin: string) => `${origin}/favicon.svg`;

/** Context calls (and the clock, whose fake time outlives a navigation) whose effect outlives the test and has no undo here. */
const CONTEXT_TAINTS = new Set(['addInitScript', 'exposeBinding', 'exposeFunction', 'grantPermissions', 'clearPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'setOffline', 'routeFromHAR', 'routeWebSocket', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'tracing', 'clock']);
const PAGE_TAINTS = new Set(['addInitScript', 'exposeBinding', 'exposeFunction', 'emulateMedia', 'setExtraHTTPHeaders', 'routeFromHAR', 'routeWebSocket', 'setDefaultTimeout', 'setDefaultNavigationTimeout', 'addLocatorHandler', 'clock']);
const LISTENS = new Set(['on', 'once', 'addListener', 'prependListener']);

/** Free tabs kept at most (a renderer resting on the icon costs no CPU, only memory); the least recently used go first. */
const MOST_FREE = 4;

/** A browser's tabs, the most recently given back last. */
const tabsByBrowser = new WeakMap<Browser, Tab[]>();
/** What a file holds for a browser (e2e/browser.ts's launchBrowser) → the browser whose tabs it shares. */
const aliases = new WeakMap<Browser, Browser>();
const tabsOf = (browser: Browser): Tab[] => {
  const real = aliases.get(browser) ?? browser;
  let tabs = tabsByBrowser.get(real);
  if (!tabs) tabsByBrowser.set(real, (tabs = []));
  return tabs;
};

/** `alias` shares `browser`'s tabs (a file's handle on the worker's connection). */
export function shareTabs(alias: Browser, browser: Browser): void {
  aliases.set(alias, browser);
}
/** The tab behind what a test holds (its proxies): for the pool's own test. */
const tabOfHeld = new WeakMap<object, Tab>();
let made = 0;

/** A tab for one test: a free one opened with the same options, made as new; or a new context. */
export async function pooledTab(browser: Browser, request: TabRequest): Promise<{ context: BrowserContext; page: Page }> {
  const tabs = tabsOf(browser);
  // The most recently given back first: its renderer is the warmest.
  let tab = tabs.findLast((t) => !t.inUse && t.key === request.key && !t.page.isClosed());
  if (!tab) {
    const context = await request.createContext(aliases.get(browser) ?? browser);
    const page = await context.newPage();
    request.onNewPage(page);
    const fresh: Tab = { id: ++made, key: request.key, origin: request.origin, context, page, inUse: false, tainted: false, listeners: [] };
    context.on('close', () => {
      const at = tabs.indexOf(fresh);
      if (at >= 0) tabs.splice(at, 1);
    });
    tabs.push(fresh);
    tab = fresh;
  }
  tab.inUse = true;
  try {
    await begin(tab, request);
  } catch (error) {
    await discard(tabs, tab);
    throw error;
  }
  const context = held(tabs, tab, tab.context, CONTEXT_TAINTS);
  const page = held(tabs, tab, tab.page, PAGE_TAINTS, { context: () => context });
  tabOfHeld.set(page, tab);
  return { context, page };
}

/**
 * A file has ended: its tabs still in use (a test that did not close its page) and those of
 * another server than `origin` (one the file started itself, about to stop) are closed; the
 * rest wait for the worker's next file, which gets the same server back (e2e/global-setup.ts).
 */
export async function settleTabs(browser: Browser, origin: string | undefined): Promise<void> {
  const tabs = tabsOf(browser);
  await Promise.all(tabs.filter((t) => t.inUse || t.origin !== origin).map((t) => discard(tabs, t)));
}

/** The session cookie the sign-in answers, as the browser would keep it. */
export const sessionCookie = (origin: string, value: string) => ({ name: 'ullage_session', value, url: origin, httpOnly: true, sameSite: 'Lax' as const });

/** Cookies, storage and viewport as a fresh context with this request's would have them. */
async function begin(tab: Tab, request: TabRequest): Promise<void> {
  const { page, context } = tab;
  await context.clearCookies();
  await page.setViewportSize(request.viewport);
  if (page.url() !== restingUrl(request.origin)) await page.goto(restingUrl(request.origin));
  await page.evaluate((entries) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(request.storage));
  if (request.session) await context.addCookies([sessionCookie(request.origin, request.session)]);
}

/** The test is done with its tab: what it added goes, and the tab rests off the app; or, changed beyond undoing, it is closed. */
async function giveBack(tabs: Tab[], tab: Tab): Promise<void> {
  if (!tab.inUse) return;
  for (const { on, event, listener } of tab.listeners.splice(0)) (on as unknown as { off(event: string, listener: unknown): void }).off(event, listener);
  if (tab.tainted || tab.page.isClosed()) return discard(tabs, tab);
  try {
    for (const other of tab.context.pages()) if (other !== tab.page) await other.close();
    await tab.page.unrouteAll({ behavior: 'ignoreErrors' });
    await tab.context.unrouteAll({ behavior: 'ignoreErrors' });
    await tab.page.goto(restingUrl(tab.origin), { timeout: 10_000 });
    tab.inUse = false;
    tabs.splice(tabs.indexOf(tab), 1);
    tabs.push(tab);
    const free = tabs.filter((t) => !t.inUse);
    await Promise.all(free.slice(0, Math.max(0, free.length - MOST_FREE)).map((t) => discard(tabs, t)));
  } catch {
    // A tab that cannot leave its page (its server stopped, a dialog open) is not reused.
    await discard(tabs, tab);
  }
}

async function discard(tabs: Tab[], tab: Tab): Promise<void> {
  const at = tabs.indexOf(tab);
  if (at >= 0) tabs.splice(at, 1);
  await tab.context.close().catch(() => undefined);
}

/**
 * What the test holds instead of the tab's context or page: the same object, but closing it gives
 * the tab back, the listeners it adds are recorded (removed when it is given back), and a call in
 * `taints` marks the tab not to be kept. `own` answers properties of its own (the page's context).
 */
function held<T extends BrowserContext | Page>(tabs: Tab[], tab: Tab, target: T, taints: Set<string>, own: Record<string, unknown> = {}): T {
  const proxy: T = new Proxy(target, {
    get(object, property) {
      if (property === 'close') return () => giveBack(tabs, tab);
      if (typeof property !== 'string') return Reflect.get(object, property, object);
      if (property in own) return own[property];
      if (LISTENS.has(property))
        return (event: string, listener: (...args: unknown[]) => unknown) => {
          tab.listeners.push({ on: object, event, listener });
          (object as unknown as Record<string, (e: string, l: unknown) => unknown>)[property]!.call(object, event, listener);
          return proxy;
        };
      if (taints.has(property)) tab.tainted = true;
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  return proxy;
}

/** The ids of the tabs kept for `browser` (in use or free): for the pool's own test. */
export function keptTabs(browser: Browser): number[] {
  return tabsOf(browser).map((t) => t.id);
}

/** Which kept tab a test's page is: for the pool's own test. */
export function tabId(page: Page): number | undefined {
  return tabOfHeld.get(page)?.id;
}
