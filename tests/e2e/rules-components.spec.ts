import { test, expect } from './fixtures';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

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

  test('the text filter forgives a slip, and says so when nothing matches', async ({ page, at }) => {
    await page.goto(at('/rules/gear-and-blueprints'));
    const weapons = page.locator('[data-gear-list="weapon"]');
    const filter = weapons.getByRole('searchbox', { name: 'Filter' });
    await filter.fill('scatergun');
    await expect(weapons.locator('tbody tr').filter({ visible: true })).toHaveCount(1);
    await expect(weapons.locator('tbody tr').filter({ visible: true })).toContainText('Scattergun');
    await filter.fill('zzqx');
    await expect(weapons.getByText('No weapons found for “zzqx” with these filters. Check the spelling or clear a filter.')).toBeVisible();
    await expect(weapons.getByRole('region', { name: 'Standard weapons table' })).toBeHidden();
    await filter.fill('');
    await expect(weapons.getByRole('region', { name: 'Standard weapons table' })).toBeVisible();
    await expect(weapons.locator('[data-gear-empty]')).toBeHidden();
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

test.describe('reading slips', () => {
  test('bestiary cards keep each label apart from its value', async ({ page, at }) => {
    await page.goto(at('/rules/creatures'));
    const card = page.locator('.stat-block').first();
    const skills = card.locator('.sb-lines dt', { hasText: 'Skills' });
    await expect(skills).toBeVisible();
    const text = await card.evaluate((el) => (el as HTMLElement).innerText);
    expect(text).not.toMatch(/(Skills|Attacks|Properties)[A-Z]/);
    // Term and description sit side by side with room between them.
    const dt = (await skills.boundingBox())!;
    const dd = (await skills.locator('xpath=following-sibling::dd[1]').boundingBox())!;
    expect(dd.x).toBeGreaterThan(dt.x + dt.width);
  });

  test('core effect texts read as sentences, not templates', async ({ page, at }) => {
    await page.goto(at('/rules/cores'));
    const list = page.locator('.catalogue-list', { has: page.locator('[id^="effect-"]') });
    await expect(list).toContainText('At potency 1:');
    await expect(list).not.toContainText('(s)');
    await expect(list).not.toContainText('(at potency 1)');
    await expect(list).toContainText(/\b1 round\b/);
  });

  test("the home page's section cards list every page of their section", async ({ page, at }) => {
    await page.goto(at('/rules'));
    const pages = await page.getByRole('complementary', { name: 'Site navigation' }).locator('.nav-tree > .nav-list > li').count();
    await page.goto(at('/'));
    const card = page.locator('.section-cards .card', { has: page.getByRole('link', { name: 'Rules', exact: true }) });
    await expect(card.locator('.section-links li')).toHaveCount(pages);
    await expect(card.locator('.eyebrow')).toHaveText(`${pages} pages`);
  });

  test('a tree chart on a phone scrolls with a cue, its tier labels apart', async ({ page, at }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('/rules/characters'));
    const chart = page.locator('.tree-scroll').first();
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-more', 'end');
    await expect(chart.locator('xpath=preceding-sibling::p[1]')).toHaveText(/Scroll sideways for the whole tree/);
    const boxes = await chart.locator('.tier-label').evaluateAll((els) =>
      els.map((el) => {
        const b = (el as SVGGraphicsElement).getBBox();
        return { x: b.x, width: b.width };
      }),
    );
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x + boxes[i - 1]!.width);
  });
});

test.describe('encounter cards', () => {
  test('render without JavaScript: creatures, threat, band, and links that carry the encounter', async ({ browser, at }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const origin = `http://127.0.0.1:${new URL(test.info().project.use.baseURL!).port}`;
    await page.goto(origin + at('/rules/game-master'));
    const card = page.getByRole('region', { name: 'Lobby ambush' });
    await expect(card.getByRole('row')).toHaveText([/Creature\s*Count/, /Aegis Security Officer\s*2\s*3\s*6/, /Scuttler\s*2\s*1\s*2/, /Total threat\s*8/]);
    await expect(card).toContainText('Threat 8 against party rank 8: fair fight.');
    const open = card.getByRole('link', { name: 'Open at the table' });
    const href = (await open.getAttribute('href'))!;
    expect(href.startsWith(at('/nucleus/EncounterEditor#encounter='))).toBe(true);
    const value = href.slice(href.indexOf('=') + 1).replace(/-/g, '+').replace(/_/g, '/');
    expect(JSON.parse(Buffer.from(value, 'base64').toString('utf8'))).toEqual({
      title: 'Lobby ambush',
      creatures: [['aegis-security-officer', 2], ['scuttler-drone', 2]],
      crew: [4, 2],
    });
    await expect(page.getByRole('region', { name: 'Gang on the stairs' })).toContainText('Threat 8 against party rank 8: fair fight.');
    await context.close();
  });
});
