/**
 * This device's documents, end to end: the built /nucleus library in real
 * Chromium with real IndexedDB. Documents come in as a player's would, by
 * importing files (picker or drop), until the editors make them.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, shoot } from './fixtures';
import { storedName } from './waits';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

// The machine these run on is shared and slow at times; the long journeys get room.
test.describe.configure({ timeout: 90_000 });

const NOW = '2026-11-01T10:00:00.000Z';
const skills = { athletics: 0, brawl: 0, firearms: 0, piloting: 0, stealth: 0, engineering: 0, medicine: 0, investigation: 0, persuasion: 0, intimidation: 0, hacking: 0, interface: 0 };
const base = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, schemaVersion: 1, name, createdAt: NOW, updatedAt: NOW, tags: [], ...extra });
const weapon = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  ...base(id, name, extra),
  kind: 'blueprint',
  type: 'weapon',
  rank: 1,
  properties: { damage: 2, range: 'close', rate: 1, bulk: 1 },
  features: [],
});
const core = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  ...base(id, name, extra),
  kind: 'core',
  tier: 1,
  discipline: 'kinetic',
  activation: 'action',
  range: 'self',
  duration: 'instant',
  effects: [],
  sideEffects: [],
});
const character = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  ...base(id, name),
  kind: 'character',
  xp: 0,
  attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 },
  skills,
  features: [],
  cores: [],
  gear: [],
  ...extra,
});
const library = (documents: unknown[]) => ({ format: 'nucleus-library', version: 1, exportedAt: NOW, documents });

const file = (name: string, content: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(content)) });

async function importFile(page: Page, name: string, content: unknown) {
  await page.locator('.lib-file').setInputFiles(file(name, content));
}

const rows = (page: Page) => page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByText(name, { exact: true }) });
const notice = (page: Page) => page.locator('.lib-notice');

async function openLibrary(page: Page, at: (p: string) => string, query = '') {
  await page.goto(at('/nucleus' + query));
  await expect(page.locator('.lib[aria-busy="false"]')).toBeVisible();
}

async function rowAction(page: Page, name: string, action: string) {
  await row(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
  await row(page, name).getByRole('button', { name: action, exact: true }).click();
}

async function downloaded(download: Download): Promise<unknown> {
  return JSON.parse(await readFile((await download.path())!, 'utf8'));
}

test('an imported pack is listed under Packs, with no editor or share link until its editor exists, and exports as it came', async ({ page, at }) => {
  await openLibrary(page, at);
  const quickHands = { id: 'quick-hands', name: 'Quick Hands', tree: 'gunslinger', tier: 1, prerequisites: [], maxTimes: 1, text: 'Draw in a blink.', gmOnly: false };
  const entries = { gear: [], creatures: [], features: [quickHands], blueprintFeatures: [], coreEffects: [], coreSideEffects: [], creatureProperties: [] };
  const pack = { ...base('p-1', 'Neon Nights'), kind: 'pack', description: 'Street-level homebrew.', author: 'Ada', credits: '', version: 0, changelog: [], entries };
  await importFile(page, 'lib.nucleus.json', library([pack, weapon('w-1', 'Longarm')]));
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 'Neon Nights')).toContainText('pack');
  await expect(row(page, 'Neon Nights').getByRole('link')).toHaveCount(0);
  await expect(row(page, 'Neon Nights')).not.toContainText('has rule issues');

  await page.getByLabel('Kind').selectOption({ label: 'Packs' });
  await expect(rows(page)).toHaveCount(1);
  await row(page, 'Neon Nights').getByRole('button', { name: 'Actions for Neon Nights' }).click();
  await expect(row(page, 'Neon Nights').getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  await expect(row(page, 'Neon Nights').getByRole('button', { name: 'Copy share link' })).toHaveCount(0);
  for (const width of [390, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `library-pack-row-${width}.png`);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), row(page, 'Neon Nights').getByRole('button', { name: 'Export', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('neon-nights.nucleus.json');
  expect(await downloaded(download)).toEqual(pack);

  await page.reload();
  await expect(page.getByLabel('Kind')).toHaveValue('pack');
  await expect(rows(page)).toHaveCount(1);
});

test('an imported document is listed, opens in its editor, and is still there after a reload', async ({ page, at }) => {
  await openLibrary(page, at);
  await expect(page.getByText('No documents on this device yet')).toBeVisible();
  await importFile(page, 'longarm.nucleus.json', weapon('w-1', 'Longarm', { tags: ['gun'] }));
  await expect(notice(page)).toContainText('Imported "Longarm" from longarm.nucleus.json.');
  await expect(row(page, 'Longarm')).toContainText('blueprint');
  await expect(row(page, 'Longarm').getByRole('link', { name: 'Longarm' })).toHaveAttribute('href', at('/nucleus/BlueprintEditor?id=w-1'));

  await page.reload();
  await expect(row(page, 'Longarm')).toBeVisible();
  await expect(row(page, 'Longarm')).toContainText('gun');
  await expect(page.locator('.lib-usage')).toContainText(/1 document, [\d.]+ (KB|bytes) stored on this device/);
});

test('a dropped library file is imported whole', async ({ page, at }) => {
  await openLibrary(page, at);
  const text = JSON.stringify(library([weapon('w-1', 'Longarm'), core('k-1', 'Shove')]));
  const transfer = await page.evaluateHandle((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'drop.nucleus.json', { type: 'application/json' }));
    return dt;
  }, text);
  await page.locator('.lib').dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(page.getByText('Drop .nucleus.json files to import them')).toBeVisible();
  await page.locator('.lib').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(notice(page)).toContainText('Imported 2 documents from drop.nucleus.json.');
  await expect(rows(page)).toHaveCount(2);
});

test('a file with one bad document is refused whole, naming file, document and field; nothing is written', async ({ page, at }) => {
  await openLibrary(page, at);
  await importFile(page, 'first.nucleus.json', core('k-0', 'Already here'));
  await expect(rows(page)).toHaveCount(1);
  const bad = character('c-3', 'Vex', { attributes: { frame: 'strong', reflex: 1, logic: 1, nerve: 1, sync: 1 } });
  await importFile(page, 'party.nucleus.json', library([weapon('w-1', 'Longarm'), core('k-1', 'Shove'), bad]));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('party.nucleus.json was not imported, nothing was changed: documents[2] (character "Vex"): attributes.frame: expected a whole number.');
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Already here')).toBeVisible();
});

test('delete warns about characters carrying a copy, and the trash restores it or deletes it forever', async ({ page, at }) => {
  await openLibrary(page, at);
  await importFile(page, 'lib.nucleus.json', library([weapon('w-1', 'Longarm'), character('c-1', 'Vex', { gear: [weapon('g-1', 'Vex’s longarm', { originId: 'w-1' })] })]));
  await expect(rows(page)).toHaveCount(2);

  await rowAction(page, 'Longarm', 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Move to the trash?' });
  await expect(dialog).toContainText('A character carries a copy of it');
  await expect(dialog).toContainText('Vex (gear “Vex’s longarm”)');
  await dialog.getByRole('button', { name: 'Move to the trash' }).click();
  await expect(notice(page)).toContainText('Moved "Longarm" to the trash.');
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: /^Trash/ }).click();
  await expect(page).toHaveURL(/view=trash/);
  const trash = page.getByRole('list', { name: 'Documents in the trash' });
  await expect(trash.getByRole('listitem')).toHaveCount(1);
  await trash.getByRole('button', { name: 'Restore Longarm' }).click();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  await page.getByRole('button', { name: /^Documents/ }).click();
  await expect(rows(page)).toHaveCount(2);

  // Delete forever: gone after a reload too.
  await rowAction(page, 'Vex', 'Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Move to the trash' }).click();
  await page.getByRole('button', { name: /^Trash/ }).click();
  await trash.getByRole('button', { name: 'Delete forever Vex' }).click();
  await page.getByRole('dialog', { name: 'Delete forever?' }).getByRole('button', { name: 'Delete forever' }).click();
  await expect(notice(page)).toContainText('Deleted "Vex" forever.');
  await page.reload();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
});

test('replacing on import keeps the old content in history, and an old version can be restored', async ({ page, at }) => {
  await openLibrary(page, at);
  await importFile(page, 'v1.nucleus.json', weapon('w-1', 'Longarm Mk I'));
  await expect(row(page, 'Longarm Mk I')).toBeVisible();
  await importFile(page, 'v2.nucleus.json', weapon('w-1', 'Longarm Mk II'));
  const question = page.getByRole('dialog', { name: 'Already in your library' });
  await expect(question).toContainText('“Longarm Mk I” from v2.nucleus.json is already in your library.');
  await question.getByRole('button', { name: 'Replace' }).click();
  await expect(row(page, 'Longarm Mk II')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  await rowAction(page, 'Longarm Mk II', 'History');
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('current');
  await expect(history.getByRole('listitem').first()).toContainText('Changed name');
  // The newest is shown first, the same as now: nothing to restore.
  const preview = history.getByRole('region', { name: /^The version of/ });
  await expect(preview).toContainText('The same as now.');
  await expect(preview.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
  // The older one: its summary beside the document now, and what differs, before restoring.
  await history.getByRole('listitem').nth(1).getByRole('button').click();
  await expect(history.getByRole('listitem').nth(1).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(preview.getByRole('heading', { name: 'Longarm Mk I', exact: true })).toBeVisible();
  const nameRow = preview.getByRole('row', { name: /^Name/ });
  await expect(nameRow.getByRole('cell')).toHaveText(['Longarm Mk I', 'Longarm Mk II']);
  await expect(preview).toContainText('1 field differs from now: Name.');
  // One way to close: the dialog's own close button (and Escape), no second Cancel.
  await expect(history.getByRole('button', { name: /close|cancel/i })).toHaveCount(1);
  await preview.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history).toBeHidden();
  await expect(notice(page)).toContainText('Restored "Longarm Mk II" as it was on');
  await expect(row(page, 'Longarm Mk I')).toBeVisible();

  // Restoring was a new save: the history now has all three, and the restore can be undone.
  await rowAction(page, 'Longarm Mk I', 'History');
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');

  // Keep both: a new document beside the old one.
  await importFile(page, 'v2.nucleus.json', weapon('w-1', 'Longarm Mk II'));
  await page.getByRole('dialog', { name: 'Already in your library' }).getByRole('button', { name: 'Keep both' }).click();
  await expect(rows(page)).toHaveCount(2);
});

test('export the library, import it into a browser with no site data: identical', async ({ page, at, browser }) => {
  await openLibrary(page, at);
  const docs = [weapon('w-1', 'Longarm', { tags: ['gun', 'heavy'], houseRules: { colour: 'teal' } }), core('k-1', 'Shove'), character('c-1', 'Vex')];
  await importFile(page, 'lib.nucleus.json', library(docs));
  await expect(rows(page)).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export library' }).click()]);
  expect(download.suggestedFilename()).toBe('nucleus-library.nucleus.json');
  const exported = (await downloaded(download)) as { format: string; documents: { id: string }[] };
  expect(exported.format).toBe('nucleus-library');
  expect(exported.documents.map((d) => d.id).sort()).toEqual(['c-1', 'k-1', 'w-1']);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openLibrary(other, at);
  await expect(other.getByText('No documents on this device yet')).toBeVisible();
  await other.locator('.lib-file').setInputFiles({ name: 'nucleus-library.nucleus.json', mimeType: 'application/json', buffer: await readFile((await download.path())!) });
  await expect(rows(other)).toHaveCount(3);
  const [again] = await Promise.all([other.waitForEvent('download'), other.getByRole('button', { name: 'Export library' }).click()]);
  const reexported = (await downloaded(again)) as { documents: unknown[] };
  const byId = (list: unknown[]) => [...list].sort((a, b) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1));
  expect(byId(reexported.documents)).toEqual(byId(exported.documents));
  await fresh.close();
});

test('duplicate makes a "Copy of" with its own history; tags filter with the kind, kept in the URL', async ({ page, at }) => {
  await openLibrary(page, at);
  await importFile(page, 'lib.nucleus.json', library([weapon('w-1', 'Longarm', { tags: ['gun'] }), weapon('w-2', 'Pistol'), core('k-1', 'Shove', { tags: ['gun'] })]));
  await expect(rows(page)).toHaveCount(3);

  await rowAction(page, 'Longarm', 'Duplicate');
  await expect(notice(page)).toContainText('Duplicated "Longarm" as "Copy of Longarm".');
  await expect(row(page, 'Copy of Longarm')).toBeVisible();
  await rowAction(page, 'Copy of Longarm', 'History');
  await expect(page.getByRole('dialog', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await rowAction(page, 'Pistol', 'Edit tags');
  const tags = page.getByRole('dialog', { name: 'Edit tags' });
  // Tags are chips: Enter adds one and neither saves nor closes.
  const tagBox = tags.getByLabel('Add a tag');
  await tagBox.fill('gun');
  await tagBox.press('Enter');
  await expect(tags).toBeVisible();
  await expect(tags.getByRole('list', { name: 'Tags' })).toContainText('gun');
  await tagBox.fill('small');
  await tagBox.press('Enter');
  await expect(tags.getByRole('listitem')).toHaveCount(2);
  await tags.getByRole('button', { name: 'Save tags' }).click();
  await expect(notice(page)).toContainText('Tags of "Pistol": gun, small.');

  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'gun' }).click();
  await expect(rows(page)).toHaveCount(4);
  await page.getByLabel('Kind').selectOption('core');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/kind=core/);
  await expect(page).toHaveURL(/tag=gun/);
  await page.reload();
  await expect(page.getByLabel('Kind')).toHaveValue('core');
  await expect(rows(page)).toHaveCount(1);
  await page.getByLabel('Kind').selectOption('');
  await page.getByLabel('Search by name').fill('longarm');
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel('Sort by').selectOption('name');
  await expect(rows(page).first()).toContainText('Copy of Longarm');
});

test('the library passes axe and is usable at 1280 and 375 px', async ({ page, at }) => {
  await openLibrary(page, at);
  const character1 = character('c-1', 'Vex the Unbroken', { tags: ['party'], attributes: { frame: 9, reflex: 1, logic: 1, nerve: 1, sync: 1 } });
  await importFile(page, 'lib.nucleus.json', library([weapon('w-1', 'Longarm', { tags: ['gun', 'heavy'] }), core('k-1', 'Shove'), character1]));
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, 'Vex the Unbroken')).toContainText('has rule issues');
  const axe = await new AxeBuilder({ page }).include('.lib').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await shoot(page, 'library-1280.png', { fullPage: true });

  // Keyboard: the actions menu opens, Escape closes it and gives focus back.
  const menuButton = row(page, 'Longarm').getByRole('button', { name: 'Actions for Longarm' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(row(page, 'Longarm').getByRole('button', { name: 'Duplicate' })).toBeFocused();
  const axeMenu = await new AxeBuilder({ page }).include('.lib').analyze();
  expect(axeMenu.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();

  await rowAction(page, 'Longarm', 'Delete');
  const axeDialog = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axeDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'library-375.png', { fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a core made in the core editor is in the library, an edit the autosave stored is kept when the page is killed', async ({ page, at, context }) => {
  await page.goto(at('/nucleus/CoreEditor'));
  await page.getByRole('button', { name: /New core/ }).first().click();
  await expect(page).toHaveURL(/\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Pulse lance');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await name.fill('Pulse lance II');
  // The autosave (not the page leaving) stores the edit: IndexedDB holds it
  // while the page is still open; then the tab is killed (no unload handlers run).
  await expect.poll(() => storedName(page, id)).toBe('Pulse lance II');
  await page.close({ runBeforeUnload: false });

  const library = await context.newPage();
  await openLibrary(library, at);
  await expect(row(library, 'Pulse lance II')).toContainText('core');
  await row(library, 'Pulse lance II').getByRole('link', { name: 'Pulse lance II' }).click();
  await expect(library).toHaveURL(new RegExp(`CoreEditor\\?id=${id}`));
  // The editor island loads its catalogues first (slow on a busy machine).
  await expect(library.getByRole('textbox', { name: 'Name' })).toHaveValue('Pulse lance II', { timeout: 30_000 });
});

/** Opens a stored document in its editor and waits for the form (the island loads catalogues first). */
async function openEditor(page: Page, at: (p: string) => string, editor: string, id: string, name: string) {
  await page.goto(at(`/nucleus/${editor}?id=${id}`));
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name, { timeout: 30_000 });
}

test('two tabs edit the same document before either saves: both edits are kept and the conflict is shown to compare and choose', async ({ page, at, context }) => {
  await openLibrary(page, at);
  await importFile(page, 'shove.nucleus.json', core('k-1', 'Shove'));
  await expect(row(page, 'Shove')).toBeVisible();

  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await Promise.all([openEditor(tabA, at, 'CoreEditor', 'k-1', 'Shove'), openEditor(tabB, at, 'CoreEditor', 'k-1', 'Shove')]);
  // Both tabs change the name at the same moment, well inside the autosave delay.
  await Promise.all([tabA.getByRole('textbox', { name: 'Name' }).fill('Shove from A'), tabB.getByRole('textbox', { name: 'Name' }).fill('Shove from B')]);

  // One tab saves first; the other meets that save with unsaved edits: it keeps both and says so.
  const notices = [tabA, tabB].map((p) => p.locator('.kit-conflict[data-conflict-kept]'));
  await expect.poll(async () => (await notices[0]!.count()) + (await notices[1]!.count()), { timeout: 15_000 }).toBe(1);
  const [loser, winner, mine, theirs] = (await notices[0]!.count()) ? [tabA, tabB, 'Shove from A', 'Shove from B'] : [tabB, tabA, 'Shove from B', 'Shove from A'];
  const notice = loser.locator('.kit-conflict');
  await expect(notice).toHaveAttribute('data-conflict-kept', 'theirs');
  await expect(notice).toContainText('This core was also changed in another tab or device while you edited it here. Both versions are kept');
  await expect(notice.getByRole('link', { name: new RegExp(`^“${mine} \\(conflict copy, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\)”$`) })).toBeVisible();
  // Compare: what differs, side by side.
  await expect(notice.getByRole('row', { name: /Name/ })).toContainText(theirs);
  await expect(notice.getByRole('row', { name: /Name/ })).toContainText(mine);
  await expect(loser.getByRole('textbox', { name: 'Name' })).toHaveValue(theirs);
  await expect(loser.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await expect(winner.locator('.kit-conflict')).toHaveCount(0);
  const axe = await new AxeBuilder({ page: loser }).include('.kit-conflict').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await shoot(loser, 'conflict-1280.png');
  await loser.setViewportSize({ width: 375, height: 800 });
  await shoot(loser, 'conflict-375.png', { fullPage: true });
  expect(await loser.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await loser.setViewportSize({ width: 1280, height: 800 });

  // Both edits are in the library, even before anyone chooses.
  await page.reload();
  await expect(row(page, theirs)).toBeVisible();
  await expect(rows(page).filter({ hasText: `${mine} (conflict copy,` })).toHaveCount(1);

  // Choosing the other side swaps the two: this tab's edits come back under the id, the other tab follows.
  await notice.getByRole('button', { name: 'Use your edits here instead' }).click();
  await expect(loser.locator('.kit-conflict')).toHaveCount(0);
  await expect(loser.getByRole('textbox', { name: 'Name' })).toHaveValue(mine);
  await expect(winner.getByRole('textbox', { name: 'Name' })).toHaveValue(mine);
  // The other tab is told where the version it showed went.
  const moved = winner.locator('.kit-conflict[data-moved-to-copy]');
  await expect(moved).toContainText('This core was changed in another tab or device with newer edits. Both versions are kept');
  await expect(moved.getByRole('link', { name: new RegExp(`^“${theirs} \\(conflict copy, `) })).toBeVisible();
  const movedAxe = await new AxeBuilder({ page: winner }).include('.kit-conflict').analyze();
  expect(movedAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await moved.getByRole('button', { name: 'Got it' }).click();
  await expect(moved).toHaveCount(0);
  await page.reload();
  await expect(row(page, mine)).toBeVisible();
  await expect(rows(page).filter({ hasText: `${theirs} (conflict copy,` })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(2);
});

test('restoring a version from the editor’s History menu is a new save and one undo step', async ({ page, at }) => {
  await openLibrary(page, at);
  await importFile(page, 'v1.nucleus.json', core('k-1', 'Shove'));
  await expect(row(page, 'Shove')).toBeVisible();
  await importFile(page, 'v2.nucleus.json', core('k-1', 'Shove II'));
  await page.getByRole('dialog', { name: 'Already in your library' }).getByRole('button', { name: 'Replace' }).click();
  await expect(row(page, 'Shove II')).toBeVisible();

  await openEditor(page, at, 'CoreEditor', 'k-1', 'Shove II');
  const name = page.getByRole('textbox', { name: 'Name' });
  await page.getByRole('button', { name: 'Document' }).click();
  await page.getByRole('list', { name: 'Document actions' }).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  // Choosing a version previews it (its summary against now, and what differs) before the restore.
  await history.getByRole('listitem').nth(1).getByRole('button').click();
  await expect(history.getByRole('region', { name: /^The version of/ })).toContainText('1 field differs from now: Name');
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(name).toHaveValue('Shove');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  // The restore is a save of its own: three versions now.
  await page.getByRole('button', { name: 'Document' }).click();
  await page.getByRole('list', { name: 'Document actions' }).getByRole('button', { name: 'History' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');

  // …and one undo step: Ctrl+Z brings back what was there before the restore, and it is saved.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+z');
  await expect(name).toHaveValue('Shove II');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(name).toHaveValue('Shove');
  await expect(page.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
  await page.reload();
  await expect(name).toHaveValue('Shove', { timeout: 30_000 });
});

test('a share link copied from the library opens read-only in a fresh browser; a damaged one says so', async ({ page, at, context, browser, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLibrary(page, at);
  await importFile(page, 'shove.nucleus.json', core('k-1', 'Shove', { tags: ['party'] }));
  await rowAction(page, 'Shove', 'Copy share link');
  await expect(notice(page)).toContainText('Copied a share link to "Shove".');
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/nucleus\/CoreEditor#share=/);

  const fresh = await browser.newContext({ baseURL });
  const guest = await fresh.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('region', { name: 'Shared document' })).toContainText('read-only', { timeout: 30_000 });
  await expect(guest.getByRole('textbox', { name: 'Name' })).toHaveValue('Shove');
  // Nothing of it was stored in the fresh browser until "Save a copy".
  const library = await fresh.newPage();
  await openLibrary(library, at);
  await expect(library.getByText('No documents on this device yet')).toBeVisible();

  // The same link with its contents cut short: a sentence, not a broken editor.
  await guest.goto(url.slice(0, url.length - 12));
  await guest.reload();
  await expect(guest.getByRole('alert')).toContainText('This share link is damaged', { timeout: 30_000 });
  await expect(guest.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await fresh.close();
});
