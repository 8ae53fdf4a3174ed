import { test, expect } from '@playwright/test';

/** The page's count of prefetches (its only `priority: 'low'` fetches) in flight, kept as the page calls fetch. */
interface Counts {
  active: number;
  peak: number;
}

test('on a wide screen prefetches at most 8 pages whose links are in view, with at most 4 requests in flight', async ({ page }) => {
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
    // Search files, the build manifest and the page's own address (the
    // service worker's copy of the page arrived on, scripts/sw.ts) are not
    // prefetches; other pages and their warmed answers are.
    if (/search|builds\//.test(path) || path === '/') return route.continue();
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

  // Then 8 pages whose links are in view are fetched (there are more), each once, never the page itself.
  const visible = await inView();
  expect(visible.length).toBeGreaterThan(8);
  await expect.poll(async () => fetched.size, { timeout: 10_000 }).toBe(8);
  await expect.poll(async () => (await counts()).active).toBe(0);
  expect([...fetched.keys()].every((path) => visible.includes(path))).toBe(true);
  expect((await counts()).peak).toBe(4);
  expect([...fetched.values()].every((n) => n === 1)).toBe(true);
  // A reading page shows its own HTML: no content data is warmed with it
  // (issue 25; only client-database mode does).
  expect(apiWarmed).toBe(0);
});

test('on a phone fetches no other page until a link is touched or focused, and keeps that page for offline reading', async ({ page, context }) => {
  const fetched: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    // The page's own address is the service worker keeping the page arrived on (scripts/sw.ts), not another page.
    if (req.resourceType() === 'fetch' && !/search|builds\//.test(path) && path !== '/') fetched.push(path);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The service worker controls the page, and the page has chosen what to prefetch: nothing in view.
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-prefetch', 'on-intent');
  await page.mouse.wheel(0, 2000);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(fetched).toEqual([]);

  // A link focused (as a touch or a Tab does) is fetched, and kept like a visited page.
  const link = page.locator('main a[href$="/rules"]').first();
  await link.focus();
  await expect.poll(() => fetched).toEqual(['/rules']);
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match(new URL('/rules', location.href).href)))).toBe(true);
  await context.setOffline(true);
  await page.goto('/rules');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Rules/);
});
