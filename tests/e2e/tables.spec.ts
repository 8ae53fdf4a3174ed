import { test, expect, type Page } from '@playwright/test';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

/** Tables wider than their box, by name, and table labels set on more than one line. */
async function fit(page: Page) {
  return page.evaluate(() => ({
    overflowing: [...document.querySelectorAll<HTMLElement>('main .table-scroll')]
      .filter((b) => b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.getAttribute('aria-label')),
    // A bestiary label ("PROTECTION") on two lines was split mid-word: each is one word.
    splitLabels: [...document.querySelectorAll<HTMLElement>('.stat-block dl:not(.sb-lines) dt')]
      .filter((dt) => !dt.textContent!.trim().includes(' ') && dt.getClientRects().length > 0 && dt.offsetHeight > parseFloat(getComputedStyle(dt).lineHeight) * 1.5)
      .map((dt) => dt.textContent),
  }));
}

test.describe('wide tables', () => {
  // Each page loads once and is resized (the layout is CSS alone), rather than loaded again per width.
  test('at 1024 and 1280 px the gear and creature tables fit their column, no word cut', async ({ page }) => {
    for (const path of ['/rules/gear-and-blueprints', '/rules/creatures']) {
      await page.setViewportSize({ width: 1024, height: 900 });
      await page.goto(path);
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
        const { overflowing, splitLabels } = await fit(page);
        expect(overflowing, `${path} at ${width} px`).toEqual([]);
        expect(splitLabels, `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test('below 1024 px a wide table scrolls in its box, fades at the edge with more, and its scrollbar is on screen', async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 700 });
    await page.goto('/rules/gear-and-blueprints');
    const wide = page.locator('main .table-scroll[data-more="end"]');
    await expect(wide.first()).toBeVisible();
    // The tallest of them: its bottom edge (where its scrollbar is) is on screen once its top is.
    const tallest = await wide.evaluateAll((boxes) => {
      const b = boxes.reduce((a, c) => (c.scrollHeight > a.scrollHeight ? c : a));
      b.scrollIntoView({ block: 'start' });
      const r = b.getBoundingClientRect();
      return { bottom: r.bottom, tall: b.scrollHeight, mask: getComputedStyle(b).maskImage };
    });
    expect(tallest.tall).toBeGreaterThan(700);
    expect(tallest.mask).toContain('gradient');
    expect(tallest.bottom).toBeLessThanOrEqual(700);
  });

  test('bestiary labels stay whole from 390 to 1920 px', async ({ page }) => {
    await page.goto('/rules/creatures');
    for (const width of [390, 600, 760, 1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect((await fit(page)).splitLabels, `${width} px`).toEqual([]);
    }
  });
});
