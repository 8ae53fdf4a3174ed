/**
 * The site built under a sub-path (`NUCLEUS_BASE=/guide/`, the `subpath`
 * project): the things a base path can break, once each. Everything else
 * (reading, search, the editors) is the root project's, at `/`.
 */
import type { Page } from '@playwright/test';
import { test, expect, re } from './fixtures';

/** Same-origin requests that failed or were asked for outside the base path. */
function watchRequests(page: Page, origin: string, basePath: string): string[] {
  const wrong: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin !== new URL(origin).origin) return;
    if (r.status() >= 400 || !url.pathname.startsWith(`${basePath}/`)) wrong.push(`${r.status()} ${url.pathname}`);
  });
  page.on('pageerror', (e) => wrong.push(`error: ${e.message}`));
  return wrong;
}

test.describe('under a sub-path', () => {
  test('links, assets and search stay under the base path', async ({ page, at, basePath, baseURL }) => {
    const wrong = watchRequests(page, baseURL!, basePath);
    await page.goto(at('/'));
    await page.locator('a[href$="/rules"]').first().click();
    await expect(page).toHaveURL(new RegExp(`${re(at('/rules'))}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Rules/);

    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /Search the guide/ }).fill('guard');
    const first = page.getByRole('option').first();
    await expect(first).toBeVisible();
    expect(await first.getAttribute('href')).toMatch(new RegExp(`^${re(basePath)}/`));
    expect(wrong).toEqual([]);
  });

  test('the service worker is scoped to the base path and keeps a visited page for offline reading', async ({ page, context, at, basePath }) => {
    await page.goto(at('/rules/combat'));
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe(`${basePath}/`);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Combat');
  });

  test('an editor loads its code from under the base path', async ({ page, at, basePath, baseURL }) => {
    const wrong = watchRequests(page, baseURL!, basePath);
    await page.goto(at('/nucleus/BlueprintEditor'));
    await page.getByRole('button', { name: 'New blueprint' }).click();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
    expect(wrong).toEqual([]);
  });

  test('an unknown path answers 404 with a way home under the base path', async ({ page, at, basePath }) => {
    const response = await page.goto(at('/no-such-page'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', new RegExp(`^${re(basePath)}/?$`));
  });
});
