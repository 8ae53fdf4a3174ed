import { test, expect } from './fixtures';

test.describe('client navigation', () => {
  test('moves between pages without a reload, announces the new page and focuses its content', async ({ page, at }) => {
    await page.goto(at('/rules/core-mechanic'));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const next = page.getByRole('navigation', { name: 'Previous and next page' }).getByRole('link', { name: /Next/ });
    const title = (await next.locator('.t').textContent())!.trim();
    await next.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    // Same document: the router swapped the page in.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(page.locator('.astro-route-announcer')).toContainText(title);
    await expect(page.locator('#main')).toBeFocused();
  });
});

test('a data-refresh event reloads the page content from the database, bypassing caches', async ({ page, at }) => {
  // The page's body has no static answer (it is in the page and the database): sql.js and the database load first.
  await page.goto(at('/rules/combat'));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.evaluate(() => window.dispatchEvent(new Event('nucleus:data-refresh')));
  await expect(page.locator('html')).toHaveAttribute('data-rendered-from', 'database', { timeout: 30_000 });
  expect(requests.some((u) => /\/api\/content\/query\/[0-9a-z]{13}\.[0-9a-f]+\.json\?refresh=\d+$/.test(u))).toBe(true);
  expect(requests.some((u) => /\/content\.sqlite\.gz\?refresh=\d+$/.test(u))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Combat');
});
