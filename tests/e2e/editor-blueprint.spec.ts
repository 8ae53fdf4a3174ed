/**
 * The blueprint editor on the built site, in real Chromium with real
 * IndexedDB and the real content database. Every derived value a test
 * checks is compared with the rules command's own evaluation of the
 * exported file (a differential check), never with a number written here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect, shoot } from './fixtures';
import { evaluateFile } from './rules';
import { scratchDir } from '../../src/content/testing';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

// The machine running the suite is shared: give the real IndexedDB, sql.js and the CLI time.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const EDITOR = '/nucleus/BlueprintEditor';
const summaryValue = (page: Page, term: string) => page.locator(`[data-summary] [data-term="${term}"] dd`).first();
const field = (page: Page, path: string) => page.locator(`[data-field-path="${path}"]`);
/** Clicks an option chip (its native radio or checkbox) by the start of its name. */
const chip = (scope: Page | Locator, name: string) => scope.getByRole('radio', { name: new RegExp(`^${name}`) }).or(scope.getByRole('checkbox', { name: new RegExp(`^${name}`) })).click();
const digits = (s: string) => Number(s.replace(/[^0-9]/g, ''));

async function newBlueprint(page: Page, at: (p: string) => string) {
  await page.goto(at(EDITOR));
  await page.getByRole('button', { name: 'New blueprint' }).click();
  await expect(page).toHaveURL(/\?id=/);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('New blueprint');
  // The new blueprint's Name takes focus; the steps after it move on from there.
  await expect(name).toBeFocused();
}

async function rename(page: Page, name: string) {
  const box = page.getByRole('textbox', { name: 'Name', exact: true });
  await box.fill(name);
  await box.press('Tab');
}

async function menu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Document' }).click();
  await page.getByRole('list', { name: 'Document actions' }).getByRole('button', { name: item }).click();
}

async function waitSaved(page: Page) {
  await expect(page.locator('[data-save-state]')).toHaveText('Saved on this device');
}

/** Exports the open blueprint and returns the file's document and the rules command's evaluation of it. */
async function exportAndEvaluate(page: Page) {
  const download = page.waitForEvent('download');
  await menu(page, 'Export');
  const file = join(scratchDir('nucleus-bp-'), (await download).suggestedFilename());
  await (await download).saveAs(file);
  return { doc: JSON.parse(readFileSync(file, 'utf8')), result: evaluateFile<{ valid: boolean; derived: { spent: number; capacity: number; price: number; availability: string } }>(file) };
}

/** The summary shows what the rules command computes for the exported file. */
async function expectSummaryMatchesCli(page: Page) {
  await waitSaved(page);
  const { doc, result } = await exportAndEvaluate(page);
  const spent = await summaryValue(page, 'Spent').textContent();
  expect(spent).toMatch(/^\d+ \/ \d+ pts$/);
  const [s, c] = spent!.split('/').map(digits);
  expect({ spent: s, capacity: c }).toEqual({ spent: result.derived.spent, capacity: result.derived.capacity });
  expect(digits((await summaryValue(page, 'Capacity').textContent())!)).toBe(result.derived.capacity);
  expect(digits((await summaryValue(page, 'Price').textContent())!)).toBe(result.derived.price);
  expect((await summaryValue(page, 'Availability').textContent())!.toLowerCase()).toBe(result.derived.availability);
  await expect(summaryValue(page, 'Validity')).toHaveAttribute('data-validity', result.valid ? 'valid' : 'invalid');
  return { doc, result };
}

async function stepUpByMouse(page: Page, path: string, times = 1) {
  const plus = field(page, path).locator('.kit-step').last();
  for (let i = 0; i < times; i++) await plus.click();
}

async function stepByKeyboard(page: Page, label: string, key: string, times = 1) {
  const box = page.getByRole('spinbutton', { name: label, exact: true });
  await box.focus();
  for (let i = 0; i < times; i++) await box.press(key);
}

type Plan = { type: string; mouse: (p: Page) => Promise<void>; keyboard: (p: Page) => Promise<void>; features: string[] };

/** One valid design per type, each with a feature, a property change and (some) a rank. */
const PLANS: Plan[] = [
  {
    type: 'Weapon',
    features: ['precision-scope'],
    mouse: async (page) => {
      await stepUpByMouse(page, 'properties.damage', 2);
      await chip(field(page, 'properties.range'), 'Medium');
      await page.getByRole('button', { name: 'Add Precision Scope' }).click();
      const dialog = page.getByRole('dialog', { name: 'Precision Scope' });
      await chip(dialog, 'Holo-Sight');
      await dialog.getByRole('button', { name: 'Done' }).click();
    },
    keyboard: async (page) => {
      await stepByKeyboard(page, 'Damage', 'ArrowUp', 2);
      await page.getByRole('radio', { name: /^Close/ }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('button', { name: 'Add Precision Scope' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Precision Scope' });
      await expect(dialog.getByRole('radio', { name: /Holo-Sight/ })).toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
    },
  },
  {
    type: 'Armour',
    features: ['insulated-weave'],
    mouse: async (page) => {
      await stepUpByMouse(page, 'properties.protection');
      await page.getByRole('button', { name: 'Add Insulated Weave' }).click();
    },
    keyboard: async (page) => {
      await stepByKeyboard(page, 'Protection', 'ArrowUp');
      await page.getByRole('button', { name: 'Add Insulated Weave' }).focus();
      await page.keyboard.press('Enter');
    },
  },
  {
    type: 'Equipment',
    features: ['ruggedised'],
    mouse: async (page) => {
      await stepUpByMouse(page, 'properties.uses', 2);
      await page.getByRole('button', { name: 'Add Ruggedised' }).click();
    },
    keyboard: async (page) => {
      await stepByKeyboard(page, 'Uses', 'PageUp');
      await page.getByRole('button', { name: 'Add Ruggedised' }).focus();
      await page.keyboard.press('Enter');
    },
  },
  {
    type: 'Cyberware',
    features: ['neural-jack'],
    mouse: async (page) => {
      await chip(field(page, 'properties.slot'), 'Head');
      await stepUpByMouse(page, 'properties.strain');
      await stepUpByMouse(page, 'rank');
      await page.getByRole('button', { name: 'Add Neural Jack' }).click();
    },
    keyboard: async (page) => {
      await page.getByRole('radio', { name: 'Arm', exact: true }).focus();
      await page.keyboard.press('ArrowLeft');
      await stepByKeyboard(page, 'Strain', 'End');
      await stepByKeyboard(page, 'Rank', 'ArrowUp');
      await page.getByRole('button', { name: 'Add Neural Jack' }).focus();
      await page.keyboard.press('Enter');
    },
  },
  {
    type: 'Drone',
    features: ['autonomous-routine'],
    mouse: async (page) => {
      await stepUpByMouse(page, 'properties.speed');
      await page.getByRole('button', { name: 'Add Autonomous Routine' }).click();
      await stepUpByMouse(page, 'features.0.ranks');
    },
    keyboard: async (page) => {
      await stepByKeyboard(page, 'Speed', 'ArrowUp');
      await page.getByRole('button', { name: 'Add Autonomous Routine' }).focus();
      await page.keyboard.press('Enter');
      await stepByKeyboard(page, 'Autonomous Routine ranks', 'ArrowUp');
    },
  },
];

async function chooseType(page: Page, type: string, how: 'mouse' | 'keyboard') {
  const radio = page.getByRole('radio', { name: new RegExp(`^${type}`) });
  if (how === 'mouse') await page.locator('.bp-type-card', { hasText: type }).click();
  else {
    await page.getByRole('radio', { name: /^Weapon/ }).focus();
    const order = ['Weapon', 'Armour', 'Equipment', 'Cyberware', 'Drone'];
    for (let i = 0; i < order.indexOf(type); i++) await page.keyboard.press('ArrowRight');
  }
  await expect(radio).toBeChecked();
}

for (const how of ['mouse', 'keyboard'] as const) {
  test(`builds a valid blueprint of each type by ${how}; the summary agrees with the rules command on the export`, async ({ page, at }) => {
    test.setTimeout(400_000);
    for (const plan of PLANS) {
      await newBlueprint(page, at);
      await rename(page, `${plan.type} by ${how}`);
      await chooseType(page, plan.type, how);
      await plan[how](page);
      await expect(summaryValue(page, 'Validity')).toHaveAttribute('data-validity', 'valid');
      const { doc, result } = await expectSummaryMatchesCli(page);
      expect(result.valid).toBe(true);
      expect(doc.type).toBe(plan.type.toLowerCase());
      expect(doc.name).toBe(`${plan.type} by ${how}`);
      expect(doc.features.map((f: { id: string }) => f.id)).toEqual(plan.features);
      expect(result.derived.spent).toBeGreaterThan(0);
    }
  });
}

test('a broken rule shows beside its field and in the list; choosing it there leads to the fix', async ({ page, at }) => {
  await newBlueprint(page, at);
  // Damage 8 costs 6 of Mk I's 6 points; a scope's 1 more goes over capacity.
  await stepByKeyboard(page, 'Damage', 'End');
  await chip(field(page, 'properties.range'), 'Long');
  const issue = /Spent \d+ points of a capacity of \d+/;
  const beside = field(page, 'rank').locator('.kit-field-issues');
  await expect(beside).toContainText(issue);
  await expect(page.getByRole('spinbutton', { name: 'Rank' })).toHaveAttribute('aria-invalid', 'true');
  await expect(summaryValue(page, 'Validity')).toHaveAttribute('data-validity', 'invalid');
  const listed = page.getByRole('list', { name: 'Rule issues' }).getByRole('button', { name: issue });
  await expect(listed).toContainText('Rank:');
  // Rule issues warn, never block: it saves.
  await waitSaved(page);
  await listed.click();
  await expect(page.getByRole('spinbutton', { name: 'Rank' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(beside).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Rule issues' })).toHaveCount(0);
  await expect(summaryValue(page, 'Validity')).toHaveAttribute('data-validity', 'valid');

  // An option that would break a rule says why, and can still be added (warn, never block).
  const ap = page.locator('[data-entry="armour-piercing"]');
  await expect(ap).toContainText('Needs rate 2 or more');
  await expect(ap.getByRole('button', { name: 'Add anyway Armour-Piercing Rounds' })).toBeEnabled();

  // A typed value out of range: the message beside Damage; the list entry focuses it.
  const damage = page.getByRole('spinbutton', { name: 'Damage' });
  await damage.fill('12');
  await expect(field(page, 'properties.damage')).toContainText('Damage must be between 1 and 8 (it is 12).');
  await page.getByRole('list', { name: 'Rule issues' }).getByRole('button', { name: /Damage must be between/ }).click();
  await expect(damage).toBeFocused();
  await page.keyboard.press('End');
  await expect(field(page, 'properties.damage').locator('.kit-field-issues')).toHaveCount(0);
  await expectSummaryMatchesCli(page);
});

// The history's logic (how far, branches, coalescing) is src/editors/kit/history.test.ts and the
// shortcuts' mapping keyboard.test.ts [K7]; here four steps try each shortcut and button in Chromium.
test('undo and redo walk four steps back and forth (keys and buttons); typing is one step', async ({ page, at }) => {
  await newBlueprint(page, at);
  const value = (label: string) => page.getByRole('spinbutton', { name: label, exact: true });
  const snapshot = async () => Promise.all(['Damage', 'Rate', 'Bulk', 'Rank'].map((l) => value(l).inputValue()));
  const start = await snapshot();
  const states: string[][] = [];
  const steps: [string, string][] = [['Damage', 'ArrowUp'], ['Rate', 'ArrowUp'], ['Bulk', 'ArrowUp'], ['Rank', 'ArrowUp']];
  for (const [label, key] of steps) {
    const before = states.at(-1) ?? start;
    await stepByKeyboard(page, label, key);
    // Record the state only once the form shows the step (a snapshot taken
    // before React re-renders would record the previous values).
    await expect.poll(snapshot).not.toEqual(before);
    states.push(await snapshot());
  }
  for (let i = steps.length - 1; i >= 0; i--) {
    await expect.poll(snapshot).toEqual(states[i]);
    await page.keyboard.press(i % 2 ? 'Control+z' : 'Meta+z');
  }
  await expect.poll(snapshot).toEqual(start);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  for (let i = 0; i < steps.length; i++) {
    await page.keyboard.press(i % 2 ? 'Control+Shift+Z' : 'Control+y');
    await expect.poll(snapshot).toEqual(states[i]);
  }
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(snapshot).toEqual(states[2]);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(snapshot).toEqual(states[3]);

  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  // One burst of typing (keys a few ms apart, replacing the selected name) is one undo step.
  await name.selectText();
  await name.pressSequentially('Plasma rifle');
  await name.press('Control+z');
  await expect(name).toHaveValue('New blueprint');
  await name.press('Control+Shift+Z');
  await expect(name).toHaveValue('Plasma rifle');
});

test('reloading mid-edit finds the work intact, and the list shows it', async ({ page, at }) => {
  await newBlueprint(page, at);
  await rename(page, 'Reload test');
  await chooseType(page, 'Armour', 'mouse');
  await stepUpByMouse(page, 'properties.protection', 2);
  await page.getByRole('button', { name: 'Add Insulated Weave' }).click();
  await waitSaved(page);
  const spent = await summaryValue(page, 'Spent').textContent();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Reload test');
  await expect(page.getByRole('radio', { name: /^Armour/ })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Protection' })).toHaveValue('3');
  await expect(page.locator('[data-feature="insulated-weave"]')).toBeVisible();
  await expect(summaryValue(page, 'Spent')).toHaveText(spent!);
  await page.goto(at(EDITOR));
  await expect(page.getByRole('link', { name: 'Reload test' })).toBeVisible();
});

test('the same blueprint in two tabs: a change in one shows in the other', async ({ page, context, at }) => {
  await newBlueprint(page, at);
  await rename(page, 'Two tabs');
  await waitSaved(page);
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Two tabs');
  await stepByKeyboard(page, 'Damage', 'ArrowUp', 3);
  await waitSaved(page);
  await expect(other.getByRole('spinbutton', { name: 'Damage' })).toHaveValue('5');
  await expect(other.locator('[data-save-state]')).toHaveText('Saved on this device');
});

test('a share link opens read-only in a fresh browser, and "Save a copy" makes it editable', async ({ page, browser, at, baseURL }) => {
  await newBlueprint(page, at);
  await rename(page, 'Shared rifle');
  await stepByKeyboard(page, 'Damage', 'ArrowUp');
  await menu(page, 'Share link');
  const link = page.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveValue(/#share=/);
  // The link has the focus, ready to copy; one way to close the dialog (and Escape), and Copy link the one action.
  await expect(link).toBeFocused();
  const dialog = page.getByRole('dialog', { name: 'Share link' });
  await expect(dialog.getByRole('button')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const url = await link.inputValue();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const fresh = await browser.newContext({ baseURL });
  const guest = await fresh.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('region', { name: 'Shared document' })).toContainText('read-only');
  await expect(guest.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Shared rifle');
  await expect(guest.getByRole('spinbutton', { name: 'Damage' })).toHaveValue('3');
  await expect(guest.getByRole('spinbutton', { name: 'Damage' })).toHaveAttribute('readonly', '');
  await guest.getByRole('button', { name: 'Save a copy' }).click();
  await expect(guest).toHaveURL(/\?id=/);
  await expect(guest.getByRole('region', { name: 'Shared document' })).toHaveCount(0);
  await stepByKeyboard(guest, 'Damage', 'ArrowUp');
  await expect(guest.getByRole('spinbutton', { name: 'Damage' })).toHaveValue('4');
  await fresh.close();
});

test('export, share link and import load their code on first use, and each works by mouse', async ({ page, at }) => {
  // Script files the page asked for, by path: the route must not bring the transfer or share-link code before a click.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const loaded = (chunk: string) => scripts.some((p) => new RegExp(`/${chunk}\\.[\\w-]+\\.js$`).test(p));
  // The file format's code (src/storage/transfer.ts) shares a chunk with the library's actions; found by what it writes.
  const transferLoaded = async () => {
    // Quoted as the minifier writes it: Rolldown's uses backticks.
    for (const path of scripts) if (/["'`]nucleus-library["'`]/.test(await (await page.request.get(path)).text())) return true;
    return false;
  };
  await newBlueprint(page, at);
  await rename(page, 'Lazy rifle');
  await waitSaved(page);
  expect(await transferLoaded(), 'import/export code loaded before use').toBe(false);
  expect(loaded('share'), 'share-link code loaded before use').toBe(false);

  const download = page.waitForEvent('download');
  await menu(page, 'Export');
  const file = join(scratchDir('nucleus-bp-'), (await download).suggestedFilename());
  await (await download).saveAs(file);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ kind: 'blueprint', name: 'Lazy rifle' });
  expect(await transferLoaded()).toBe(true);

  await menu(page, 'Share link');
  await expect(page.getByRole('textbox', { name: 'Link' })).toHaveValue(/#share=/);
  expect(loaded('share')).toBe(true);
  // Closed by mouse, with its one close button.
  await page.getByRole('dialog', { name: 'Share link' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Share link' })).toBeHidden();

  // The same file back in: its id is taken, so it comes in as a copy and opens.
  const first = new URL(page.url()).searchParams.get('id');
  const chooser = page.waitForEvent('filechooser');
  await menu(page, 'Import…');
  await (await chooser).setFiles(file);
  await expect.poll(() => new URL(page.url()).searchParams.get('id')).not.toBe(first);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(/Lazy rifle/);
});

test('print preview shows a clean card without controls', async ({ page, at }) => {
  await newBlueprint(page, at);
  await rename(page, 'Printed carbine');
  await chip(field(page, 'properties.range'), 'Medium');
  await page.getByRole('button', { name: 'Add Precision Scope' }).click();
  await chip(page.getByRole('dialog', { name: 'Precision Scope' }), 'Thermal Optic');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.emulateMedia({ media: 'print' });
  const card = page.locator('.kit-print-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Printed carbine');
  await expect(card).toContainText('Precision Scope (Thermal Optic)');
  await expect(page.locator('.kit-editor-grid')).toBeHidden();
  expect(await card.evaluate((el) => getComputedStyle(el.querySelector('.kit-card')!).color)).toBe('rgb(0, 0, 0)');
  await shoot(page, 'print-preview.png', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});

async function axe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

// The whole page once; after that only the part that changed (the editor in
// place of the list, the dialog, the editor's narrow layout). The header and
// footer at 390 px are a11y.spec's, on /nucleus.
test('no serious accessibility problems on the list, the editor and the edit-item dialog', async ({ page, at }) => {
  await page.goto(at(EDITOR));
  await expect(page.getByRole('button', { name: 'New blueprint' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'New blueprint' }).click();
  await stepByKeyboard(page, 'Damage', 'End');
  await chip(field(page, 'properties.range'), 'Long');
  await expect(page.getByRole('list', { name: 'Rule issues' })).toBeVisible();
  expect(await axe(page, '.editor-root')).toEqual([]);
  await shoot(page, 'editor-1280.png', { fullPage: true });
  await page.getByRole('button', { name: 'Add Precision Scope' }).click();
  const dialog: Locator = page.getByRole('dialog', { name: 'Precision Scope' });
  await expect(dialog).toBeVisible();
  expect(await axe(page, 'dialog')).toEqual([]);
  // Escape cancels: no option was chosen, so the scope asks for one.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-feature="precision-scope"]')).toContainText('needs exactly 1 option');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: /Details/ }).click();
  await expect(page.getByRole('list', { name: 'Rule issues' })).toBeVisible();
  await shoot(page, 'editor-375.png');
  expect(await axe(page, '.editor-root')).toEqual([]);
});

test('"Open a copy in the editor" on the rules gear list starts a blueprint from that item', async ({ page, at }) => {
  await page.goto(at('/nucleus/BlueprintEditor?from=gear:argus-optics'));
  await expect(page).toHaveURL(/\?id=/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Argus Optics');
  await expect(page.getByRole('radio', { name: /^Cyberware/ })).toBeChecked();
  const { doc, result } = await expectSummaryMatchesCli(page);
  expect(doc.id).not.toBe('argus-optics');
  expect(result.valid).toBe(true);
});

test('"Start from standard gear" on the list copies a published item', async ({ page, at }) => {
  await page.goto(at(EDITOR));
  const standard = page.getByRole('region', { name: 'Start from standard gear' });
  await standard.getByRole('button', { name: 'Armour', exact: true }).click();
  await standard.locator('li', { hasText: 'Padded Jacket' }).getByRole('button', { name: /Start from this/ }).click();
  await expect(page).toHaveURL(/\?id=/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Padded Jacket');
  await expect(page.getByRole('radio', { name: /^Armour/ })).toBeChecked();
});

test('after "New" the Name field has focus; a summary taller than the window is reachable by keyboard', async ({ page, at }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto(at(EDITOR));
  await page.getByRole('button', { name: 'New blueprint' }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeFocused();
  // Typing goes straight into the new document's name.
  await page.keyboard.type(' Mk2');
  await expect(name).toHaveValue('New blueprint Mk2');
  // A short window: the sticky summary scrolls, so it is a named tab stop (axe: scrollable-region-focusable).
  await stepByKeyboard(page, 'Damage', 'End');
  await chip(field(page, 'properties.range'), 'Long');
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(summary).toHaveAttribute('tabindex', '0');
  await summary.focus();
  await page.keyboard.press('End');
  await expect.poll(() => summary.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await axe(page)).toEqual([]);
  // A tall window: nothing to scroll, no extra tab stop.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await expect(summary).not.toHaveAttribute('tabindex', '0');
});

test('the editor opens with its catalogues from the page (no sql.js, no database); preview mode reads them from the database', async ({ page, at }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(at(EDITOR));
  await page.getByRole('button', { name: 'New blueprint' }).click();
  await expect(page.getByRole('button', { name: /^Add( anyway)? Precision Scope$/ })).toBeVisible();
  expect(fetched.filter((p) => /content\.sqlite|sql-wasm/.test(p))).toEqual([]);
  await page.goto(at(`${EDITOR}?preview=1`));
  await page.getByRole('button', { name: 'New blueprint' }).click();
  await expect(page.getByRole('button', { name: /^Add( anyway)? Precision Scope$/ })).toBeVisible();
  expect(fetched.filter((p) => /content\.sqlite/.test(p)).length).toBeGreaterThan(0);
});
