/**
 * Which pages can be opened offline: those in the service worker's caches
 * (precached, or kept when the reader visited them). Offline, search shows
 * only these, so that a result never leads to the "You are offline" page.
 */

/** A page's address as one key: no `index.html`, no trailing slash (`/` for the root). */
export function pageKey(href: string, base = 'http://x/'): string {
  const path = new URL(href, base).pathname.replace(/index\.html$/, '').replace(/\/$/, '');
  return path || '/';
}

/** Every same-origin page address in Cache Storage (files with an extension left out). */
export async function savedPages(): Promise<Set<string>> {
  const saved = new Set<string>();
  if (typeof caches === 'undefined') return saved;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.origin !== location.origin) continue;
      const key = pageKey(url.href);
      if (!/\.[a-z0-9]+$/i.test(key)) saved.add(key);
    }
  }
  return saved;
}
