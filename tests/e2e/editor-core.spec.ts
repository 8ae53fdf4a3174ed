import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, shoot } from './fixtures';
import { tabTo } from './keyboard';
import { evaluateFile } from './rules';
import { scratchDir } from '../../src/content/testing';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

/**
 * The core editor in the built site: a core built from scratch by mouse and
 * by keyboard, checked against the rules command (a differential check: the
 * numbers the summary shows must be the ones `rules evaluate` derives from
 * the exported file), rule breaks fixed from the issue list, reload, axe.
 */

const summary = (page: Page) => page.locator('[data-summary]');
const term = (page: Page, name: string) => summary(page).locator(`.kit-summary-row[data-term="${name}"] .kit-summary-value`);

async function openNewCore(page: Page, at: (p: string) => string) {
  await page.goto(at('/nucleus/CoreEditor'));
  await page
    .getByRole('button', { name: /New core/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\?id=/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('New core');
}

/** Exports the open document through the Document menu and returns the file's text. */
async function exportDocument(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Document' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  return execFileSync('cat', [file!], { encoding: 'utf8' });
}

/** The rules engine on the text, as a player's exported file would be checked (tests/e2e/rules.ts). */
function rulesEvaluate(text: string) {
  const file = join(scratchDir('core-e2e-'), 'core.json');
  writeFileSync(file, text);
  return evaluateFile(file);
}

/** The summary shows what the rules command derives from the exported file. */
async function expectSummaryMatchesRules(page: Page) {
  // The save settles first, so the export is the state the summary shows.
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  const result = rulesEvaluate(await exportDocument(page));
  const d = result.derived;
  await expect(term(page, 'Cost')).toHaveText(String(d.cost));
  await expect(term(page, 'Budget')).toHaveText(String(d.budget));
  await expect(term(page, 'Refund')).toHaveText(`${d.refund} (limit ${d.refundLimit})`);
  await expect(term(page, 'Strain')).toHaveText(String(d.strain));
  await expect(summary(page).locator('[data-validity]')).toHaveAttribute('data-validity', result.valid ? 'valid' : 'invalid');
  return result;
}

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test.describe('core editor', () => {
  // Whole journeys on a machine shared by many builds: give each room.
  test.describe.configure({ timeout: 180_000 });

  test('builds a valid core by mouse; the summary matches the rules command; reload keeps it', async ({ page, at }) => {
    await openNewCore(page, at);
    await page.getByRole('textbox', { name: 'Name' }).fill('Mind Spike');
    await group(page, 'Tier').getByRole('radio', { name: /^2\b/ }).check();
    await group(page, 'Discipline')
      .getByRole('radio', { name: /^Neural/ })
      .check();

    // Effects: open the catalogue, filter by discipline, add one.
    await page.getByRole('button', { name: 'Add effect' }).click();
    await page.getByRole('group', { name: 'Filter effects' }).getByRole('button', { name: 'Neural' }).click();
    const picker = page.locator('.kit-picker');
    await expect(picker.locator('[data-entry="kinetic-shove"]')).toHaveCount(0);
    await picker.getByRole('button', { name: 'Add Mind Read' }).click();
    const effect = group(page, 'Mind Read');
    await expect(effect.getByRole('spinbutton', { name: 'Mind Read potency' })).toBeFocused();
    const text1 = await effect.locator('[data-effect-text]').textContent();

    // Potency 2 by the + button: the effect's text changes with it, live.
    await effect.locator('.kit-step', { hasText: '+' }).click();
    await expect(effect.getByRole('spinbutton', { name: 'Mind Read potency' })).toHaveValue('2');
    await expect(effect.locator('[data-effect-text]')).not.toHaveText(text1!);
    await expect(effect.locator('[data-effect-text]')).toContainText('2');

    await group(page, 'Range').getByRole('radio', { name: /^Near/ }).check();
    await page.getByRole('checkbox', { name: /Nosebleed/ }).check();

    // The generated rules text reads the whole core.
    const card = summary(page).locator('[data-core-card]');
    await expect(card).toContainText('Mind Spike');
    await expect(card).toContainText('Tier 2 neural core');
    await expect(card).toContainText('Mind Read (potency 2)');
    await expect(card).toContainText('Side effect — Nosebleed');

    // Copy puts the same words on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await card.getByRole('button', { name: 'Copy rules text' }).click();
    await expect(card.getByRole('status')).toHaveText('Copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n').slice(0, 2)).toEqual(['Mind Spike', await card.locator('.core-card-heading').textContent()]);
    expect(copied).toContain(`Mind Read (potency 2): ${await effect.locator('[data-effect-text]').textContent()}`);

    const result = await expectSummaryMatchesRules(page);
    expect(result.valid).toBe(true);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Mind Spike');
    await expect(group(page, 'Mind Read').getByRole('spinbutton', { name: 'Mind Read potency' })).toHaveValue('2');
    await expect(page.getByRole('checkbox', { name: /Nosebleed/ })).toBeChecked();
    await expect(group(page, 'Range').getByRole('radio', { name: /^Near/ })).toBeChecked();
    await expectSummaryMatchesRules(page);
  });

  test('builds a valid core by keyboard alone', async ({ page, at }) => {
    await openNewCore(page, at);
    await tabTo(page, page.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Kinetic Fist');

    // Tier: Tab into the group, arrow to tier 3.
    await tabTo(page, group(page, 'Tier').getByRole('radio', { checked: true }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(group(page, 'Tier').getByRole('radio', { name: /^3\b/ })).toBeChecked();

    // Activation: reaction.
    await tabTo(page, group(page, 'Activation').getByRole('radio', { checked: true }));
    await page.keyboard.press('ArrowRight');
    await expect(group(page, 'Activation').getByRole('radio', { name: /^Reaction/ })).toBeChecked();

    // Add an effect: search, then Enter on its Add button.
    await tabTo(page, page.getByRole('button', { name: 'Add effect' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search effects' }));
    await page.keyboard.type('kinetic shove');
    await tabTo(page, page.getByRole('button', { name: 'Add Kinetic Shove' }));
    await page.keyboard.press('Enter');
    const potency = group(page, 'Kinetic Shove').getByRole('spinbutton', {
      name: 'Kinetic Shove potency',
    });
    await expect(potency).toBeFocused();
    await page.keyboard.press('End');
    await expect(potency).toHaveValue('4');
    await page.keyboard.press('ArrowDown');
    await expect(potency).toHaveValue('3');

    // A side effect with Space.
    await tabTo(page, page.getByRole('checkbox', { name: /Tremors/ }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: /Tremors/ })).toBeChecked();

    const result = await expectSummaryMatchesRules(page);
    expect(result.valid).toBe(true);
    // 1 (reaction) + 2 + 2·1 (Kinetic Shove at 3) − 1 = 4
    expect(result.derived.cost).toBe(4);
  });

  test('a rule break is shown beside its field and in the list, and fixed from the list', async ({ page, at }) => {
    await openNewCore(page, at);
    // With no effect yet the core says so, beside Effects and in the list.
    await expect(page.locator('#field-effects-issues')).toContainText('A core needs at least one effect');
    await summary(page)
      .getByRole('button', { name: /A core needs at least one effect/ })
      .click();
    await expect(page.getByRole('button', { name: 'Add effect' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('searchbox', { name: 'Search effects' }).fill('shrapnel');
    await page.getByRole('button', { name: 'Add Shrapnel Storm' }).click();
    await expect(summary(page).locator('[data-validity]')).toHaveAttribute('data-validity', 'valid');

    // Potency 3 costs 7 in a tier-1 core (budget 5): over budget, said at Tier.
    const potency = group(page, 'Shrapnel Storm').getByRole('spinbutton', {
      name: 'Shrapnel Storm potency',
    });
    await potency.press('ArrowUp');
    await potency.press('ArrowUp');
    await expect(potency).toHaveValue('3');
    const message = 'Costs 7 points of a budget of 5';
    await expect(group(page, 'Tier')).toContainText(message);
    await expect(summary(page).locator('[data-validity]')).toHaveAttribute('data-validity', 'invalid');
    await expectSummaryMatchesRules(page);

    // Choose the issue in the list: focus lands on Tier; the keyboard fixes it there.
    await summary(page)
      .getByRole('button', { name: new RegExp(message) })
      .click();
    await expect(page.locator('#field-tier')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(group(page, 'Tier').getByRole('radio', { name: /^1\b/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(group(page, 'Tier').getByRole('radio', { name: /^2\b/ })).toBeChecked();
    await expect(group(page, 'Tier')).not.toContainText(message);
    await expect(summary(page).locator('[data-validity]')).toHaveAttribute('data-validity', 'valid');

    // Refund limit (half of 7: 3): a side effect past it says why beforehand, and can still be ticked (warn, never block).
    await page.getByRole('checkbox', { name: /Feedback Burn/ }).check(); // refund 2 of 3
    await expect(page.locator('.core-side', { hasText: 'Blackout' })).toContainText('Past the refund limit: needs effects costing 10 points or more');
    const blackout = page.getByRole('checkbox', { name: /Blackout/ }); // 2 + 3 > 3
    await blackout.check();
    await expect(page.locator('#field-sideEffects-issues')).toContainText('Side effects refund 5 points but may refund at most 3');
    await blackout.uncheck();
    // The limit falls under what is ticked: evaluate's message at Side effects, fixed from the list.
    await potency.press('Home'); // Shrapnel Storm at 1 costs 3: limit 1
    const refund = 'Side effects refund 2 points but may refund at most 1';
    await expect(page.locator('#field-sideEffects-issues')).toContainText(refund);
    await expectSummaryMatchesRules(page);
    await summary(page)
      .getByRole('button', { name: new RegExp(refund) })
      .click();
    await expect(page.locator('#field-sideEffects')).toBeFocused();
    await tabTo(page, page.getByRole('checkbox', { name: /Feedback Burn/ }));
    await page.keyboard.press('Space');
    await expect(page.locator('#field-sideEffects-issues')).toHaveCount(0);
    await expect(summary(page).locator('[data-validity]')).toHaveAttribute('data-validity', 'valid');
  });

  test('the edit-item dialog changes an effect’s potency; Escape cancels, Enter confirms', async ({ page, at }) => {
    await openNewCore(page, at);
    await page.getByRole('button', { name: 'Add effect' }).click();
    await page.getByRole('button', { name: 'Add Telekinetic Lift' }).click();
    await page.getByRole('button', { name: 'Edit Telekinetic Lift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Telekinetic Lift' });
    await expect(dialog).toBeVisible();
    const dialogPotency = dialog.getByRole('spinbutton', { name: 'Potency' });
    await dialogPotency.focus();
    await page.keyboard.press('ArrowUp');
    await expect(dialog).toContainText('up to 6 metres');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(
      group(page, 'Telekinetic Lift').getByRole('spinbutton', {
        name: 'Telekinetic Lift potency',
      }),
    ).toHaveValue('1');

    await page.getByRole('button', { name: 'Edit Telekinetic Lift' }).click();
    await dialogPotency.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      group(page, 'Telekinetic Lift').getByRole('spinbutton', {
        name: 'Telekinetic Lift potency',
      }),
    ).toHaveValue('3');
    await expect(group(page, 'Telekinetic Lift').locator('[data-effect-text]')).toContainText('up to 9 metres');
  });

  test('axe finds nothing serious on the editor and the edit-item dialog; screenshots at 1280 and 375', async ({ page, at }) => {
    await openNewCore(page, at);
    await group(page, 'Discipline').getByRole('radio', { name: /^Void/ }).check();
    await page.getByRole('button', { name: 'Add effect' }).click();
    await page.getByRole('button', { name: 'Add Mind Read' }).click();
    await expect(group(page, 'Mind Read')).toContainText('+1 point off-discipline: a neural effect in a void core.');
    const serious = (r: { violations: { impact?: string | null; id: string; nodes: { target: unknown }[] }[] }) =>
      r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
    await shoot(page, 'core-1280.png', { fullPage: true });
    await shoot(page, 'core-1280-top.png');
    expect(serious(await new AxeBuilder({ page }).include('.editor-root').analyze())).toEqual([]);

    await page.getByRole('button', { name: 'Edit Mind Read' }).click();
    await expect(page.getByRole('dialog', { name: 'Mind Read' })).toBeVisible();
    expect(serious(await new AxeBuilder({ page }).include('dialog[open]').analyze())).toEqual([]);
    await shoot(page, 'core-dialog.png');
    await page.keyboard.press('Escape');

    // Print: the card alone, black on white, with the rules text of the whole core.
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.kit-print-card [data-core-card]');
    await expect(printed).toBeVisible();
    await expect(printed).toContainText('Mind Read (potency 1).');
    await expect(page.getByRole('button', { name: 'Add effect' })).toBeHidden();
    await shoot(page, 'core-print.png', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'core-375.png', { fullPage: true });
    expect(serious(await new AxeBuilder({ page }).include('.editor-root').analyze())).toEqual([]);
  });
});
