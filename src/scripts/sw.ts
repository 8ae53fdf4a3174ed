// Registers the service worker (production builds only), caches the page the
// reader arrived on (it loaded before the worker took control), and turns a
// waiting worker into the new-version notice.
import { SITE_ROOT as root } from '../config/base';
import { PAGES_CACHE } from '../config/offline';

/** A new worker waits: the notice (scripts/version.ts loads it; its Reload lets the worker take over). */
function offerUpdate(): void {
  window.dispatchEvent(new Event('nucleus:sw-waiting'));
}

// The footer's "Save for offline": its dialog loads on the first click, so no page carries its code.
document.addEventListener('click', (e) => {
  const button = (e.target as Element).closest?.<HTMLElement>('[data-offline-copy]');
  if (button) void import('./offline-copy').then((m) => m.openOfflineCopy(button));
});

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(`${root}sw.js`, { scope: root })
      .then((reg) => {
        if (reg.waiting && navigator.serviceWorker.controller) offerUpdate();
        reg.addEventListener('updatefound', () => {
          const next = reg.installing;
          next?.addEventListener('statechange', () => {
            if (next.state === 'installed' && navigator.serviceWorker.controller) offerUpdate();
          });
        });
        return navigator.serviceWorker.ready;
      })
      .then(async () => {
        // The page the reader arrived on (an error page is never kept).
        const url = location.href.split('#')[0]!;
        const cache = await caches.open(PAGES_CACHE);
        if (!document.querySelector('[data-error-status]') && !(await cache.match(url))) await cache.add(url);
        document.documentElement.dataset.offlineReady = 'true';
      })
      .catch((e) => console.warn('[nucleus] offline reading is unavailable:', e));
  });
}
