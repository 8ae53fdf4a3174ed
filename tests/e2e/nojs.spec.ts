import { test, expect } from '@playwright/test';

test.describe('reading without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ['/', '/galacticguide', '/rules', '/rules/core-mechanic']) {
    test(`${path} is readable with JavaScript disabled`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text.length).toBeGreaterThan(200);
    });
  }
});
