import { test, expect } from './fixtures';

test.describe('gear lists', () => {
  test('are tables of the catalogue with price, sortable and filterable, the filter kept in the URL', async ({ page, at }) => {
    await page.goto(at('/rules/gear-and-blueprints'));
    const weapons = page.locator('[data-gear-list="weapon"]');
    const rows = weapons.locator('tbody tr');
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(20);
    await expect(rows.first().locator('td[data-label="Price"]')).toHaveText(/\d cr$/);

    // Sort by damage, descending on the second click.
    await weapons.getByRole('button', { name: 'Sort by Damage' }).click();
    await weapons.getByRole('button', { name: 'Sort by Damage' }).click();
    await expect(weapons.locator('th', { hasText: 'Damage' })).toHaveAttribute('aria-sort', 'descending');
    const damages = await rows.locator('td[data-label="Damage"]').allTextContents();
    expect(damages.map(Number)).toEqual([...damages.map(Number)].sort((a, b) => b - a));

    // Filter by availability, then reload: the filter is still there.
    await weapons.getByRole('combobox', { name: 'Availability' }).selectOption('prototype');
    await expect(page).toHaveURL(/weapon\.availability=prototype/);
    const shown = await rows.filter({ visible: true }).count();
    expect(shown).toBeLessThan(total);
    await page.reload();
    await expect(weapons.getByRole('combobox', { name: 'Availability' })).toHaveValue('prototype');
    expect(await rows.filter({ visible: true }).count()).toBe(shown);
  });

  test('each row links to its anchor and offers a copy in the editor', async ({ page, at }) => {
    await page.goto(at('/rules/gear-and-blueprints'));
    const first = page.locator('[data-gear-list="armour"] tbody tr').first();
    const id = await first.getAttribute('id');
    await first.locator('.gear-name').click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(first.getByRole('link', { name: 'Open a copy in the editor' })).toHaveAttribute('href', /BlueprintEditor\?from=gear:/);
  });

  test('are cards on a phone', async ({ page, at }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(at('/rules/gear-and-blueprints'));
    const row = page.locator('[data-gear-list="weapon"] tbody tr').first();
    await expect(row).toHaveCSS('display', 'block');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('probability chart', () => {
  test('shows exact chances, with an edge toggle and a pool picker', async ({ page, at }) => {
    await page.goto(at('/rules/core-mechanic'));
    const chart = page.locator('[data-prob-chart]').first();
    await expect(chart.locator('svg.pc-plain')).toBeVisible();
    await expect(chart.locator('svg.pc-edge')).toBeHidden();
    // The table: pool 1, difficulty 1 is 1/3; difficulty 2 is 1/18.
    await chart.getByText('The numbers as a table').click();
    const firstRow = chart.locator('table').first().locator('tbody tr').first();
    await expect(firstRow.locator('td').nth(0)).toHaveText('33.3%');
    await expect(firstRow.locator('td').nth(1)).toHaveText('5.6%');
    await chart.getByText('With edge', { exact: true }).click();
    await expect(chart.locator('svg.pc-edge')).toBeVisible();
    await chart.getByRole('slider').fill('1');
    await expect(chart.locator('[data-pc-readout]')).toContainText('1 die with edge: 1 Routine 55.6%');
  });

  test('is readable without JavaScript', async ({ browser, at }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${new URL(test.info().project.use.baseURL!).port}${at('/rules/core-mechanic')}`);
    await expect(page.locator('svg.pc-plain').first()).toBeVisible();
    await context.close();
  });
});

test.describe('tree charts', () => {
  test('draw each tree; a node leads to the feature description', async ({ page, at }) => {
    await page.goto(at('/rules/characters'));
    const trees = page.locator('.tree');
    expect(await trees.count()).toBeGreaterThanOrEqual(6);
    const node = trees.first().locator('a.node').nth(2);
    const href = await node.getAttribute('href');
    await expect(node).toHaveAttribute('aria-label', /tier/);
    await node.click();
    await expect(page.locator(href!)).toBeInViewport();
  });
});
