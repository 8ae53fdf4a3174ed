/**
 * A player without an account, by mouse: a deleted document comes back by
 * Undo and from the library's trash (no sign-in form on the way), two
 * documents of one name are told apart, the trash is emptied after one
 * question (by mouse and by keyboard), and "New" still opens a document
 * when this device's storage refuses every write.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { saveOnDevice } from './devices';
import { tabTo } from './keyboard';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

test.describe.configure({ timeout: 90_000 });
const LOADED = { timeout: 20_000 };
const saveState = (page: Page) => page.locator('[data-save-state]');

async function newCore(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New core' }).first().click();
  await expect(page).toHaveURL(/\?id=/, LOADED);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved', LOADED);
}

async function deleteOpenCore(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  await page.getByRole('list', { name: 'Document actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this core?' }).getByRole('button', { name: 'Delete' }).click();
}

test('a guest brings a deleted document back by Undo and from the trash; same names are told apart', async ({ page, at }) => {
  await page.goto(at('/nucleus/CoreEditor'));
  await newCore(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Blink');
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  await page.getByRole('list', { name: 'Document actions' }).getByRole('button', { name: 'New', exact: true }).click();
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved', LOADED);
  await page.getByRole('textbox', { name: 'Name' }).fill('Blink');
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved', LOADED);

  // The editor's list: Undo right after the delete.
  await deleteOpenCore(page);
  const said = page.locator('.kit-notice').filter({ hasText: '“Blink” was moved to the trash.' });
  await said.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.kit-notice')).toHaveText('“Blink” is back in your list.');
  // Two cores named Blink: each row shows its date and short id, not only on hover.
  const blinks = page.locator('.kit-doc-list li').filter({ has: page.getByRole('link', { name: 'Blink', exact: true }) });
  await expect(blinks).toHaveCount(2);
  await expect(blinks.locator('[data-same-name]')).toHaveCount(2);
  await expect(blinks.locator('[data-same-name]').first()).toBeVisible();
  await expect(blinks.locator('[data-same-name]').first()).toContainText(/^made .+ · #[0-9a-f]{6}$/);

  // Deleted again, the notice leads to the trash, which a guest can use.
  await blinks.first().getByRole('link').click();
  await deleteOpenCore(page);
  await page.locator('.kit-notice').getByRole('link', { name: 'Open the trash' }).click();
  await expect(page).toHaveURL(/\/nucleus\/library\?view=trash$/);
  await expect(page.locator('[data-cloud="signed-out"]')).toBeVisible();
  const trash = page.getByRole('list', { name: 'Documents in the trash' });
  await trash.getByRole('button', { name: 'Restore Blink' }).click();
  await expect(page.locator('.lib-notice')).toContainText('Restored "Blink".');
  await expect(trash).toBeHidden();

  // The library's own delete: Undo, then the trash from the same sentence.
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /Documents/ }).click();
  const rows = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
  await expect(rows.locator('[data-same-name]')).toHaveCount(2);
  await rows.first().getByRole('button', { name: 'Actions for Blink' }).click();
  await rows.first().getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move to the trash?' }).getByRole('button', { name: 'Move to the trash' }).click();
  await expect(page.locator('.lib-notice')).toContainText('Moved "Blink" to the trash.');
  await page.locator('.lib-notice').getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.lib-notice')).toContainText('Restored "Blink".');
  await expect(page.locator('.lib-notice').getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(rows).toHaveCount(2);
});

/** The ids of this device's stored documents, straight from IndexedDB (what a reload would show). */
const storedIds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('nucleus-documents');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('documents').objectStore('documents').getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve((keys.result as string[]).sort());
          };
        };
      }),
  );

/** Axe's WCAG 2.2 AA findings inside `include`, one line each. */
async function axe(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function trashByMouse(page: Page, name: string): Promise<void> {
  const row = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move to the trash?' }).getByRole('button', { name: 'Move to the trash' }).click();
  await expect(page.locator('.lib-notice')).toContainText(`Moved "${name}" to the trash.`);
}

test('"Empty the trash" asks once, naming how many; Escape keeps them; the answer deletes only the trash', async ({ page, at }) => {
  await page.goto(at('/nucleus/library'));
  await expect(page.getByText('No documents on this device yet.', { exact: false })).toBeVisible(LOADED);
  for (const [id, name] of [['keep', 'Keeper'], ['scrap-a', 'Scrap A'], ['scrap-b', 'Scrap B'], ['scrap-c', 'Scrap C']]) await saveOnDevice(page, id!, name!);
  const live = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
  await expect(live).toHaveCount(4, LOADED);
  await trashByMouse(page, 'Scrap A');
  await trashByMouse(page, 'Scrap B');

  // By mouse: the question names how many, Cancel has the focus, Escape keeps everything.
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /Trash/ }).click();
  const trash = page.getByRole('list', { name: 'Documents in the trash' }).getByRole('listitem');
  await expect(trash).toHaveCount(2);
  expect(await axe(page, '.lib')).toEqual([]);
  await page.getByRole('button', { name: 'Empty the trash' }).click();
  const question = page.getByRole('dialog', { name: 'Empty the trash?' });
  await expect(question).toContainText('All 2 documents in the trash and their whole history will be gone for good.');
  expect((await question.getByRole('listitem').allTextContents()).sort()).toEqual(['Scrap A', 'Scrap B']);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await axe(page, 'dialog[open]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(trash).toHaveCount(2);
  await page.getByRole('button', { name: 'Empty the trash' }).click();
  await question.getByRole('button', { name: 'Delete 2 documents forever' }).click();
  await expect(page.locator('.lib-notice')).toContainText('Emptied the trash: 2 documents deleted forever.');
  await expect(page.getByText('The trash is empty.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empty the trash' })).toHaveCount(0);
  expect(await storedIds(page)).toEqual(['keep', 'scrap-c']);

  // By keyboard, after a reload: the other documents stay, the one trashed goes.
  await page.reload();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /Documents/ }).click();
  await expect(live).toHaveCount(2, LOADED);
  await trashByMouse(page, 'Scrap C');
  await page.locator('.lib-notice').getByRole('button', { name: 'Show the trash' }).press('Enter');
  await expect(trash).toHaveCount(1);
  const empty = page.getByRole('button', { name: 'Empty the trash' });
  await tabTo(page, empty);
  await page.keyboard.press('Enter');
  await expect(question).toContainText('The 1 document in the trash and its whole history will be gone for good.');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Delete 1 document forever' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.lib-notice')).toContainText('Emptied the trash: 1 document deleted forever.');
  await expect(empty).toHaveCount(0);
  expect(await storedIds(page)).toEqual(['keep']);
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /Documents/ }).click();
  await expect(live).toHaveText([/Keeper/]);
});

test('New with every IndexedDB write failing opens the document with the sentence and Export, and no error', async ({ page, at }) => {
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(at('/nucleus/CoreEditor'));
  await page.getByRole('button', { name: 'New core' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('New core', LOADED);
  await expect(page).toHaveURL(/\?id=/);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'error');
  await expect(page.getByRole('alert').filter({ hasText: /^Not saved: this device's storage for Nucleus is full\./ })).toContainText('use Export to keep a copy');
  await page.getByRole('textbox', { name: 'Name' }).fill('Kept while full');
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('list', { name: 'Document actions' }).getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('kept-while-full.nucleus.json');
  expect(errors).toEqual([]);
});
