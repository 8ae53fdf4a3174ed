import { test, expect } from '@playwright/test';

/** The page's count of prefetches (its only `priority: 'low'` fetches) in flight, kept as the page calls fetch. */
interface Counts {
  active: number;
  peak: number;
}

test('prefetches links in view with at most 4 requests in flight', async ({ page }) => {
  // Counted in the page, when fetch is called: a queue that let a fifth
  // request go would show it here at once, however the network answers.
  await page.addInitScript(() => {
    const counts: Counts = { active: 0, peak: 0 };
    (window as unknown as { __prefetches: Counts }).__prefetches = counts;
    const fetch = window.fetch;
    window.fetch = function (this: Window, input: RequestInfo | URL, init?: RequestInit) {
      const response = fetch.call(this, input, init);
      if ((init as { priority?: string } | undefined)?.priority !== 'low') return response;
      counts.active++;
      counts.peak = Math.max(counts.peak, counts.active);
      const done = () => void counts.active--;
      response.then(done, done);
      return response;
    };
  });
  const counts = () => page.evaluate(() => (window as unknown as { __prefetches: Counts }).__prefetches);

  // Each prefetch is held until the test lets it go, so the 4 slots stay full
  // while more links wait (no timer decides how long a request lasts).
  const fetched = new Map<string, number>();
  let apiWarmed = 0;
  let holding = true;
  const held: (() => void)[] = [];
  await page.route('**/*', async (route) => {
    const req = route.request();
    if (req.resourceType() !== 'fetch') return route.continue();
    const path = new URL(req.url()).pathname;
    // Search files and the build manifest are not prefetches; pages and their warmed answers are.
    if (/search|builds\//.test(path)) return route.continue();
    if (path.includes('/api/content/')) apiWarmed++;
    else fetched.set(path, (fetched.get(path) ?? 0) + 1);
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await page.setViewportSize({ width: 1440, height: 2400 });
  await page.goto('/');

  // The links a player sees: each same-site page (as scripts/prefetch.ts picks them) in view.
  const inView = () =>
    page.evaluate(() => {
      const paths = new Set<string>();
      for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        if (a.origin !== location.origin || a.hasAttribute('download') || a.target === '_blank' || a.dataset.noPrefetch !== undefined) continue;
        if (a.pathname === location.pathname || /\.(json|sqlite|xml|png|jpe?g|svg|webp|pdf|zip)$/i.test(a.pathname)) continue;
        const r = a.getBoundingClientRect();
        if (a.getClientRects().length === 0 || r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) continue;
        paths.add(a.pathname);
      }
      return [...paths].sort();
    });
  expect((await inView()).length).toBeGreaterThan(5);

  // The queue's 4 slots are full and the other links wait for them.
  await expect.poll(() => held.length, { timeout: 10_000 }).toBe(4);
  expect((await counts()).peak).toBe(4);
  holding = false;
  held.forEach((release) => release());

  // Then every link in view is fetched, each page once, never the page itself.
  await expect.poll(async () => [...fetched.keys()].sort(), { timeout: 10_000 }).toEqual(await inView());
  await expect.poll(async () => (await counts()).active).toBe(0);
  expect((await counts()).peak).toBe(4);
  expect([...fetched.values()].every((n) => n === 1)).toBe(true);
  expect(fetched.has('/')).toBe(false);
  // A reading page shows its own HTML: no content data is warmed with it
  // (issue 25; only client-database mode does).
  expect(apiWarmed).toBe(0);
});
