/**
 * The installed app keeps what it fetched (public/sw.js caches /assets/*), and the manual's
 * pictures load lazily: fetch the rest of this language's pictures once the page is idle, so
 * the manual shows them offline later. Only with a service worker in charge (otherwise the
 * fetches would only cost bandwidth) and only once per page.
 */
let warmed = false;

export function warmPictures(urls: Iterable<string>): void {
  if (warmed || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller || !navigator.onLine) return;
  warmed = true;
  const list = [...urls];
  const run = () => {
    for (const url of list) void fetch(url).catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 2000);
}
