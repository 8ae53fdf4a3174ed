import { test, expect } from '@playwright/test';

test.describe('resilience', () => {
  test('a lazily loaded piece that fails reloads once, then shows the error in place', async ({ page }) => {
    // Count real document loads (the router's history updates are not loads).
    await page.addInitScript(() => sessionStorage.setItem('test:loads', String(Number(sessionStorage.getItem('test:loads') ?? 0) + 1)));
    const loadsNow = () => page.evaluate(() => Number(sessionStorage.getItem('test:loads')));
    await page.route(/SearchDialog\.[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/guide');
    // First failure: one reload. Second failure within 10 s: no reload, the error instead.
    await expect(page.locator('.search-slot .island-error')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.search-slot')).toContainText('could not load');
    await expect(page.locator('.search-slot')).not.toContainText('Internal Server Error');
    expect(await loadsNow()).toBe(2);
    const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem('nucleus:reload-guard') ?? '{}'));
    expect(Object.keys(guard)).toContain(new URL(page.url()).pathname);
    // The page itself stays readable.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await loadsNow()).toBe(2);
  });

  test('an island that fails while mounting shows the error page in its place', async ({ page }) => {
    await page.goto('/guide?nucleus-crash=search');
    const error = page.locator('.search-slot [role="alert"]');
    await expect(error).toContainText('The search could not start.');
    await expect(error).not.toContainText('Internal Server Error');
    // The box stays inside the header.
    const header = (await page.locator('.site-header').boundingBox())!;
    const box = (await error.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height + 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(header.x + header.width + 0.5);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
