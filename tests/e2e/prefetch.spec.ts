import { test, expect } from '@playwright/test';

test('prefetches links in view with at most 4 requests in flight', async ({ page }) => {
  let inFlight = 0;
  let peak = 0;
  const urls = new Set<string>();
  let apiWarmed = 0;
  await page.route('**/*', async (route) => {
    const req = route.request();
    if (req.resourceType() !== 'fetch') return route.continue();
    const path = new URL(req.url()).pathname;
    // Search files and the build manifest are not prefetches; pages and their warmed answers are.
    if (/search|builds\//.test(path)) return route.continue();
    if (path.includes('/api/content/')) apiWarmed++;
    else urls.add(path);
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setTimeout(r, 250));
    try {
      await route.continue();
    } finally {
      inFlight--;
    }
  });
  await page.setViewportSize({ width: 1440, height: 2400 });
  await page.goto('/');
  await expect.poll(() => urls.size, { timeout: 10_000 }).toBeGreaterThan(5);
  await page.waitForTimeout(1200);
  // Pages and their answers together: the queue's 4 slots are full, never more.
  expect(peak).toBe(4);
  // Each page once, never the page itself. A reading page shows its own HTML:
  // no content data is warmed with it (issue 25; only client-database mode does).
  expect(urls.has('/')).toBe(false);
  expect(apiWarmed).toBe(0);
});
