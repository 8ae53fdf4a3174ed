import { test, expect } from '@playwright/test';

// page.route does not see what the service worker fetches. On a busy machine
// the worker installed by the first visit took control before the search key
// or the reload, fetched the "unreachable" code itself, and the code loaded.
test.use({ serviceWorkers: 'block' });

test.describe('resilience', () => {
  test('search that fails to load when opened says so in place, without reloading', async ({ page }) => {
    // Count real document loads (the router's history updates are not loads).
    await page.addInitScript(() => sessionStorage.setItem('test:loads', String(Number(sessionStorage.getItem('test:loads') ?? 0) + 1)));
    const loadsNow = () => page.evaluate(() => Number(sessionStorage.getItem('test:loads')));
    const code = /SearchDialog[^/]*\.js$/;
    await page.route(code, (route) => route.abort('failed'));
    await page.goto('/guide');
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    // Search loads on first use (issue 25): the failure is the opener's to show.
    await page.keyboard.press('Control+k');
    await expect(page.locator('.search-slot [role="alert"]')).toContainText('Search could not load');
    await expect(page.locator('.search-slot')).not.toContainText('Internal Server Error');
    expect(await loadsNow()).toBe(1);
    // The page itself stays readable, and the button is still there to try again.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.unroute(code);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog', { name: 'Search Nucleus' })).toBeVisible();
  });

  test('an island that fails while mounting shows the error page in its place', async ({ page }) => {
    await page.goto('/guide?nucleus-crash=search');
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
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

  test('an editor whose code cannot be fetched reloads once, then says so in its place', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('test:loads', String(Number(sessionStorage.getItem('test:loads') ?? 0) + 1)));
    await page.route(/\/BlueprintEditor\.[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/nucleus/BlueprintEditor');
    const error = page.locator('[data-editor-mount] [role="alert"]');
    await expect(error).toContainText('This part of the page could not load.');
    expect(await page.evaluate(() => Number(sessionStorage.getItem('test:loads')))).toBe(2);
    // The page around it stays: its title, and the header's links to the rules.
    await expect(page.getByRole('heading', { level: 1, name: 'Blueprint editor' })).toBeVisible();
    await expect(page.locator('.kit-loading')).toHaveCount(0);
  });

  test('an editor that crashes while rendering shows the error panel in its place', async ({ page }) => {
    await page.goto('/nucleus/BlueprintEditor?nucleus-crash=blueprint%20editor');
    const error = page.locator('[data-editor-mount] [role="alert"]');
    await expect(error).toContainText('The blueprint editor could not start.');
    await expect(page.getByRole('heading', { level: 1, name: 'Blueprint editor' })).toBeVisible();
  });
});
