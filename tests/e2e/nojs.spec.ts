import { test, expect } from '@playwright/test';

test.describe('reading without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // One page visits them in turn, a step each: a context per page cost more than the page.
  test('/, /galacticguide, /rules and /rules/core-mechanic are readable with JavaScript disabled', async ({ page }) => {
    for (const path of ['/', '/galacticguide', '/rules', '/rules/core-mechanic']) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const text = await page.locator('main').innerText();
        expect(text.length, path).toBeGreaterThan(200);
      });
    }
  });
});

test.describe('controls without JavaScript (issue 25)', () => {
  test.use({ javaScriptEnabled: false });

  test('on a phone the menu opens the section navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rules/combat');
    // The script-driven menu button is not shown; its place is a link to the navigation.
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const menu = page.getByRole('link', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page).toHaveURL(/#site-nav$/);
    const nav = page.getByRole('complementary', { name: 'Site navigation' });
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Core mechanic', exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/core-mechanic$/);
  });

  test('controls that need script are not on screen', async ({ page }) => {
    await page.goto('/rules/gear-and-blueprints');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('button')).toHaveCount(0);
    for (const name of ['Search', 'Sign in', /Switch/]) await expect(page.getByRole('button', { name })).toBeHidden();
    // The gear tables: no filters, no sort buttons (the headers are plain text).
    await expect(page.locator('[data-gear-controls]').first()).toBeHidden();
    await expect(page.locator('main').getByRole('button')).toHaveCount(0);
    await expect(page.locator('main').getByRole('searchbox')).toHaveCount(0);
  });

  test("the header's search leads to the site index, which the browser's find searches", async ({ page }) => {
    await page.goto('/rules/combat');
    await page.locator('header.site-header').getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/site-index\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Site index' })).toBeVisible();
    // Every page and its headings, by section: the rules' combat page and its Initiative heading.
    const rules = page.getByRole('region', { name: 'Rules' });
    await expect(rules.getByRole('link', { name: 'Combat', exact: true })).toBeVisible();
    await rules.getByRole('link', { name: 'Initiative', exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/combat\/?#initiative$/);
  });

  test("the chart's edge toggle works with CSS alone", async ({ page }) => {
    await page.goto('/rules/core-mechanic');
    const chart = page.locator('[data-prob-chart]').first();
    await expect(chart.locator('.pc-plain')).toBeVisible();
    await expect(chart.locator('.pc-edge')).toBeHidden();
    await chart.getByText('With edge', { exact: true }).click();
    await expect(chart.locator('.pc-edge')).toBeVisible();
    await expect(chart.locator('.pc-plain')).toBeHidden();
  });
});

test.describe('controls with JavaScript', () => {
  test('the header shows search, colour mode and sign-in once script runs; the menu link gives way to the button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rules/combat');
    for (const name of ['Search', 'Sign in', 'Menu']) await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: /Switch to (light|dark) mode/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Search' })).toBeHidden();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('editors without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // "Open at the table" and the editor cards lead here; without script the page must not promise a load that never comes.
  test('an editor route says only that it needs JavaScript, and links the rules it is built on', async ({ page }) => {
    for (const [path, name, rules] of [
      ['/nucleus/EncounterEditor', 'the game master’s rules', '/rules/game-master'],
      ['/nucleus/CharacterEditor', 'the rules', '/rules'],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        const main = page.locator('main');
        await expect(main.getByText(/needs JavaScript/)).toBeVisible();
        await expect(main.getByText(/^Loading the/)).toBeHidden();
        await main.getByRole('link', { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${rules}$`));
      });
    }
  });
});
