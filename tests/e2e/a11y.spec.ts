import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '@playwright/test';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

// The reading pages under axe: WCAG 2.2 A and AA (touch target size and
// contrast included), in the dark mode on a phone and the light mode on a
// laptop. The editors and dialogs have their own axe checks in their specs.
const PAGES = ['/', '/rules/combat', '/rules/gear-and-blueprints', '/rules/creatures', '/galacticguide/timeline', '/nucleus'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const VIEWS = [
  { colorScheme: 'dark', width: 390 },
  { colorScheme: 'light', width: 1280 },
] as const;

for (const path of PAGES) {
  test(`${path} has no axe violations, dark at 390 px and light at 1280 px`, async ({ page }) => {
    // Axe walks every cell of the long catalogue tables.
    for (const { colorScheme, width } of VIEWS) {
      await page.setViewportSize({ width, height: 844 });
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await page.waitForLoadState('load');
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      const found = violations.map((v) => `${v.id} in ${colorScheme} at ${width}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      expect(found).toEqual([]);
    }
  });
}
