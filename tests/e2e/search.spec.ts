import { type Page } from '@playwright/test';
import { test, expect, re } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { decodeNumbers, type SearchManifest } from '../../src/search/format';

// Search runs in the page; only the offline test below is about the service
// worker (it keeps the pages and search files). Elsewhere each fresh page
// would install it and precache the shell while the test types.
test.use({ serviceWorkers: 'block' });

async function ready(page: Page, at: (p: string) => string, path = '/rules', timeout?: number) {
  await page.goto(at(path));
  await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true', { timeout });
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search Nucleus' });
const input = (page: Page) => page.getByRole('combobox', { name: /Search the guide/ });

test.describe('search dialog', () => {
  test('opens with the header button, Ctrl+K, Cmd+K and /, and Escape returns focus', async ({ page, at }) => {
    await ready(page, at);
    const button = page.getByRole('button', { name: 'Search' });
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(button).toBeFocused();

    for (const shortcut of ['Control+k', 'Meta+k', '/']) {
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press(shortcut);
      await expect(dialog(page), shortcut).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
    }
  });

  test('finds a rule despite a typo and opens the result at its heading by keyboard', async ({ page, at }) => {
    await ready(page, at, '/');
    await page.keyboard.press('Control+k');
    await input(page).fill('overchrage');
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options.first().locator('mark').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const href = (await options.first().getAttribute('href'))!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));
    if (href.includes('#')) await expect(page.locator(`[id="${href.split('#')[1]}"]`)).toBeInViewport();
  });

  test('finds catalogue entries by name, with their kind and an excerpt with the words marked', async ({ page, at }) => {
    await ready(page, at);
    await page.keyboard.press('Control+k');
    await input(page).fill('regeneration');
    const entry = page.getByRole('option').filter({ hasText: 'creature property' }).first();
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('href', /#property-regeneration$/);
    // Excerpts come from the text parts, fetched once results show.
    await expect(page.locator('.search-item-excerpt mark').first()).toBeVisible();
  });

  test('finds drafts in preview mode only', async ({ page, at }) => {
    // Preview loads sql.js and the database before it can search: a minute on a busy machine.
    await ready(page, at);
    await page.keyboard.press('Control+k');
    await input(page).fill('playtest');
    await expect(page.getByText('Nothing matched')).toBeVisible();
    await page.keyboard.press('Escape');

    // Preview mode first renders the page from the local database (sql.js): slower.
    await ready(page, at, '/rules?preview=true', 20_000);
    await page.keyboard.press('Control+k');
    await input(page).fill('playtest');
    const option = page.getByRole('option').first();
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute('href', /\/rules\/vehicles/);
  });

  test('says when nothing matched and offers suggestions; remembers recent searches', async ({ page, at }) => {
    await ready(page, at);
    await page.keyboard.press('Control+k');
    await input(page).fill('zzqxv');
    await expect(page.getByText('Nothing matched')).toBeVisible();
    await page.getByRole('button', { name: 'edge', exact: true }).click();
    await expect(input(page)).toHaveValue('edge');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    await page.keyboard.press('Control+k');
    await expect(page.getByText('Recent searches')).toBeVisible();
    await expect(page.getByRole('button', { name: 'edge', exact: true })).toBeVisible();
  });

  test('is an accessible dialog, also at 375 px', async ({ page, at }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await ready(page, at);
    await page.getByRole('button', { name: 'Search' }).click();
    await input(page).fill('guard');
    await expect(page.getByRole('option').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.search-dialog').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const box = (await dialog(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
  });
});

test.describe('search dialog behaviour', () => {
  test('loads no search file until search is opened or its button is focused', async ({ page, at }) => {
    const searchFiles: string[] = [];
    page.on('request', (r) => {
      if (/\/search(-index)?[/.]/.test(new URL(r.url()).pathname)) searchFiles.push(r.url());
    });
    await ready(page, at);
    await page.waitForLoadState('networkidle');
    expect(searchFiles).toEqual([]);
    const manifest = page.waitForRequest((r) => r.url().includes('search-index.json'));
    await page.getByRole('button', { name: 'Search' }).focus();
    await manifest;
  });

  test('the first result needs the manifest and the parts of its word, not the whole index; the rest of a small index follows', async ({ page, at }) => {
    const fetched: string[] = [];
    page.on('requestfinished', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/search\/site\/(postings|pages)-\d+\.json$/.test(path)) fetched.push(path.replace(/^.*\/search\//, ''));
    });
    await ready(page, at);
    // The files the page had received when the first result entered it, by the page's own record.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[role="option"]')) return;
        observer.disconnect();
        (window as Window & { atFirstResult?: string[] }).atFirstResult = performance.getEntriesByType('resource').map((e) => e.name);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('guard');
    await expect(page.getByRole('option').first()).toContainText(/guard/i);
    const atFirstResult = (await page.evaluate(() => (window as Window & { atFirstResult?: string[] }).atFirstResult!))
      .map((url) => new URL(url).pathname)
      .filter((path) => /\/search\/site\/(postings|pages)-\d+\.json$/.test(path))
      .map((path) => path.replace(/^.*\/search\//, ''));
    expect(atFirstResult.filter((p) => p.startsWith('site/postings-')).length).toBe(1);
    expect(atFirstResult.filter((p) => p.startsWith('site/pages-')).length).toBeLessThanOrEqual(2);
    // This site is small: once results show, all its other postings and page parts load, and a new word needs no fetch.
    const manifest = (await (await page.request.get(at('/search-index.json'))).json()) as SearchManifest;
    const site = manifest.indexes.find((i) => i.name === 'site')!;
    const parts = decodeNumbers(site.postingParts).length + decodeNumbers(site.pageParts).length;
    await expect.poll(() => new Set(fetched).size).toBe(parts);
    const before = fetched.length;
    await page.getByRole('combobox').fill('initiative');
    await expect(page.getByRole('option').first()).toContainText(/initiative/i);
    expect(fetched.slice(before)).toEqual([]);
  });

  test('finds the rules\' own word for a plain one through the glossary\'s aliases, marks it, and opens it by mouse', async ({ page, at }) => {
    await ready(page, at);
    await page.getByRole('button', { name: 'Search' }).click();
    await input(page).fill('how many hit points do I have');
    const options = page.getByRole('option');
    // The Health section has neither "hit" nor "points": the glossary says they are what Health is also called.
    const health = options.and(page.locator('[href$="/rules/combat#health"]'));
    await expect(health).toBeVisible();
    await expect.poll(() => options.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('href') ?? ''))).toContainEqual(expect.stringMatching(/\/rules\/combat#health$/));
    await expect(health.locator('mark', { hasText: /^health$/i }).first()).toBeVisible();
    // The aliases come once, in the manifest: a few KB, not a copy per part.
    const manifest = (await (await page.request.get(at('/search-index.json'))).json()) as SearchManifest;
    expect(manifest.aliases.health).toContain('hit points');
    expect(JSON.stringify(manifest.aliases).length).toBeLessThan(8_000);
    await health.click();
    await expect(page).toHaveURL(/\/rules\/combat#health$/);
  });

  test('the first Escape closes the dialog, even with a query typed', async ({ page, at }) => {
    await ready(page, at);
    await page.keyboard.press('Control+k');
    await input(page).fill('guard');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('after Enter, focus is on the opened section of the page, not left behind', async ({ page, at }) => {
    await ready(page, at, '/');
    await page.keyboard.press('Control+k');
    await input(page).fill('initiative');
    await expect(page.getByRole('option').first()).toHaveAttribute('href', /\/rules\/combat#initiative$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/rules\/combat#initiative$/);
    await expect(page.locator('#initiative')).toBeFocused();
  });

  // The pages and search files saved on this device are the service worker's.
  test.describe(() => {
    test.use({ serviceWorkers: 'allow' });

    test('offline, lists only results on pages saved on this device and says so', async ({ page, context, at }) => {
      // On a phone nothing is prefetched, so the pages saved here are exactly the ones opened.
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(at('/'));
      await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
      await ready(page, at, '/rules/combat');
      // Search's files are kept once used (nothing of it is precached): search once online.
      await page.keyboard.press('Control+k');
      await input(page).fill('guard');
      await expect(page.getByRole('option').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await context.setOffline(true);
      await page.keyboard.press('Control+k');
      // "guard" is in Combat (visited) and in pages never opened (Creatures, Gear and blueprints).
      await input(page).fill('');
      await input(page).fill('guard');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expect(dialog(page).getByText(/You are offline: \d+ results? .*not saved on this device/)).toBeVisible();
      const paths = await page.getByRole('option').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/\/$/, '')));
      expect(paths.length).toBeGreaterThan(0);
      // Saved: the pages opened here (home, Combat) and their section (under the base path on the sub-path build).
      const base = at('/').replace(/\/$/, '');
      for (const path of paths) expect(path.slice(base.length)).toMatch(/^(\/rules\/combat|\/rules)?$/);
      await context.setOffline(false);
    });
  });
});
