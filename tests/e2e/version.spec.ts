import { test, expect } from '@playwright/test';

test.describe('new version notice', () => {
  test('says a new version is available, and whether this page changed', async ({ page }) => {
    await page.goto('/rules');
    // The running build comes from builds/current.js, not from the page.
    await page.waitForFunction(() => (window as { __nucleusBuild?: unknown }).__nucleusBuild);
    const current = await page.evaluate(() => (window as unknown as { __nucleusBuild: { id: string } }).__nucleusBuild.id);
    expect(current).toMatch(/^[0-9a-f]{12}$/);
    const notice = page.getByRole('status').filter({ hasText: 'A new version of Nucleus is available' });
    await expect(notice).toBeHidden();

    const seen: string[] = [];
    // On the context, not the page: once the service worker controls the page it fetches builds/meta itself (its data route).
    await page.context().route('**/builds/latest.json*', (route) => {
      seen.push(route.request().url());
      return route.fulfill({ json: { id: 'next-build', timestamp: Date.now() } });
    });
    await page.context().route('**/builds/meta/next-build.json', (route) => route.fulfill({ json: { id: 'next-build', pages: { '/rules': 'changed' } } }));
    await page.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));

    await expect(page.locator('html')).toHaveAttribute('data-version-checks', '1');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This page has changed.');
    expect(seen[0]).toMatch(/\/builds\/latest\.json\?\d+$/);
    expect(current).not.toBe('next-build');
    // It never reloads by itself: the page is still the same document. A
    // reload that never comes sends no event, so instead of a timed window
    // (which a loaded machine outruns) the page is asked for a second check
    // and its answer awaited: a reload the first check (or the notice)
    // started would have begun before it, and any navigation shows here.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));
    await expect(page.locator('html')).toHaveAttribute('data-version-checks', '2');
    await expect(notice).toBeVisible();
    expect(navigations).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    // Reload first asks for a new service worker and refreshes the page's
    // kept copy (scripts/version.ts), then reloads.
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });

  test('the running build is current: no notice; a failed check is only logged', async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto('/rules');
    const html = page.locator('html');
    const notice = page.getByText('A new version of Nucleus is available');
    // The first check asks the real server, finds this build and finishes: no notice.
    await page.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));
    await expect(html).toHaveAttribute('data-version-checks', '1');
    await expect(notice).toBeHidden();
    expect(logs.filter((l) => l.includes('version check failed'))).toEqual([]);
    await page.route('**/builds/latest.json*', (route) => route.abort());
    await page.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));
    await expect(html).toHaveAttribute('data-version-checks', '2');
    await expect.poll(() => logs.filter((l) => l.includes('version check failed')).length).toBe(1);
    await expect(notice).toBeHidden();
  });
});
