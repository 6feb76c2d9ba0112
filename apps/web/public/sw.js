/* global self, caches */
/* Ullage service worker (issue 8): the installed app opens its shell without a connection.
 *
 * - Navigations: the network first (a new release is seen at once); offline, the cached
 *   index.html, whose app then says that its data needs a connection.
 * - /assets/*: Vite names them by content hash, so a cached copy is never stale: cache first,
 *   cached as they are fetched. Installing caches index.html and the assets it names.
 * - Icons, manifest: cache first, refreshed in the background.
 * - /api (data, the live feeds), /metrics and anything not GET or not same-origin: never
 *   touched, never cached.
 * - The operation manual (/manual, issue 24) opens offline too: installing also caches the
 *   files /manual-precache.json lists (its page, its four languages' text and interface
 *   texts; written by apps/web/build/manual-precache-plugin.ts). Its pictures are /assets/
 *   files, cached as they are fetched.
 * - Web Push (issue 38): an alarm pushed by the server is shown as a notification (one per
 *   alarm: a repeat replaces it); a tap focuses an open app window on the alarm's station, or
 *   opens one. The message is packages/contracts/src/push.ts's `pushMessage`.
 */
const VERSION = 'ullage-shell-v2';
const MANUAL_PRECACHE = '/manual-precache.json';
const SHELL = '/index.html';
const STATIC = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon.svg'];

/** The hashed files index.html loads by itself (entry script, its CSS, preloaded chunks). */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function cacheManual(cache) {
  const response = await fetch(MANUAL_PRECACHE, { cache: 'no-cache' });
  if (!response.ok) return;
  const urls = await response.json();
  await cache.addAll(urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/')));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(VERSION);
      const response = await fetch(SHELL, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`index.html answered ${response.status}`);
      const html = await response.clone().text();
      await cache.put(SHELL, response);
      // A missing icon must not stop the app from installing; the shell's own files must.
      await cache.addAll(assetsOf(html));
      await Promise.all(STATIC.map((url) => cache.add(url).catch(() => undefined)));
      // The manual is not the shell: without its list (an older build) the app still installs.
      await cacheManual(cache).catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== VERSION) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname === '/metrics';

async function networkFirstShell(request) {
  const cache = await caches.open(VERSION);
  try {
    const response = await fetch(request);
    // Every client route answers index.html; keep the newest for offline opening.
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(SHELL);
    if (cached) return cached;
    throw error;
  }
}

/** Old releases' chunks are never asked for again; past this many, the oldest go. */
const MAX_ASSETS = 400;

async function trimAssets(cache) {
  const assets = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  for (const request of assets.slice(0, Math.max(0, assets.length - MAX_ASSETS))) await cache.delete(request);
}

async function cacheFirst(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trimAssets(cache);
  }
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(VERSION);
  const cached = await cache.match(request);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) void cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached || fresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (STATIC.includes(url.pathname) || url.pathname.startsWith('/icons/')) {
    event.respondWith(staleWhileRevalidate(request));
  }
});

/** A same-origin path from a message; anything else opens the app's home. */
function appUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: shown as text, still a notification (a push must show one).
    message = { title: 'Ullage', body: event.data ? event.data.text() : '' };
  }
  const rtl = message.lang === 'ar';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Ullage', {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      lang: message.lang === 'zh_CN' ? 'zh-CN' : message.lang || undefined,
      dir: rtl ? 'rtl' : 'auto',
      timestamp: message.startedAt ? Date.parse(message.startedAt) : undefined,
      data: { url: appUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() is refused for a window this worker does not control; opening one is the fallback.
        const navigated = await (focused || open).navigate(url).catch(() => null);
        if (navigated) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
