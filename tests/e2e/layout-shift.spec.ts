import { test, expect, type Page } from '@playwright/test';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

// Issue 25: nothing on a page jumps once its scripts run. A reader who starts
// reading (or a player who reaches for a button) at first paint must not see
// the text move: the folded table of contents and the editor island are the
// two places where it did (Lighthouse's layout shift 0.43 and 0.20), and the
// editor's list of documents, which grew by a line on a phone once loaded.

/** Starts recording layout shifts before the page's own scripts run. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; nodes: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (e.hadRecentInput) continue;
        const nodes = e.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName)));
        w.__shifts.push({ value: e.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);

/** The sum Lighthouse reports as cumulative layout shift, for one short page load. */
const total = (list: { value: number }[]) => list.reduce((sum, s) => sum + s.value, 0);

// "Good" in Lighthouse and Core Web Vitals is under 0.1; these stay well below.
const MAX_SHIFT = 0.05;

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a rules page does not move once its scripts run', async ({ page }) => {
      await recordShifts(page);
      await page.goto('/rules/combat');
      // toc.ts has run: below 1280 px the table of contents is folded, from 1280 px open.
      await expect(page.locator('[data-toc]')).toHaveJSProperty('open', width >= 1280);
      await page.waitForLoadState('networkidle');
      const list = await shifts(page);
      expect(total(list), JSON.stringify(list)).toBeLessThan(MAX_SHIFT);
    });

    test('an editor paints the page first, then mounts without moving anything', async ({ page }) => {
      await recordShifts(page);
      await page.goto('/nucleus/BlueprintEditor');
      await expect(page.locator('.kit-loading')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Start from standard gear' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Nothing at all: the screen-high placeholder and the list's reserved sentence hold every place.
      const list = await shifts(page);
      expect(total(list), JSON.stringify(list)).toBeLessThan(0.001);
      // The title and lead are on screen before the editor's code is asked for (src/editors/mount.ts).
      const order = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        editor: performance.getEntriesByType('resource').find((e) => /\/BlueprintEditor\.[^/]*\.js$/.test(e.name))?.startTime ?? NaN,
      }));
      expect(order.editor, JSON.stringify(order)).toBeGreaterThanOrEqual(order.paint);
    });
  });
}
