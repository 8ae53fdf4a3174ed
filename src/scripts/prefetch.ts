// Prefetches same-site pages whose links are touched, hovered or focused,
// and on a wide screen with a fast connection up to 8 whose links come into
// view (inViewPrefetchBudget), through one queue with at most 4 requests in
// flight. Each prefetched page is kept for offline reading, as a visited one.
import { createPrefetchQueue, inViewPrefetchBudget } from '../stores/prefetch';
import { PAGES_CACHE } from '../config/offline';
import { onPage } from './lifecycle';

const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
const low = { credentials: 'same-origin', priority: 'low' } as RequestInit;
// In client-database mode (pages rendered from the content data) a prefetched
// page also warms its data: the static API answer of the query it names, in
// this tab's build. A reading page shows its own HTML and needs no answer, so
// it fetches none (issue 25), nor the code that finds them.
const clientDatabase = document.querySelector<HTMLMetaElement>('meta[name="nucleus-client-db"]')?.content === 'true';
const queue = createPrefetchQueue(async (url) => {
  const response = await fetch(url, low);
  if (response.ok && !response.redirected && 'caches' in window && import.meta.env.PROD) {
    // The service worker's page cache, where a visited page is kept: offline, it opens like one.
    await (await caches.open(PAGES_CACHE)).put(new URL(url, location.href).href, response.clone());
  }
  if (clientDatabase) await (await import('./warm-answer')).warmAnswer(await response.text(), low);
});

function candidate(a: HTMLAnchorElement): string | null {
  if (a.origin !== location.origin || a.hasAttribute('download') || a.target === '_blank') return null;
  if (a.dataset.noPrefetch !== undefined || a.pathname === location.pathname) return null;
  if (/\.(json|sqlite|gz|xml|png|jpe?g|svg|webp|pdf|zip)$/i.test(a.pathname)) return null;
  return a.pathname;
}

/** Links in view are watched until this view's budget is spent; a new page starts a new budget. */
let budget = 0;
const observer =
  'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          observer!.unobserve(e.target);
          const url = candidate(e.target as HTMLAnchorElement);
          if (!url || queue.seen.has(url) || budget <= 0) continue;
          budget--;
          queue.add(url);
          if (budget === 0) observer!.disconnect();
        }
      })
    : null;
const watch = () => {
  budget = inViewPrefetchBudget({ width: window.innerWidth, saveData: connection?.saveData, effectiveType: connection?.effectiveType });
  // What this view prefetches, for tests and devtools: `in-view` or `on-intent`.
  document.documentElement.dataset.prefetch = budget > 0 ? 'in-view' : 'on-intent';
  if (budget > 0) for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) if (candidate(a)) observer?.observe(a);
};
const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
onPage(() => {
  observer?.disconnect();
  if (idle) idle(watch);
  else setTimeout(watch, 300);
});

// Someone is about to open the link: worth its bytes on any screen or connection.
const onIntent = (e: Event) => {
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  const url = a && candidate(a);
  if (url) queue.add(url, true);
};
document.addEventListener('pointerover', onIntent, { passive: true });
document.addEventListener('touchstart', onIntent, { passive: true });
document.addEventListener('focusin', onIntent);
