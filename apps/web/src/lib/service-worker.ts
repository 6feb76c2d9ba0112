/**
 * Registers /sw.js (public/sw.js): the installable app of issue 8 opens its shell offline.
 * Only in a production build, where the files it caches exist; the dev server's modules are
 * not hashed and must never be served from a cache. Registered after the page has loaded so
 * it never competes with the first paint.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // Without it the app still works online; only installing and offline opening are lost.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
