import { test, expect, type Page } from '@playwright/test';
import { gunzipSync } from 'node:zlib';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

async function snapshot(page: Page) {
  const title = (await page.locator('[data-page-title]').textContent())?.trim();
  const headings = await page.locator('[data-page-body] .prose :is(h2, h3)').evaluateAll((hs) => hs.map((h) => h.id));
  const pager = await page.locator('[data-pagination] a').evaluateAll((as) => as.map((a) => `${a.getAttribute('rel')}:${a.getAttribute('href')}`));
  return { title, headings, pager };
}

test.describe('preview mode', () => {
  test('a page opened with ?preview=true renders from the local database like its pre-rendered twin', async ({ page }) => {
    await page.goto('/rules/combat');
    const twin = await snapshot(page);
    expect(twin.headings.length).toBeGreaterThan(1);

    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto('/rules/combat?preview=true');
    await expect(page.locator('html')).toHaveAttribute('data-rendered-from', 'database');
    await expect(page.getByRole('region', { name: 'Preview mode' })).toBeVisible();
    expect(await snapshot(page)).toEqual(twin);
    expect(requests.some((p) => p.endsWith('/content.sqlite.gz'))).toBe(true);
    expect(requests.some((p) => p.endsWith('/sql-wasm.wasm'))).toBe(true);
  });

  test('a draft is visible only in preview, and ?preview=false leaves preview', async ({ page }) => {
    const draft = '/rules/vehicles';
    const response = await page.goto(draft);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(`Page not found: ${draft}`)).toBeVisible();

    await page.goto(`${draft}?preview=true`);
    await expect(page.locator('[data-page-title]')).toContainText('Vehicles');
    await expect(page.locator('#main .draft-badge')).toHaveText('Draft');
    // A preview token (any other value) is kept for the session: preview stays on.
    await page.goto(`${draft}?preview=playtest`);
    await page.goto(draft);
    await expect(page.locator('[data-page-title]')).toContainText('Vehicles');

    await page.getByRole('button', { name: 'Leave preview' }).click();
    await expect(page).toHaveURL(/preview=false/);
    await expect(page.getByText(`Page not found: ${draft}`)).toBeVisible();
    await page.goto(draft);
    await expect(page.getByText(`Page not found: ${draft}`)).toBeVisible();
  });

  test('a draft in preview reads in the published layout: sidebar with its Draft badge, table of contents, header tab', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/rules/vehicles?preview=true');
    // sql.js and the database load first: on a loaded machine this takes a while.
    await expect(page.locator('[data-page-title]')).toContainText('Vehicles', { timeout: 30_000 });
    const sidebar = page.getByRole('complementary', { name: 'Site navigation' });
    const draftLink = sidebar.getByRole('link', { name: /Vehicles/ });
    await expect(draftLink).toHaveAttribute('aria-current', 'page', { timeout: 15_000 });
    await expect(draftLink.locator('.draft-badge')).toHaveText('Draft');
    // The section's published pages are listed beside it.
    await expect(sidebar.getByRole('link', { name: 'Combat', exact: true })).toBeVisible();
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc).toBeVisible();
    await expect(toc.getByRole('link', { name: 'Chases' })).toBeVisible();
    // The table of contents is the right-hand column, as on a published page.
    const tocBox = (await toc.boundingBox())!;
    const bodyBox = (await page.locator('[data-page-body]').boundingBox())!;
    expect(tocBox.x).toBeGreaterThan(bodyBox.x + bodyBox.width - 1);
    await expect(page.locator('header').getByRole('link', { name: 'Rules', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('a published page in preview lists the drafts in the sidebar', async ({ page }) => {
    await page.goto('/rules/combat?preview=true');
    await expect(page.locator('html')).toHaveAttribute('data-rendered-from', 'database', { timeout: 30_000 });
    const draftLink = page.getByRole('complementary', { name: 'Site navigation' }).getByRole('link', { name: /Vehicles/ });
    await expect(draftLink.locator('.draft-badge')).toHaveText('Draft', { timeout: 15_000 });
  });

  test('?preview is kept across client navigation and a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/rules/combat?preview=true');
    await expect(page.getByRole('region', { name: 'Preview mode' })).toBeVisible();
    await page.getByRole('complementary', { name: 'Site navigation' }).getByRole('link', { name: 'Cores', exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/cores\?preview=true$/);
    await expect(page.locator('html')).toHaveAttribute('data-rendered-from', 'database');
    await page.reload();
    await expect(page).toHaveURL(/preview=true/);
    await expect(page.getByRole('region', { name: 'Preview mode' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-rendered-from', 'database');
    // Into the draft from the sidebar, and still in preview there.
    await page.getByRole('complementary', { name: 'Site navigation' }).getByRole('link', { name: /Vehicles/ }).click();
    await expect(page).toHaveURL(/\/rules\/vehicles\?preview=true$/);
    await expect(page.locator('[data-page-title]')).toContainText('Vehicles');
  });

  test('drafts are left out of the published search and navigation', async ({ page }) => {
    await page.goto('/rules');
    await expect(page.getByRole('complementary', { name: 'Site navigation' }).getByRole('link', { name: /Vehicles/ })).toHaveCount(0);
  });
});

test('the static content API answers the page queries; HTML is never mistaken for data', async ({ page, request }) => {
  await page.goto('/rules/combat');
  // The running build's integrity (builds/current.js) names this page's static answer.
  await page.waitForFunction(() => (window as { __nucleusBuild?: unknown }).__nucleusBuild);
  const { integrity, id } = await page.evaluate(() => (window as unknown as { __nucleusBuild: { integrity: string; id: string } }).__nucleusBuild);
  expect(integrity).toMatch(/^[0-9a-f]{12}$/);
  const hash = await page.locator('meta[name="nucleus-page-query"]').getAttribute('content');
  const answer = await request.get(`/api/content/query/${hash}.${integrity}.json`);
  expect(answer.ok()).toBe(true);
  expect(JSON.stringify(await answer.json())).toContain('"/rules/combat"');
  const nav = await request.get('/builds/latest.json');
  expect(nav.ok()).toBe(true);
  expect((await nav.json()).id).toBe(id);
  // Served as built: gzip bytes (no Content-Encoding), which unpack to the SQLite file.
  const db = await request.get('/content.sqlite.gz');
  expect(db.ok()).toBe(true);
  expect(db.headers()['content-encoding']).toBeUndefined();
  expect([...(await db.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  expect(gunzipSync(await db.body()).subarray(0, 15).toString()).toBe('SQLite format 3');
});
