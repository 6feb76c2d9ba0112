import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Tabs kept for the rest of a browser-test file, so a test's page opens the app in a renderer
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
  createContext: () => Promise<BrowserContext>;
  /** Called once for each new tab (the file's watchers). */
  onNewPage: (page: Page) => void;
  viewport: { width: number; height: number };
  /** What localStorage holds when the test begins (nothing else does). */
  storage: Record<string, string>;
  /** The session cookie the page starts with; none when absent. */
  session?: string;
}

interface Tab {
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

const tabsOf = new WeakMap<Browser, Tab[]>();

/** A tab for one test: a free one opened with the same options, made as new; or a new context. */
export async function pooledTab(browser: Browser, request: TabRequest): Promise<{ context: BrowserContext; page: Page }> {
  let tabs = tabsOf.get(browser);
  if (!tabs) tabsOf.set(browser, (tabs = []));
  let tab = tabs.find((t) => !t.inUse && t.key === request.key && !t.page.isClosed());
  if (!tab) {
    const context = await request.createContext();
    const page = await context.newPage();
    request.onNewPage(page);
    const made: Tab = { key: request.key, origin: request.origin, context, page, inUse: false, tainted: false, listeners: [] };
    context.on('close', () => {
      const at = tabs.indexOf(made);
      if (at >= 0) tabs.splice(at, 1);
    });
    tabs.push(made);
    tab = made;
  }
  tab.inUse = true;
  try {
    await begin(tab, request);
  } catch (error) {
    await discard(tabs, tab);
    throw error;
  }
  const context = held(tabs, tab, tab.context, CONTEXT_TAINTS);
  return { context, page: held(tabs, tab, tab.page, PAGE_TAINTS, { context: () => context }) };
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

/** How many tabs the file keeps for `browser` (in use or free): for the pool's own test. */
export function keptTabs(browser: Browser): number {
  return tabsOf.get(browser)?.length ?? 0;
}
