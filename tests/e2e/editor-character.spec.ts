/**
 * The character editor in the built site (issue 13): a rank-1 character by
 * keyboard alone, rank-ups spent, features taken and refused, armour worn,
 * a core over the Sync limit, and every summary value checked against the
 * rules command on the exported file (a differential check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, shoot } from './fixtures';
import { tabTo } from './keyboard';
import { evaluateFile } from './rules';
import { scratchDir } from '../../src/content/testing';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

const SUMMARY_KEYS = ['rank', 'health', 'guard', 'protection', 'strainCapacity', 'initiative', 'bulkLimit', 'featureSlots', 'skillPointsLeft', 'attributePointsLeft'] as const;
// Outside test-results (Playwright empties it on every run), so the pictures can be looked at later.

async function newCharacter(page: Page, at: (p: string) => string) {
  await page.goto(at('/nucleus/CharacterEditor'));
  await page.getByRole('button', { name: 'New character' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await expect(page.locator('[data-save-state]')).toBeVisible();
}

const summary = (page: Page, key: string) => page.locator(`[data-summary] dl [data-summary-key="${key}"]`);
const stepper = (page: Page, name: string) => page.getByRole('spinbutton', { name, exact: true });
const waitSaved = (page: Page) => expect(page.locator('[data-save-state]')).toHaveText('Saved on this device');

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Sets a stepper by mouse-free typing (select all, type, leave). */
async function setStepper(page: Page, name: string, value: number) {
  const s = stepper(page, name);
  await s.fill(String(value));
  await s.blur();
  await expect(s).toHaveValue(String(value));
}

/** Exports the open document and returns its file path and the rules command's evaluation of it. */
async function exportAndEvaluate(page: Page) {
  const menu = page.getByRole('button', { name: 'Document' });
  await menu.click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const dir = scratchDir('nucleus-character-');
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { file, result: evaluateFile(file) };
}

/** The summary shows exactly what `rules evaluate` derives from the exported file. */
async function expectSummaryMatchesRules(page: Page) {
  // Let the autosave and the summary settle on the last change.
  await expect(page.locator('[data-save-state]')).not.toHaveAttribute('data-save-state', 'saving');
  const { result } = await exportAndEvaluate(page);
  for (const key of SUMMARY_KEYS) {
    const want = key === 'featureSlots' ? `${result.derived.featureSlotsUsed} / ${result.derived.featureSlots}` : String(result.derived[key]);
    await expect(summary(page, key), key).toHaveText(want);
  }
  await expect(page.locator('[data-summary] [data-validity]')).toHaveAttribute('data-validity', result.valid ? 'valid' : 'invalid');
  return result;
}

test.describe('character editor', () => {
  // Many steps each; the machine is shared, so allow time (this is not a timing test).
  test.describe.configure({ timeout: 300_000 });
  test('a rank-1 character by keyboard alone, spending exactly the creation points', async ({ page, at }) => {
    await newCharacter(page, at);
    // A new character breaks no rule, but it is not finished: the summary says what is left.
    const validity = page.locator('[data-summary] [data-validity]');
    await expect(validity).toHaveText('Breaks no rule; still to do: spend 8 attribute points, spend 10 skill points, choose 3 features');
    const name = page.getByRole('textbox', { name: 'Name' });
    await tabTo(page, name);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Vex Marrow');
    await page.keyboard.press('Tab');
    await tabTo(page, page.getByRole('textbox', { name: 'Concept' }));
    await page.keyboard.type('Dockside gunhand');

    // 8 attribute points: Frame 3, Reflex 4, Logic 2, Nerve 1, Sync 3.
    // Reflex gets one step too many: the keys go past the creation cap (4), the rule says so in place, one step back.
    for (const [attr, steps] of [['Frame', 2], ['Reflex', 4], ['Logic', 1], ['Sync', 2]] as const) {
      await tabTo(page, stepper(page, attr));
      await press(page, 'ArrowUp', steps);
      if (attr === 'Reflex') {
        await expect(stepper(page, 'Reflex')).toHaveValue('5');
        await expect(page.locator('[data-field-path="attributes.reflex"]')).toContainText('Reflex must be between 1 and 4 (it is 5).');
        await page.keyboard.press('ArrowDown');
      }
    }
    await expect(stepper(page, 'Reflex')).toHaveValue('4');
    // 10 skill points: Athletics 2, Firearms 3, Stealth 2, Hacking 3.
    for (const [skill, steps] of [['Athletics', 2], ['Firearms', 3], ['Stealth', 2], ['Hacking', 3]] as const) {
      await tabTo(page, stepper(page, skill));
      await press(page, 'ArrowUp', steps);
    }
    await expect(stepper(page, 'Firearms')).toHaveValue('3');
    await expect(page.locator('[data-pool="firearms"]')).toHaveText('7');
    await expect(summary(page, 'attributePointsLeft')).toHaveText('0');
    await expect(summary(page, 'skillPointsLeft')).toHaveText('0');

    // Three tier-1 features fill the three slots of rank 1.
    for (const f of ['Quick Draw', 'Steady Aim', 'Trick Shot']) {
      await tabTo(page, page.getByRole('button', { name: new RegExp(`^${f}, tier 1`) }));
      await page.keyboard.press('Enter');
    }
    await expect(summary(page, 'featureSlots')).toHaveText('3 / 3');
    await expect(validity).toHaveAttribute('data-validity', 'valid');
    await expect(validity).toHaveText('Valid: follows every rule');
    const r = await expectSummaryMatchesRules(page);
    expect(r.derived).toMatchObject({ attributePointsLeft: 0, skillPointsLeft: 0, rank: 1 });

    // Reload: the work is intact.
    await page.reload();
    await expect(stepper(page, 'Reflex')).toHaveValue('4');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Vex Marrow');
    await expect(summary(page, 'featureSlots')).toHaveText('3 / 3');
  });

  test('rank 4: the log says what each rank-up gave; spending it marks it spent; tier 2 opens, prerequisites hold', async ({ page, at }) => {
    await newCharacter(page, at);
    for (const [s, v] of [['Frame', 3], ['Reflex', 4], ['Logic', 2], ['Sync', 3]] as const) await setStepper(page, s, v);
    for (const [s, v] of [['Athletics', 2], ['Firearms', 3], ['Stealth', 2], ['Hacking', 3]] as const) await setStepper(page, s, v);
    for (const f of ['Quick Draw', 'Trick Shot', 'Iron Fists']) {
      if (f === 'Iron Fists') await page.getByRole('button', { name: 'Brawler', exact: false }).click();
      await page.getByRole('button', { name: new RegExp(`^${f}, tier 1`) }).click();
    }
    await page.getByRole('button', { name: /^Gunslinger/ }).click();

    // A tier-2 feature is refused at rank 1, with the reason in place.
    const doubleTap = page.getByRole('button', { name: /^Double Tap, tier 2/ });
    await doubleTap.click();
    await expect(page.locator('.ch-tree-msg')).toHaveText('Double Tap is a tier 2 feature: it needs rank 4 (this character is rank 1).');
    await expect(doubleTap).toHaveAttribute('data-state', 'locked');

    await setStepper(page, 'XP', 60);
    await expect(summary(page, 'rank')).toHaveText('4');
    const log = page.getByRole('list', { name: 'Advancement log' });
    await expect(log.locator('[data-log-rank]')).toHaveCount(3);
    await expect(log.locator('[data-log-rank="4"]')).toContainText('+2 skill points, +1 attribute point, +1 feature slot, tier 2 features open, skill cap 4');
    await expect(log.locator('[data-spent="false"]')).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: 'To spend:' })).toContainText('6 skill points to spend, 1 attribute point to spend, 3 feature slots free');

    // Spend it: +1 Nerve, 6 skill points (Firearms to the new cap 4), three features.
    await setStepper(page, 'Nerve', 2);
    await setStepper(page, 'Firearms', 4);
    for (const [s, v] of [['Medicine', 2], ['Interface', 3]] as const) await setStepper(page, s, v);
    await doubleTap.click();
    await expect(doubleTap).toHaveAttribute('data-state', 'maxed');
    // Deadeye needs Steady Aim, which this character lacks: refused, message in place.
    const deadeye = page.getByRole('button', { name: /^Deadeye, tier 2/ });
    await deadeye.click();
    await expect(page.locator('.ch-tree-msg')).toHaveText('Deadeye needs Steady Aim first.');
    await expect(deadeye).toHaveAttribute('data-state', 'locked');
    await expect(page.locator('[data-taken="deadeye"]')).toHaveCount(0);
    await page.getByRole('button', { name: /^Steady Aim, tier 1/ }).click();
    await page.getByRole('button', { name: /^Brawler/ }).click();
    await page.getByRole('button', { name: /^Hard as Nails, tier 1/ }).click();

    await expect(log.locator('[data-spent="true"]')).toHaveCount(3);
    await expect(summary(page, 'skillPointsLeft')).toHaveText('0');
    await expect(summary(page, 'attributePointsLeft')).toHaveText('0');
    await expect(summary(page, 'featureSlots')).toHaveText('6 / 6');
    const r = await expectSummaryMatchesRules(page);
    expect(r.valid).toBe(true);
  });

  test('armour changes Guard and Protection; a core over Sync says so; both agree with the rules command', async ({ page, at }) => {
    // The player's own core, imported in the core editor.
    const dir = scratchDir('nucleus-core-');
    const coreFile = join(dir, 'overclock.core.json');
    const now = '2026-11-23T10:00:00.000Z';
    writeFileSync(coreFile, JSON.stringify({ kind: 'core', id: 'e2e-overclock', schemaVersion: 1, name: 'Overclock', createdAt: now, updatedAt: now, tier: 3, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: readFirstEffect(), potency: 1 }], sideEffects: [] }));
    await page.goto(at('/nucleus/CoreEditor'));
    await page.locator('input[type=file][data-import]').setInputFiles(coreFile);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Overclock');

    await newCharacter(page, at);
    await setStepper(page, 'Reflex', 3);
    await setStepper(page, 'Sync', 2);
    const guard0 = Number(await summary(page, 'guard').textContent());
    await expect(summary(page, 'protection')).toHaveText('0');

    await page.getByRole('button', { name: 'Add gear…' }).click();
    const picker = page.getByRole('dialog', { name: 'Add gear' });
    await picker.getByRole('button', { name: 'Armour', exact: true }).click();
    const mesh = picker.locator('[data-pick="duellist-mesh"]');
    // The preview says what wearing it would change before it is added.
    await expect(mesh.getByRole('list', { name: 'Would change' })).toContainText(`Guard ${guard0} → ${guard0 + 2}`);
    await expect(mesh.getByRole('list', { name: 'Would change' })).toContainText('Protection 0 → 2');
    await mesh.getByRole('button', { name: /Add and wear/ }).click();
    await expect(picker).toBeHidden();
    await expect(summary(page, 'guard')).toHaveText(String(guard0 + 2));
    await expect(summary(page, 'protection')).toHaveText('2');
    await expectSummaryMatchesRules(page);

    // Taking it off brings both back.
    await page.getByRole('radio', { name: 'None' }).check();
    await expect(summary(page, 'guard')).toHaveText(String(guard0));
    await page.getByRole('radio', { name: 'Duellist Mesh' }).check();

    // A tier-3 core with Sync 2: the picker warns, the editor shows the message at the cores.
    await page.getByRole('button', { name: 'Install a core…' }).click();
    const cores = page.getByRole('dialog', { name: 'Install a core' });
    const row = cores.locator('[data-pick="e2e-overclock"]');
    await expect(row.getByRole('list', { name: 'Would break' })).toContainText('more than Sync 2');
    await row.getByRole('button', { name: 'Add Overclock' }).click();
    const coresBlock = page.locator('[data-field-path="cores"]');
    await expect(page.locator('#field-cores-issues')).toContainText("Installed cores' tiers add up to 3, more than Sync 2: remove a core or raise Sync.");
    await expect(coresBlock.locator('[data-core-tiers]')).toHaveText('3');
    await expect(page.locator('[data-summary] [data-validity]')).toHaveAttribute('data-validity', 'invalid');
    await expectSummaryMatchesRules(page);
    // Raising Sync clears it.
    await setStepper(page, 'Sync', 3);
    await expect(page.locator('#field-cores-issues')).toHaveCount(0);
    await expect(page.locator('[data-summary] [data-validity]')).toHaveAttribute('data-validity', 'valid');
  });

  test('the same character in two tabs: a change saved in one shows in the other', async ({ page, context, at }) => {
    await newCharacter(page, at);
    await page.getByRole('textbox', { name: 'Name' }).fill('Twin Tabs');
    await waitSaved(page);
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByRole('textbox', { name: 'Name' })).toHaveValue('Twin Tabs');
    await expect(stepper(other, 'Frame')).toHaveValue('1');
    // Keys in the first tab; the second follows without a reload, summary included.
    await stepper(page, 'Frame').focus();
    await press(page, 'ArrowUp', 2);
    await waitSaved(page);
    await expect(stepper(other, 'Frame')).toHaveValue('3');
    await expect(summary(other, 'health')).toHaveText(await summary(page, 'health').innerText());
    await expect(other.locator('[data-save-state]')).toHaveText('Saved on this device');
    // And back the other way.
    await setStepper(other, 'Nerve', 2);
    await waitSaved(other);
    await expect(stepper(page, 'Nerve')).toHaveValue('2');
    await other.close();
  });

  test('a copy of my own blueprint and core: the original changes in its editor, the character offers the update, one undo step', async ({ page, context, at }) => {
    const now = '2026-11-23T10:00:00.000Z';
    const dir = scratchDir('nucleus-origin-');
    const blueprintFile = join(dir, 'hand-cannon.blueprint.json');
    writeFileSync(blueprintFile, JSON.stringify({ kind: 'blueprint', id: 'e2e-hand-cannon', schemaVersion: 1, name: 'Hand Cannon', createdAt: now, updatedAt: now, tags: [], type: 'weapon', rank: 1, properties: { damage: 3, range: 'close', rate: 1, bulk: 1 }, features: [] }));
    const coreFile = join(dir, 'spark.core.json');
    writeFileSync(coreFile, JSON.stringify({ kind: 'core', id: 'e2e-spark', schemaVersion: 1, name: 'Spark', createdAt: now, updatedAt: now, tags: [], tier: 1, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: readFirstEffect(), potency: 1 }], sideEffects: [] }));

    // The originals, each in its own editor in a second tab.
    const workshop = await context.newPage();
    await workshop.goto(at('/nucleus/BlueprintEditor'));
    await workshop.locator('input[type=file][data-import]').setInputFiles(blueprintFile);
    await expect(workshop.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Hand Cannon');
    const blueprintUrl = workshop.url();
    await workshop.goto(at('/nucleus/CoreEditor'));
    await workshop.locator('input[type=file][data-import]').setInputFiles(coreFile);
    await expect(workshop.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Spark');
    const coreUrl = workshop.url();

    // The character carries copies of both.
    await newCharacter(page, at);
    await setStepper(page, 'Sync', 2);
    await page.getByRole('button', { name: 'Add gear…' }).click();
    const picker = page.getByRole('dialog', { name: 'Add gear' });
    await picker.getByRole('button', { name: 'My blueprints' }).click();
    await picker.locator('[data-pick="e2e-hand-cannon"]').getByRole('button', { name: 'Add Hand Cannon' }).click();
    await expect(picker).toBeHidden();
    await page.getByRole('button', { name: 'Install a core…' }).click();
    await page.getByRole('dialog', { name: 'Install a core' }).locator('[data-pick="e2e-spark"]').getByRole('button', { name: 'Add Spark' }).click();
    const gun = page.locator('[data-gear="Hand Cannon"]');
    const spark = page.locator('[data-core="Spark"]');
    await expect(gun).toContainText('damage 3');
    await expect(gun).toContainText('your blueprint');
    await expect(page.locator('.ch-stale')).toHaveCount(0);
    await waitSaved(page);

    // The player improves the blueprint in its editor; the open character notices without a reload.
    await workshop.goto(blueprintUrl);
    const damage = workshop.getByRole('spinbutton', { name: 'Damage' });
    await damage.focus();
    await press(workshop, 'ArrowUp', 2);
    await expect(damage).toHaveValue('5');
    await waitSaved(workshop);
    const note = gun.getByRole('note');
    await expect(note).toContainText('The original has changed since this copy');
    await expect(gun).toContainText('damage 3');
    await expect(spark.getByRole('note')).toHaveCount(0);

    // Updating is one step: the copy takes the new damage, Ctrl+Z takes it back, Ctrl+Shift+Z again.
    await note.getByRole('button', { name: 'Update the copy' }).click();
    await expect(gun).toContainText('damage 5');
    await expect(gun.getByRole('note')).toHaveCount(0);
    await expect(gun).toContainText('your blueprint');
    const exported = await exportAndEvaluate(page);
    const copy = (JSON.parse(readFileSync(exported.file, 'utf8')) as { gear: { id: string; originId: string; originRevision: number; properties: { damage: number } }[] }).gear[0]!;
    expect(copy).toMatchObject({ originId: 'e2e-hand-cannon', properties: { damage: 5 } });
    expect(copy.id).not.toBe('e2e-hand-cannon');
    await page.keyboard.press('Control+z');
    await expect(gun).toContainText('damage 3');
    await expect(gun.getByRole('note')).toContainText('The original has changed since this copy');
    await expect(spark).toBeVisible();
    await page.keyboard.press('Control+Shift+z');
    await expect(gun).toContainText('damage 5');

    // The same for a core: renamed and made passive in its editor.
    await workshop.goto(coreUrl);
    await workshop.getByRole('textbox', { name: 'Name', exact: true }).fill('Spark II');
    await waitSaved(workshop);
    await expect(spark.getByRole('note')).toContainText('(now “Spark II”)');
    await spark.getByRole('button', { name: 'Update the copy' }).click();
    await expect(page.locator('[data-core="Spark II"]')).toBeVisible();
    await expect(page.locator('.ch-stale')).toHaveCount(0);
    await page.keyboard.press('Control+z');
    await expect(page.locator('[data-core="Spark"]')).toBeVisible();
    await expect(page.locator('[data-core="Spark"]').getByRole('note')).toBeVisible();
    await expect(gun).toContainText('damage 5');
    await workshop.close();
  });

  test('on a phone (375 px), by keyboard: a complete rank-4 character and the printed sheet a table can play from', async ({ page, at }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(at('/nucleus/CharacterEditor'));
    const start = page.getByRole('button', { name: 'New character' });
    await tabTo(page, start);
    await page.keyboard.press('Enter');
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Rook Adeyemi');
    await tabTo(page, page.getByRole('textbox', { name: 'Concept' }));
    await page.keyboard.type('Salvage-crew gunhand');
    await tabTo(page, stepper(page, 'XP'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('60');
    await page.keyboard.press('Tab');
    await expect(summary(page, 'rank')).toHaveText('4');

    // Rank 4: 9 attribute points (8 + 1), 16 skill points (10 + 3 × 2), cap 4; six feature slots.
    for (const [attr, steps] of [['Frame', 2], ['Reflex', 3], ['Logic', 1], ['Nerve', 1], ['Sync', 2]] as const) {
      await tabTo(page, stepper(page, attr), 200);
      await press(page, 'ArrowUp', steps);
    }
    for (const [skill, steps] of [['Athletics', 2], ['Firearms', 4], ['Stealth', 2], ['Medicine', 2], ['Hacking', 3], ['Interface', 3]] as const) {
      await tabTo(page, stepper(page, skill), 200);
      await press(page, 'ArrowUp', steps);
    }
    await expect(summary(page, 'attributePointsLeft')).toHaveText('0');
    await expect(summary(page, 'skillPointsLeft')).toHaveText('0');
    for (const f of ['Quick Draw', 'Steady Aim', 'Trick Shot', 'Double Tap', 'Deadeye']) {
      await tabTo(page, page.getByRole('button', { name: new RegExp(`^${f}, tier`) }), 200);
      await page.keyboard.press('Enter');
    }
    await tabTo(page, page.getByRole('button', { name: /^Brawler/ }), 200);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: /^Hard as Nails, tier 1/ }), 200);
    await page.keyboard.press('Enter');
    await expect(summary(page, 'featureSlots')).toHaveText('6 / 6');

    // Armour worn and a sidearm, chosen in the picker by search and keyboard.
    for (const [query, button] of [['duellist', 'Add and wear: Duellist Mesh'], ['pocket six', 'Add Pocket Six']] as const) {
      await tabTo(page, page.getByRole('button', { name: 'Add gear…' }), 200);
      await page.keyboard.press('Enter');
      const picker = page.getByRole('dialog', { name: 'Add gear' });
      await expect(picker.getByRole('searchbox', { name: 'Search gear' })).toBeFocused();
      await page.keyboard.type(query);
      await tabTo(page, picker.getByRole('button', { name: button }), 40);
      await page.keyboard.press('Enter');
      await expect(picker).toBeHidden();
    }
    await expect(page.locator('[data-gear="Duellist Mesh"]')).toContainText('worn');
    await expect(page.locator('[data-summary] [data-validity]')).toHaveAttribute('data-validity', 'valid');
    await expect(page.getByRole('list', { name: 'Advancement log' }).locator('[data-spent="true"]')).toHaveCount(3);
    const r = await expectSummaryMatchesRules(page);
    expect(r.derived).toMatchObject({ rank: 4, skillPointsLeft: 0, attributePointsLeft: 0 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'phone-rank4-editor-375.png', { fullPage: true });

    // The printed sheet: who, the numbers, every skill's pool, the features' text, gear, odds.
    await page.emulateMedia({ media: 'print' });
    // (The print card is aria-hidden on screen, so it is found by its class, not its role.)
    const sheet = page.locator('.kit-print-card .ch-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.locator('h1')).toHaveText('Rook Adeyemi');
    await expect(sheet).toContainText('Rank 4');
    for (const key of ['Health', 'Guard', 'Protection', 'Initiative']) await expect(sheet).toContainText(key);
    await expect(sheet.locator('table.ch-sheet-table tbody tr')).toHaveCount(12);
    await expect(sheet.locator('.ch-sheet-features dt')).toHaveCount(6);
    await expect(sheet).toContainText('Duellist Mesh (worn)');
    await expect(sheet.locator('.ch-dice-table tbody tr')).toHaveCount(12);
    await expect(page.locator('.kit-editor-grid')).toBeHidden();
    const box = (await sheet.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await shoot(page, 'phone-rank4-print-375.png', { fullPage: true });
  });

  test('axe clean; screenshots of the editor and the printed sheet at 1280 and 375 px', async ({ page, at }) => {
    await newCharacter(page, at);
    await page.getByRole('textbox', { name: 'Name' }).fill('Sable Ito');
    await page.getByRole('textbox', { name: 'Concept' }).fill('Netrunner for hire');
    for (const [s, v] of [['Frame', 2], ['Reflex', 3], ['Logic', 3], ['Sync', 4]] as const) await setStepper(page, s, v);
    for (const [s, v] of [['Hacking', 3], ['Interface', 3], ['Investigation', 2], ['Stealth', 2]] as const) await setStepper(page, s, v);
    await page.getByRole('button', { name: /^Netrunner/ }).click();
    await page.getByRole('button', { name: /^Jack In, tier 1/ }).click();
    await page.getByRole('button', { name: /^Ice Breaker, tier 1/ }).click();
    await page.getByRole('button', { name: /^Ice Breaker, tier 1/ }).click();
    await page.getByRole('button', { name: /^Daemon Swarm, tier 2/ }).click();
    await expect(page.locator('.ch-tree-msg')).toContainText('needs rank 4');

    const axe = await new AxeBuilder({ page }).include('.kit-editor').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

    await page.getByRole('button', { name: 'Add gear…' }).click();
    const axeDialog = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    expect(axeDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await shoot(page, 'picker-1280.png');
    await page.keyboard.press('Escape');

    await shoot(page, 'editor-1280.png', { fullPage: true });
    await page.emulateMedia({ media: 'print' });
    await shoot(page, 'print-1280.png', { fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 375, height: 800 });
    // The dice table fits the phone without scrolling sideways.
    const table = page.locator('#dice .ch-dice-table');
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const nodes = page.locator('.ch-tree-canvas');
    expect((await nodes.boundingBox())!.width).toBeLessThanOrEqual(375);
    await shoot(page, 'editor-375.png', { fullPage: true });
    for (const part of ['hero', 'features', 'gear', 'dice']) await shoot(page.locator(`#${part}`), `part-${part}-375.png`);
    await page.emulateMedia({ media: 'print' });
    await shoot(page, 'print-375.png', { fullPage: true });
  });

  test('a smart pistol: Smartlink adds its die once a Neural Jack is carried, Smart Rounds lower the Guard; on screen and on the printed sheet', async ({ page, at }) => {
    await newCharacter(page, at);
    await page.getByRole('textbox', { name: 'Name' }).fill('Juno Vale');
    await setStepper(page, 'Reflex', 3);
    const addGear = async (query: string, item: string) => {
      await page.getByRole('button', { name: 'Add gear…' }).click();
      const picker = page.getByRole('dialog', { name: 'Add gear' });
      await picker.getByRole('searchbox', { name: 'Search gear' }).fill(query);
      await picker.getByRole('button', { name: `Add ${item}` }).click();
      await expect(picker).toBeHidden();
    };
    await addGear('oracle smart', 'Oracle Smart Pistol');
    const line = page.locator('#table [data-attack]').first();
    // Reflex 3 + Firearms 0, no jack: the Smartlink stays locked.
    await expect(line.locator('[data-pool]')).toHaveAttribute('data-pool', '3');
    await expect(line.locator('[data-attack-features]')).toContainText('Smartlink locked: no Neural Jack');
    await addGear('datajack', 'Datajack');
    await expect(line.locator('[data-pool]')).toHaveAttribute('data-pool', '4');
    await expect(line.locator('[data-attack-features]')).toContainText('Smartlink +1 die');
    await expect(line.locator('[data-attack-features]')).toContainText('Smart Rounds: Guard −1');
    // Guard 2 counts as 1: four dice miss all with (2/3)^4, so the chance is 65/81.
    const g2 = Number(await line.locator('td[data-guard="2"][data-mode="plain"]').getAttribute('data-chance'));
    expect(g2).toBeCloseTo(65 / 81, 9);
    await waitSaved(page);
    await shoot(page.locator('#table'), 'table-1280.png');
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page.locator('#table'), 'table-390.png');

    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.kit-print-card .ch-sheet [data-attack]').first();
    await expect(printed.locator('[data-pool]')).toHaveAttribute('data-pool', '4');
    await expect(printed).toContainText('Smartlink +1 die');
  });
});

/** The first core effect's id, read from the catalogue the site is built from. */
function readFirstEffect(): string {
  const m = /^- id: ([a-z0-9-]+)/m.exec(readFileSync('content/data/core-effects.yml', 'utf8'));
  return m![1]!;
}
