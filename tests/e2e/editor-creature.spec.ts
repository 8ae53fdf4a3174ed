import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, shoot } from './fixtures';
import { evaluateFile, probability } from './rules';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

/**
 * The creature editor on the built site (issue 13): a creature built from
 * the property browser with a tag filter, the threat warning appearing with
 * its numbers and going away with its fix, a bestiary copy, and after each
 * an export whose derived values the rules command must agree with.
 */

// Outside test-results (Playwright empties it on every run), so the pictures can be looked at later.

const SUMMARY_TERMS = { health: 'Health', guard: 'Guard', protection: 'Protection', threatValue: 'Threat value' } as const;

/** The editor loads sql.js and the catalogues first; on a busy machine that can take a while. */
const LOADED = { timeout: 45_000 };

const summary = (page: Page) => page.locator('[data-summary]');
const term = (page: Page, name: string) => summary(page).locator(`[data-term="${name}"] dd`).first();


async function exportDocument(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Document' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await (await download).path();
  return file;
}

/** The summary's numbers agree with the rules engine on the exported file (differential, no fixed numbers). */
async function expectSummaryMatchesRules(page: Page) {
  const file = await exportDocument(page);
  const r = evaluateFile(file);
  for (const [key, name] of Object.entries(SUMMARY_TERMS)) await expect(term(page, name), name).toHaveText(String(r.derived[key]));
  await expect(term(page, 'Computed threat rank')).toHaveText(new RegExp(`^${r.derived.computedThreatRank}\\b`));
  const mismatch = r.issues.some((i) => i.code === 'threat-mismatch');
  await expect(summary(page).locator('[data-threat]')).toHaveAttribute('data-threat', mismatch ? 'mismatch' : 'matches');
  return r;
}

async function axe(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function newCreature(page: Page, at: (p: string) => string, name: string) {
  await page.goto(at('/nucleus/CreatureEditor'));
  await page.getByRole('button', { name: 'New creature' }).click(LOADED);
  const nameField = page.getByLabel('Name', { exact: true });
  await expect(nameField).toBeVisible(LOADED);
  await nameField.fill(name);
}

test.describe('creature editor', () => {
  // Each differential check runs the rules command (tsx) on a shared, busy machine.
  test('builds a creature from the property browser; the threat warning appears with numbers and goes with its fix', async ({ page, at }) => {
    await newCreature(page, at, 'Dock Wraith');
    await expect(term(page, 'Computed threat rank')).toHaveText('1');
    await expect(summary(page).locator('[data-threat]')).toHaveAttribute('data-threat', 'matches');

    const browser = page.locator('.cr-browser');
    const all = await browser.locator('.cr-prop').count();
    await browser.getByRole('checkbox', { name: /^defensive/ }).check();
    const shown = browser.locator('.cr-prop');
    await expect.poll(() => shown.count()).toBeLessThan(all);
    for (const tags of await shown.locator('.cr-prop-tags').allTextContents()) expect(tags).toContain('defensive');

    // Three defensive properties: the third tips the threat value over rank 1.
    await browser.locator('[data-property="hulking"]').getByRole('button', { name: /^Add Hulking/ }).click();
    await browser.locator('[data-property="shield-projector"]').getByRole('button', { name: /^Add Shield Projector/ }).click();
    await expect(summary(page).locator('[data-threat]')).toHaveAttribute('data-threat', 'matches');
    await browser.getByLabel('Potency of Armoured Hide').selectOption('3');
    await browser.locator('[data-property="armoured-hide"]').getByRole('button', { name: 'Add Armoured Hide at potency 3' }).click();
    await expect(page.getByRole('list', { name: 'Chosen properties' }).getByRole('listitem')).toHaveCount(3);

    const warning = summary(page).locator('[data-threat="mismatch"]');
    await expect(warning).toBeVisible();
    const value = Number(await term(page, 'Threat value').textContent());
    const computed = Math.min(10, Math.max(1, Math.ceil((value - 5) / 6)));
    expect(computed).toBeGreaterThan(1);
    await expect(warning).toContainText(`Threat value ${value} gives threat rank ${computed}, but the chosen rank is 1`);
    // The same warning stands beside the Threat rank field.
    await expect(page.locator('[data-field-path="threatRank"] .kit-field-issues')).toContainText(`${value}`);
    let r = await expectSummaryMatchesRules(page);
    expect(r.issues.filter((i) => i.code === 'threat-mismatch')).toHaveLength(1);
    expect(r.valid).toBe(true);

    // The first fix sets the chosen rank; the warning goes, and undo brings it back.
    await warning.getByRole('button', { name: `Set the threat rank to ${computed}` }).click();
    await expect(summary(page).locator('[data-threat]')).toHaveAttribute('data-threat', 'matches');
    await expect(page.getByLabel('Threat rank', { exact: true })).toHaveValue(String(computed));
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(summary(page).locator('[data-threat]')).toHaveAttribute('data-threat', 'mismatch');
    // Removing the property that tipped it also makes the ranks agree.
    await page.getByRole('button', { name: 'Remove Armoured Hide' }).click();
    await expect(summary(page).locator('[data-threat]')).toHaveAttribute('data-threat', 'matches');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: `Set the threat rank to ${computed}` }).click();
    r = await expectSummaryMatchesRules(page);
    expect(r.issues).toEqual([]);

    // Reload: the work is intact.
    await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dock Wraith', LOADED);
    await expect(page.getByRole('list', { name: 'Chosen properties' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByLabel('Threat rank', { exact: true })).toHaveValue(String(computed));
  });

  test('edits attacks in the dialog and shows their exact chances to hit Guard 1–6', async ({ page, at }) => {
    await newCreature(page, at, 'Brawler Drone');
    await page.getByRole('button', { name: 'Add attack' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await axe(page, 'dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Hammer Fist');
    await dialog.getByLabel('Damage').press('ArrowUp');
    await dialog.getByLabel('Range').selectOption('melee');
    await dialog.getByLabel('Name', { exact: true }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.locator('.cr-item', { hasText: 'Hammer Fist' })).toContainText('Damage 3 · Melee');

    // Raise Frame and add Brawl: the pool is Frame + Brawl.
    await page.getByLabel('Frame', { exact: true }).press('ArrowUp');
    await page.getByLabel('Add a skill').selectOption('brawl');
    await page.getByRole('button', { name: 'Add skill' }).click();
    await expect(page.getByLabel('Brawl', { exact: true })).toBeFocused();
    await page.getByLabel('Brawl', { exact: true }).press('ArrowUp');
    const row = summary(page).locator('[data-attack="0"]');
    await expect(row.locator('[data-pool]')).toHaveAttribute('data-pool', '4');
    for (const guard of [1, 3, 6]) {
      const shownChance = Number(await row.locator(`[data-guard="${guard}"]`).getAttribute('data-chance'));
      expect(shownChance).toBeCloseTo(probability(4, guard), 12);
    }
    await expectSummaryMatchesRules(page);
    await axe(page);
  });

  test('copies a bestiary creature from the list, filtered by kind and threat rank', async ({ page, at }) => {
    await page.goto(at('/nucleus/CreatureEditor'));
    const list = page.locator('.cr-list');
    await expect(list).toBeVisible(LOADED);
    await list.getByLabel('Kind').selectOption('machine');
    await list.getByLabel('Threat rank').selectOption('4');
    const rows = list.locator('.cr-list-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Sentinel Walker');
    await list.getByLabel('Search creatures').fill('walker');
    await rows.first().getByRole('button', { name: 'Copy from bestiary: Sentinel Walker' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sentinel Walker', LOADED);
    expect(new URL(page.url()).searchParams.get('id')).not.toBe('sentinel-walker');
    const r = await expectSummaryMatchesRules(page);
    expect(r.valid).toBe(true);
    expect(r.derived.computedThreatRank).toBe(4);

    // It is the game master's own now: listed as theirs, and it can be duplicated.
    await page.goto(at('/nucleus/CreatureEditor'));
    await expect(list).toBeVisible(LOADED);
    await list.getByLabel('Show').selectOption('mine');
    await expect(list.locator('.cr-list-row[data-source="mine"]', { hasText: 'Sentinel Walker' })).toHaveCount(1);
    await list.getByRole('button', { name: 'Duplicate Sentinel Walker' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sentinel Walker (copy)', LOADED);
  });

  test('lists own creatures once, in the creature panel; opening one stays on the page; back and forward move between list and creature', async ({ page, at }) => {
    await page.goto(at('/nucleus/CreatureEditor'));
    const list = page.locator('.cr-list');
    await expect(list).toBeVisible(LOADED);
    await list.getByRole('button', { name: 'Copy from bestiary: Gutter Hound' }).click();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue('Gutter Hound', LOADED);
    await name.fill('Kennel Hound');
    await expect(page.locator('[data-save-state]')).toHaveText('Saved on this device');
    const id = new URL(page.url()).searchParams.get('id');

    await page.goto(at('/nucleus/CreatureEditor'));
    await expect(list).toBeVisible(LOADED);
    // One list: the panel's row, no second "Your creatures" list from the kit.
    await expect(page.getByRole('heading', { name: 'Your creatures', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Kennel Hound', exact: true })).toHaveCount(1);
    await expect(list.locator('.cr-list-row[data-source="mine"]')).toHaveCount(1);

    // Opening it does not load the page again (a marker on window survives), and the address names it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
    await list.getByRole('link', { name: 'Open Kennel Hound' }).click();
    await expect(name).toHaveValue('Kennel Hound');
    await expect(name).toBeFocused();
    expect(new URL(page.url()).searchParams.get('id')).toBe(id);
    expect(await stayed()).toBe(true);

    // Back: the list again, focus on its first control; forward: the creature, focus on its name.
    await page.goBack();
    await expect(list).toBeVisible();
    await expect(name).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New creature' })).toBeFocused();
    expect(new URL(page.url()).searchParams.get('id')).toBeNull();
    await page.goForward();
    await expect(name).toHaveValue('Kennel Hound');
    await expect(name).toBeFocused();
    expect(await stayed()).toBe(true);
    // The name link opens in place too.
    await page.goBack();
    await page.getByRole('link', { name: 'Kennel Hound', exact: true }).click();
    await expect(name).toHaveValue('Kennel Hound');
    expect(await stayed()).toBe(true);
    // Away to another page of the site and back: the creature is on screen again, not the other page.
    await page.getByRole('link', { name: 'Rules', exact: true }).first().click();
    await expect(page).toHaveURL(/\/rules\/?$/);
    await page.goBack();
    await expect(name).toHaveValue('Kennel Hound', LOADED);
    expect(new URL(page.url()).searchParams.get('id')).toBe(id);
  });

  test('the same creature in two tabs: a change saved in one shows in the other', async ({ page, context, at }) => {
    await newCreature(page, at, 'Twin Stalker');
    await expect(page.locator('[data-save-state]')).toHaveText('Saved on this device');
    const other = await context.newPage();
    await other.goto(page.url());
    const otherFrame = other.getByLabel('Frame', { exact: true });
    await expect(other.getByLabel('Name', { exact: true })).toHaveValue('Twin Stalker', LOADED);
    await page.getByLabel('Frame', { exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('[data-save-state]')).toHaveText('Saved on this device');
    await expect(otherFrame).toHaveValue('3');
    await expect(term(other, 'Health')).toHaveText(await term(page, 'Health').innerText());
    await other.getByLabel('Threat rank', { exact: true }).press('ArrowUp');
    await expect(other.locator('[data-save-state]')).toHaveText('Saved on this device');
    await expect(page.getByLabel('Threat rank', { exact: true })).toHaveValue('2');
    await other.close();
  });

  test('on a phone (375 px), by keyboard: a creature from the bestiary, found, copied, adjusted and printed', async ({ page, at }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(at('/nucleus/CreatureEditor'));
    const search = page.getByLabel('Search creatures');
    await expect(search).toBeVisible(LOADED);
    await search.focus();
    await page.keyboard.type('hound');
    const copy = page.getByRole('button', { name: 'Copy from bestiary: Gutter Hound' });
    for (let i = 0; i < 30 && !(await copy.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue('Gutter Hound', LOADED);
    await expect(name).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Alley Hound');
    await page.getByLabel('Frame', { exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await expectSummaryMatchesRules(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'phone-bestiary-editor-375.png', { fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.cr-statblock')).toBeVisible();
    await expect(page.locator('.cr-statblock')).toContainText('Alley Hound');
    await shoot(page, 'phone-bestiary-print-375.png', { fullPage: true });
  });

  test("opens the bestiary page's copy link as a new creature of one's own", async ({ page, at }) => {
    await page.goto(at('/rules/creatures'));
    await page.locator('#creature-gutter-hound').getByRole('link', { name: 'Copy into the creature editor' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Gutter Hound', LOADED);
    await expectSummaryMatchesRules(page);
  });

  test('looks right at 1280 and 375 px, on screen and as a printed stat block', async ({ page, at }) => {
    await page.goto(at('/nucleus/CreatureEditor?copy=aegis-security-officer'));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Aegis Security Officer', LOADED);
    await page.getByLabel('Threat rank', { exact: true }).press('ArrowUp');
    await expect(summary(page).locator('[data-threat="mismatch"]')).toBeVisible();
    await axe(page);
    await shoot(page, 'creature-editor-1280.png', { fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.cr-statblock')).toBeVisible();
    await shoot(page, 'creature-print-1280.png', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'creature-editor-375.png', { fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await shoot(page, 'creature-print-375.png', { fullPage: true });
  });
});
