import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { BUDGET_GZ_BYTES, CONTENT_PAGES, preInteractionScripts, total } from '../../scripts/bench/js-budget';

// What the page loads is counted, not what a service worker fetches for later:
// without one, each fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

// Issue 25: a reading page hydrates nothing until it is used. The script a
// content page runs before any interaction stays within 15 KB gzipped, both
// as the benchmark reads it from dist/ and as Chromium actually loads it.
const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

test.describe('script budget of a content page', () => {
  for (const path of CONTENT_PAGES) {
    test(`${path}: at most 15 KB gzipped before interaction, React and search on first use`, async ({ page, baseURL }) => {
      const fromDist = total(await preInteractionScripts('dist', path));
      expect(fromDist.gz, `bench:js figure for ${path}`).toBeLessThanOrEqual(BUDGET_GZ_BYTES);

      const scripts = new Map<string, number>();
      /** Loaded files that hold React's DOM runtime, known by its error-page address (bundlers name its chunk "client", as Astro's router's). */
      const react: string[] = [];
      const data: string[] = [];
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (url.origin !== new URL(baseURL!).origin) return;
        if (/\.m?js$/.test(url.pathname)) {
          const file = join('dist', decodeURIComponent(url.pathname));
          if (!existsSync(file)) return;
          const bytes = readFileSync(file);
          scripts.set(url.pathname, gz(bytes));
          if (bytes.includes('react.dev/errors')) react.push(url.pathname);
        } else if (/search|\/api\//.test(url.pathname)) data.push(url.pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // The scripts written into the page itself count too.
      const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? ''));
      const loaded = [...scripts.values()].reduce((a, b) => a + b, 0) + inline.reduce((a, t) => a + gz(t), 0);
      expect(loaded, `script loaded by ${path}: ${[...scripts.keys()].join(', ')}`).toBeLessThanOrEqual(BUDGET_GZ_BYTES);
      expect([...scripts.keys()].filter((p) => /SearchDialog|AccountDialogs/i.test(p))).toEqual([]);
      expect(react, 'React loads on first use only').toEqual([]);
      expect(data, 'no search files or query answers before search is used').toEqual([]);

      // First use loads them: Ctrl+K opens search, and its index loads then.
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Search Nucleus' })).toBeVisible();
      await expect.poll(() => data.some((p) => /search/.test(p))).toBe(true);
      // …and React with the dialog: the check above finds React when it is there.
      expect(react.length).toBeGreaterThan(0);
    });
  }

  test('a shortcut pressed while the page is still loading opens search once it is ready', async ({ page }) => {
    // Hold the page's module scripts back, press the key, then let them through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/_astro\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back: wait for the parsed page instead.
    await page.goto('/rules/combat', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.searchReady)).toBeUndefined();
    await page.keyboard.press('/');
    release();
    await expect(page.getByRole('dialog', { name: 'Search Nucleus' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Search the guide/ })).toBeFocused();
  });
});
