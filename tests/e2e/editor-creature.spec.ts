import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The creature editor on the built site (issue 13): a creature built from
 * the property browser with a tag filter, the threat warning appearing with
 * its numbers and going away with its fix, a bestiary copy, and after each
 * an export whose derived values the rules command must agree with.
 */

const SUMMARY_TERMS = { health: 'Health', guard: 'Guard', protection: 'Protection', threatValue: 'Threat value' } as const;

/** The editor loads sql.js and the catalogues first; on a busy machine that can take a while. */
const LOADED = { timeout: 45_000 };

const summary = (page: Page) => page.locator('[data-summary]');
const term = (page: Page, name: string) => summary(page).locator(`[data-term="${name}"] dd`).first();

/** `npm run rules -- evaluate FILE` on an exported document: the engine's word on its numbers. */
function rulesEvaluate(file: string): { valid: boolean; derived: Record<string, number>; issues: { code: string; severity: string }[] } {
  return JSON.parse(execFileSync('npm', ['run', '--silent', 'rules', '--', 'evaluate', file], { encoding: 'utf8' }));
}

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
  const r = rulesEvaluate(file);
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
  test.setTimeout(180_000);
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
      const cli = JSON.parse(execFileSync('npm', ['run', '--silent', 'rules', '--', 'probability', '--pool', '4', '--difficulty', String(guard)], { encoding: 'utf8' }));
      expect(shownChance).toBeCloseTo(cli.probability, 12);
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
    await rows.first().getByRole('button', { name: 'Copy Sentinel Walker from the bestiary' }).click();
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

  test("opens the bestiary page's copy link as a new creature of one's own", async ({ page, at }) => {
    await page.goto(at('/rules/creatures'));
    await page.locator('#creature-gutter-hound').getByRole('link', { name: 'Copy into the creature editor' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Gutter Hound', LOADED);
    await expectSummaryMatchesRules(page);
  });

  test('looks right at 1280 and 375 px, on screen and as a printed stat block', async ({ page, at }, info) => {
    await page.goto(at('/nucleus/CreatureEditor?copy=aegis-security-officer'));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Aegis Security Officer', LOADED);
    await page.getByLabel('Threat rank', { exact: true }).press('ArrowUp');
    await expect(summary(page).locator('[data-threat="mismatch"]')).toBeVisible();
    await axe(page);
    const shot = (name: string) => info.outputPath(`${name}.png`);
    await page.screenshot({ path: shot('creature-editor-1280'), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.cr-statblock')).toBeVisible();
    await page.screenshot({ path: shot('creature-print-1280'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: shot('creature-editor-375'), fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: shot('creature-print-375'), fullPage: true });
  });
});
