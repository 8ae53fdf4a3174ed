/**
 * The smoke test of a content-only push (playwright.smoke.config.ts): the
 * site just built opens in Chromium under the base path it is published at,
 * a reader reaches a rules page from the home page, and the data the pages
 * load is there. Paths are relative to the base URL (no leading slash).
 */
import { test, expect, type Page } from '@playwright/test';

/** Errors the page itself reports (scripts failing, the Content-Security-Policy refusing something). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test('the home page opens and leads to the rules', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('rules/combat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Combat');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the data files the pages load are published', async ({ request }) => {
  for (const path of ['content.sqlite.gz', 'builds/latest.json', 'builds/current.js', 'search-index.json']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
  }
});
