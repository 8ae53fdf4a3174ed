/**
 * Never lose a player's work, tried the way players lose it: the page
 * reloaded, closed or left for another address right after typing; storage
 * that cannot be used; an import whose writes fail in the middle; a file of
 * several kinds imported in one editor. (Cloud status: cloud-status.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { storedName } from './waits';

// Nothing here is about the service worker or offline reading: without it, each
// fresh page skips installing it and precaching the shell.
test.use({ serviceWorkers: 'block' });

/**
 * Each editor with one way of the page going away, so every editor and every
 * way is tried once: the edit journal and the autosave are the kit's, shared
 * by all four editors (their logic: src/storage/journal.test.ts and the
 * session tests), so twelve pairings would prove nothing more than four.
 */
const EDITORS = [
  { slug: 'BlueprintEditor', noun: 'blueprint', way: 'close the tab' },
  { slug: 'CharacterEditor', noun: 'character', way: 'reload' },
  { slug: 'CoreEditor', noun: 'core', way: 'go to another address' },
  { slug: 'CreatureEditor', noun: 'creature', way: 'reload' },
] as const;
/**
 * When the page goes away, named by the save's state, not by a clock:
 * at once (the autosave still waits: only the edit journal holds the
 * keystroke), or once the autosave stored it in IndexedDB.
 */
const MOMENTS = ['at once', 'after the autosave'] as const;

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' });
// Each test loads several editor pages: generous limits for a busy machine.
test.describe.configure({ timeout: 90_000 });
const LOADED = { timeout: 20_000 };
const saveState = (page: Page) => page.locator('[data-save-state]');

/** A new document in the editor, saved once (its address has its id). */
async function newDocument(page: Page, at: (p: string) => string, slug: string, noun: string): Promise<string> {
  await page.goto(at(`/nucleus/${slug}`));
  await page.getByRole('button', { name: new RegExp(`New ${noun}`) }).first().click();
  await expect(page).toHaveURL(/\?id=/);
  await expect(saveState(page)).toHaveAttribute('data-save-state', 'saved');
  return page.url();
}

test.describe('the last keystroke survives the page going away', () => {
  for (const { slug, noun, way } of EDITORS) {
    test(`${noun}: type, then ${way} ${MOMENTS.join(' and ')}`, async ({ page, context, at }) => {
      test.setTimeout(240_000);
      let current = page;
      for (const moment of MOMENTS) {
        const url = await newDocument(current, at, slug, noun);
        const id = new URL(url).searchParams.get('id')!;
        const typed = `Kept after ${way} ${moment}`;
        await nameField(current).fill(typed);
        // At once: the player's next action follows the keystroke with no pause.
        if (moment === 'after the autosave') await expect.poll(() => storedName(current, id), LOADED).toBe(typed);
        if (way === 'reload') await current.reload();
        else if (way === 'close the tab') {
          await current.close();
          current = await context.newPage();
          await current.goto(url);
        } else {
          await current.goto(at('/rules'));
          await current.goto(url);
        }
        await expect(nameField(current), `${way} ${moment} after typing`).toHaveValue(typed, LOADED);
        await expect(saveState(current)).toHaveAttribute('data-save-state', 'saved');
      }
      // And they are stored, not only shown: the library lists each.
      await current.goto(at('/nucleus'));
      for (const moment of MOMENTS) await expect(current.getByRole('link', { name: `Kept after ${way} ${moment}`, exact: true })).toBeVisible();
    });
  }

  test('the editor says edits were recovered', async ({ page, at }) => {
    await newDocument(page, at, 'CoreEditor', 'core');
    await nameField(page).fill('Blink, recovered');
    await page.reload();
    await expect(page.locator('[data-recovered="restored"]')).toContainText('were recovered and saved');
  });
});

test.describe('storage that cannot be used is said, not hung on', () => {
  test('IndexedDB refused: a sentence, New works in the page, Export keeps a copy', async ({ page, at }) => {
    await page.addInitScript(() => {
      IDBFactory.prototype.open = function () {
        throw new DOMException('Access to storage is not allowed in this context.', 'SecurityError');
      };
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(at('/nucleus/CoreEditor'));
    await expect(page.locator('[data-storage-problem]')).toContainText('This browser does not let Nucleus use its storage');
    await page.getByRole('button', { name: /New core/ }).first().click();
    await expect(page).toHaveURL(/\?id=/);
    await nameField(page).fill('Kept in memory');
    await expect(saveState(page)).toHaveText('Kept in this page only');
    await expect(page.locator('[data-storage-problem]')).toContainText('use Export');
    const download = page.waitForEvent('download');
    await page.locator('[data-storage-problem]').getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toBe('kept-in-memory.nucleus.json');
    expect(errors).toEqual([]);
  });

  test('the documents were saved by a newer Nucleus (a rollback): said, with what to do', async ({ page, at }) => {
    await page.goto(at('/'));
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const r = indexedDB.open('nucleus-documents', 99);
          r.onsuccess = () => (r.result.close(), resolve());
          r.onerror = () => reject(r.error);
        }),
    );
    await page.goto(at('/nucleus/BlueprintEditor'));
    await expect(page.locator('[data-storage-problem]')).toContainText('saved by a newer version of Nucleus');
    await expect(page.getByRole('button', { name: /New blueprint/ }).first()).toBeEnabled();
    await page.goto(at('/nucleus'));
    await expect(page.getByRole('alert').filter({ hasText: 'newer version of Nucleus' })).toBeVisible();
  });
});

function libraryFile(documents: Record<string, unknown>[]) {
  return { name: 'table-night.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ format: 'nucleus-library', version: 1, exportedAt: new Date().toISOString(), documents })) };
}
const stamp = new Date().toISOString();
const coreDoc = (id: string, name: string) => ({ id, schemaVersion: 1, kind: 'core', name, tier: 2, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: 'shove', potency: 1 }], sideEffects: [], tags: [], createdAt: stamp, updatedAt: stamp });
const weaponDoc = (id: string, name: string) => ({ id, schemaVersion: 1, kind: 'blueprint', type: 'weapon', name, rank: 1, properties: { damage: 2, range: 'close', rate: 1, bulk: 1 }, features: [], tags: [], createdAt: stamp, updatedAt: stamp });

test.describe('imports are all or nothing', () => {
  test('a write failing in the middle leaves nothing, and says so', async ({ page, at }) => {
    // The 5th write of the import (the second document's) fails, as a full or broken storage does.
    await page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...args: Parameters<IDBObjectStore['put']>) {
        const w = window as { __failPutIn?: number };
        if (w.__failPutIn !== undefined && --w.__failPutIn === 0) throw new DOMException('The write failed.', 'UnknownError');
        return put.apply(this, args);
      };
    });
    await page.goto(at('/nucleus/CoreEditor'));
    await expect(page.getByRole('button', { name: /New core/ }).first()).toBeVisible();
    await page.evaluate(() => ((window as { __failPutIn?: number }).__failPutIn = 5));
    await page.locator('input[data-import]').setInputFiles(libraryFile([coreDoc('imp-1', 'Import one'), coreDoc('imp-2', 'Import two'), coreDoc('imp-3', 'Import three')]));
    await expect(page.getByRole('alert').filter({ hasText: 'table-night.json was not imported, nothing was changed' })).toBeVisible();
    await page.goto(at('/nucleus'));
    await expect(page.getByRole('link', { name: /^Import (one|two|three)$/ })).toHaveCount(0);
  });

  test('a file of several kinds imported in the core editor imports them all, and says so', async ({ page, at }) => {
    await page.goto(at('/nucleus/CoreEditor'));
    await expect(page.getByRole('button', { name: /New core/ }).first()).toBeVisible();
    await page.locator('input[data-import]').setInputFiles(libraryFile([coreDoc('mix-1', 'Mixed core'), weaponDoc('mix-2', 'Mixed rifle')]));
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 core and 1 blueprint from table-night.json' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'the other document is in the library' })).toBeInViewport();
    await page.goto(at('/nucleus'));
    await expect(page.getByRole('link', { name: 'Mixed core', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mixed rifle', exact: true })).toBeVisible();
  });
});
