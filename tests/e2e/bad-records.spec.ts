/**
 * One bad document never hides the others (issue 48), in Chromium, by mouse:
 * a journal entry left by a closed page that fails its schema (the quick
 * entry's 20-digit Health, as an older Nucleus stored it) and a record of an
 * older Nucleus in IndexedDB that fails it too. The encounter tool still
 * lists every other encounter, each bad one with its sentence and an Export
 * that downloads it; the library shows them the same way. Nothing is dropped.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { test, expect } from './fixtures';

test.use({ serviceWorkers: 'block' });
// Under two copies of the suite on two cores the encounter test takes up to two minutes.
test.describe.configure({ timeout: 240_000 });

const LOADED = { timeout: 45_000 };
const waitSaved = (page: Page) => expect(page.locator('[data-save-state]')).toHaveText('Saved on this device', LOADED);
const hero = '{"name":"Vex","rank":1,"reflex":2,"logic":2,"guard":2,"health":99999999999999999999,"protection":0,"strainCapacity":4,"initiative":4,"attacks":[]}';

/** axe over the page, or over `include` only (the part this spec adds). */
async function axe(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function downloaded(download: Download): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
}

/** A record written straight into this device's IndexedDB, as an older Nucleus or a damaged store leaves one. */
async function plant(page: Page, record: Record<string, unknown>) {
  await page.evaluate(async (record) => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const open = indexedDB.open('nucleus-documents');
      open.onsuccess = () => done(open.result);
      open.onerror = () => fail(open.error);
    });
    const tx = db.transaction(['documents', 'summaries'], 'readwrite');
    tx.objectStore('documents').put(record);
    const { document: _d, ...summary } = record;
    tx.objectStore('summaries').put({ ...summary, bytes: JSON.stringify(record).length });
    await new Promise((done) => (tx.oncomplete = done));
    db.close();
  }, record);
}

/** A new encounter by mouse, named and saved; returns its id. */
async function newEncounter(page: Page, at: (path: string) => string, name: string): Promise<string> {
  await page.goto(at('/nucleus/EncounterEditor'));
  await page.getByRole('button', { name: 'New encounter' }).click(LOADED);
  await page.getByRole('textbox', { name: 'Name' }).first().fill(name);
  await waitSaved(page);
  return new URL(page.url()).searchParams.get('id')!;
}

test('a bad journal entry and a bad stored encounter are listed with their sentences and Export; every other encounter is listed', async ({ page, at }) => {
  await newEncounter(page, at, 'Kept fight');
  const edited = await newEncounter(page, at, 'Dock ambush');
  const at0 = new Date().toISOString();

  // What a page closed before the quick entry's number was refused left in the journal (written as text,
  // as the page wrote it), and an older Nucleus's encounter (no schema version) with the same number.
  const oldFight = await page.evaluate(
    ({ edited, hero, at0 }) => {
      const doc = `{"id":"${edited}","schemaVersion":1,"kind":"encounter","name":"Dock ambush","tags":[],"createdAt":"${at0}","updatedAt":"${at0}","creatures":[],"party":[{"id":"h0","source":{"kind":"quick"},"snapshot":${hero}}]}`;
      localStorage.setItem(`nucleus:journal:${edited}:closed-page`, `{"documentId":"${edited}","pageId":"closed-page","basedOn":1,"editedAt":${Date.now()},"document":${doc}}`);
      const old = JSON.parse(`{"id":"old-fight","kind":"encounter","name":"Old fight","createdAt":"${at0}","updatedAt":"${at0}","creatures":[],"party":[{"id":"h0","source":{"kind":"quick"},"snapshot":${hero}}]}`);
      return old as Record<string, unknown>;
    },
    { edited, hero, at0 },
  );
  await plant(page, { id: 'old-fight', kind: 'encounter', name: 'Old fight', tags: [], revision: 1, createdAt: at0, updatedAt: at0, valid: true, document: oldFight });

  await page.goto(at('/nucleus/EncounterEditor'));
  const list = page.getByRole('region', { name: 'Your encounters' });
  await expect(list.getByRole('link', { name: 'Kept fight' })).toBeVisible(LOADED);
  await expect(list.getByRole('link', { name: 'Dock ambush' })).toBeVisible();
  await expect(page.getByText('Nucleus cannot read this encounter')).toHaveCount(1);
  await axe(page);

  // The journal's edits: listed with their sentence, kept, exported as they are.
  const edits = list.locator('[data-unreadable="edits"]');
  await expect(edits).toContainText('Unsaved edits to “Dock ambush”');
  await expect(edits).toContainText('These edits could not be saved: party.0.snapshot.health: expected a whole number.');
  const [file] = await Promise.all([page.waitForEvent('download'), edits.getByRole('button', { name: 'Export “Dock ambush” (unsaved edits)' }).click()]);
  expect(file.suggestedFilename()).toBe('dock-ambush-unsaved-edits.nucleus.json');
  expect(await downloaded(file)).toMatchObject({ id: edited, name: 'Dock ambush', party: [{ snapshot: { name: 'Vex', health: 1e20 } }] });

  // The older record: listed with its sentence; Export from the row; its name opens its sentence and Export.
  const old = list.locator('[data-unreadable="document"]');
  await expect(old).toContainText('Cannot be read');
  await expect(old).toContainText('Nucleus cannot read this encounter as it is stored: party.0.snapshot.health: expected a whole number. Export it to keep a copy.');
  const [oldFile] = await Promise.all([page.waitForEvent('download'), old.getByRole('button', { name: 'Export “Old fight”' }).click()]);
  expect(oldFile.suggestedFilename()).toBe('old-fight.nucleus.json');
  expect(await downloaded(oldFile)).toMatchObject({ id: 'old-fight', party: [{ snapshot: { health: 1e20 } }] });
  await old.getByRole('link', { name: 'Old fight' }).click();
  const view = page.locator('.kit-missing[data-unreadable="document"]');
  await expect(view).toContainText('“Old fight”: Nucleus cannot read this encounter as it is stored');
  const [again] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: 'Export' }).click()]);
  expect(again.suggestedFilename()).toBe('old-fight.nucleus.json');
  await view.getByRole('button', { name: 'Your encounters' }).click();
  await expect(list.getByRole('link', { name: 'Kept fight' })).toBeVisible();

  // Opening the document the bad edits were for: it opens as stored, and says where the edits are.
  await list.getByRole('link', { name: 'Dock ambush' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' }).first()).toHaveValue('Dock ambush', LOADED);
  await expect(page.getByText('Edits made before the page last closed are kept apart, not in this document.')).toBeVisible();

  // Reloaded: nothing was dropped. The library lists both as well, each with its sentence and Export.
  await page.goto(at('/nucleus'));
  await expect(page.getByRole('link', { name: 'Kept fight' })).toBeVisible(LOADED);
  const row = page.locator('.lib-row', { hasText: 'Old fight' });
  await expect(row.locator('.lib-problem')).toHaveText('party.0.snapshot.health: expected a whole number');
  await row.getByRole('button', { name: 'Actions for Old fight' }).click();
  const [fromLibrary] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Export' }).click()]);
  expect(await downloaded(fromLibrary)).toMatchObject({ id: 'old-fight' });
  const kept = page.locator('[data-unreadable="edits"]');
  await expect(kept).toContainText('These edits could not be saved: party.0.snapshot.health: expected a whole number.');
  await axe(page);
  const [keptFile] = await Promise.all([page.waitForEvent('download'), kept.getByRole('button', { name: 'Export “Dock ambush” (unsaved edits)' }).click()]);
  expect(keptFile.suggestedFilename()).toBe('dock-ambush-unsaved-edits.nucleus.json');
});

test('the creature list lists every other creature beside one that cannot be read, with its sentence and Export', async ({ page, at }) => {
  await page.goto(at('/nucleus/CreatureEditor'));
  await page.getByRole('button', { name: 'New creature' }).click(LOADED);
  await page.getByLabel('Name', { exact: true }).fill('Kept beast');
  await waitSaved(page);
  const at0 = new Date().toISOString();
  // An older Nucleus's creature (no schema version) whose threat rank is not a number.
  const document = { id: 'old-beast', kind: 'creature', name: 'Old beast', creatureKind: 'beast', threatRank: 'high', attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: {}, properties: [], attacks: [], createdAt: at0, updatedAt: at0 };
  await plant(page, { id: 'old-beast', kind: 'creature', name: 'Old beast', tags: [], revision: 1, createdAt: at0, updatedAt: at0, valid: true, document });

  await page.goto(at('/nucleus/CreatureEditor'));
  await expect(page.getByRole('list', { name: 'Creatures found' }).getByRole('link', { name: 'Kept beast', exact: true })).toBeVisible(LOADED);
  const bad = page.getByRole('list', { name: 'Creatures that cannot be read' }).locator('[data-unreadable="document"]');
  await expect(bad).toContainText('Nucleus cannot read this creature as it is stored: threatRank: expected a whole number. Export it to keep a copy.');
  const [file] = await Promise.all([page.waitForEvent('download'), bad.getByRole('button', { name: 'Export “Old beast”' }).click()]);
  expect(await downloaded(file)).toMatchObject({ id: 'old-beast', threatRank: 'high' });
  await axe(page);
  await bad.getByRole('link', { name: 'Old beast', exact: true }).click();
  await expect(page.locator('.kit-missing[data-unreadable="document"]')).toContainText('“Old beast”: Nucleus cannot read this creature');
});
