/**
 * The game master's encounter document during a live fight (issue 48), a
 * game master and a player on the emulators: the player sees every turn,
 * while the encounter document's cloud copy waits for the round's end
 * (the tracker's save indicator says so); a reload mid-round loses nothing
 * and its first turn still reaches the player; after the fight the cloud
 * copy is exactly the document on the game master's device. The hold
 * itself is tested below the browser (src/storage/syncHold.test.ts,
 * src/editors/encounter/liveHold.test.ts).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { SYNC, device, firestorePort, newEmail, removeAccounts, signIn } from './devices';

// Nothing here is about the service worker or offline reading (going offline
// is the contexts' own): each device's pages skip installing it and precaching.
test.use({ serviceWorkers: 'block' });
test.afterEach(removeAccounts);

/**
 * A page's first Firestore write: on a busy machine the SDK calls itself
 * offline after 10 s without an answer and tries again later, so the
 * first commit may take most of a minute.
 */
const FIRST_WRITE = { timeout: 120_000 };

/** The encounter's cloud copy, read past the rules (the emulator's owner token): its revision and document. */
async function cloudCopy(id: string): Promise<{ revision: number; document: Record<string, unknown> } | null> {
  const res = await fetch(`http://127.0.0.1:${firestorePort()}/v1/projects/demo-nucleus/databases/(default)/documents:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: { from: [{ collectionId: 'documents', allDescendants: true }], where: { fieldFilter: { field: { fieldPath: 'id' }, op: 'EQUAL', value: { stringValue: id } } } },
    }),
  });
  const rows = (await res.json()) as { document?: { fields: Record<string, { stringValue?: string; integerValue?: string }> } }[];
  const found = rows.find((r) => r.document)?.document;
  return found ? { revision: Number(found.fields.revision!.integerValue), document: JSON.parse(found.fields.json!.stringValue!) as Record<string, unknown> } : null;
}

/** The document as saved on the game master's device (IndexedDB). */
async function onDevice(page: Page, id: string): Promise<Record<string, unknown>> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('nucleus-documents');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const record = await new Promise<{ document: Record<string, unknown> }>((resolve, reject) => {
      const g = db.transaction('documents').objectStore('documents').get(id);
      g.onsuccess = () => resolve(g.result as { document: Record<string, unknown> });
      g.onerror = () => reject(g.error);
    });
    db.close();
    return record.document;
  }, id);
}

/** Where the cloud copy's fight stands: [round, turn], or null for no fight. */
async function cloudFight(id: string): Promise<[number, number] | null> {
  const fight = (await cloudCopy(id))?.document.fight as { round: number; turn: number } | undefined;
  return fight ? [fight.round, fight.turn] : null;
}

test('a live fight: the player sees every turn, the encounter document reaches the cloud at the round’s end and whole after the fight, a reload loses nothing', async ({ browser, at }) => {
  test.setTimeout(480_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [gm, ana] = await Promise.all(contexts.map(device));
  await Promise.all([signIn(gm, at, newEmail('gm'), 'Create account'), signIn(ana, at, newEmail('ana'), 'Create account')]);

  await gm.goto(at('/nucleus/campaign'));
  await gm.getByLabel('Name', { exact: true }).fill('Held night');
  await gm.getByRole('button', { name: 'Create campaign' }).click();
  await gm.getByRole('button', { name: 'Make an invite link' }).click(FIRST_WRITE);
  const link = await gm.getByLabel(/Invite link/).inputValue();
  await ana.goto(link);
  await ana.getByRole('button', { name: 'Join the campaign' }).click(FIRST_WRITE);
  await ana.getByRole('link', { name: 'Open the campaign' }).click();

  // The game master's encounter: a ganger and two heroes, synced before the fight.
  await gm.goto(at('/nucleus/EncounterEditor'));
  await gm.getByRole('button', { name: 'New encounter' }).click(SYNC);
  await gm.getByRole('textbox', { name: 'Name' }).first().fill('Dock brawl');
  await gm.getByLabel('Search creatures').fill('ganger');
  await gm.getByRole('button', { name: /^Add 1 Chrome Fang Ganger/ }).first().click();
  for (const hero of ['Vex', 'Rook']) {
    const quick = gm.locator('.enc-quick');
    if ((await quick.getAttribute('open')) === null) await quick.locator('summary').click();
    await quick.getByRole('textbox', { name: 'Name' }).fill(hero);
    await gm.getByRole('button', { name: 'Add quick entry' }).click();
  }
  const saveState = gm.locator('[data-save-state]');
  await expect(saveState).toHaveAttribute('data-save-state', 'synced', SYNC);
  const id = new URL(gm.url()).searchParams.get('id')!;

  await gm.getByRole('button', { name: 'Start the fight' }).click();
  await gm.getByLabel('Run in campaign').selectOption({ label: 'Held night' }, SYNC);
  await ana.getByRole('button', { name: 'Follow Dock brawl' }).click(SYNC);
  await expect(ana.locator('[data-live-round]')).toHaveText('1', SYNC);

  // Round 1: each turn reaches the player; the document is saved here and its cloud copy waits.
  const current = gm.locator('[data-current]');
  const playerTurn = ana.locator('[data-live-turn]');
  for (let t = 0; t < 2; t++) {
    await gm.getByRole('button', { name: 'Next turn' }).click();
    await expect(playerTurn).toHaveText((await current.textContent())!, SYNC);
  }
  await expect(saveState).toHaveText('Saved on this device; synced at the round’s end', SYNC);
  expect(await cloudFight(id)).not.toEqual([1, 2]);

  // The round ends: the cloud copy gets the fight as it stood (at least round 1's last turn); round 2 waits again.
  await gm.getByRole('button', { name: 'Next turn' }).click();
  await expect(ana.locator('[data-live-round]')).toHaveText('2', SYNC);
  const pastTurnTwo = async () => {
    const f = await cloudFight(id);
    return !!f && (f[0] === 2 || f[1] === 2);
  };
  await expect.poll(pastTurnTwo, SYNC).toBe(true);
  await gm.getByRole('button', { name: 'Next turn' }).click();
  await expect(playerTurn).toHaveText((await current.textContent())!, SYNC);

  // The game master reloads mid-round: the tracker is back at the same turn, and the next turn reaches the player.
  const before = await current.textContent();
  await gm.reload();
  await expect(gm.locator('[data-round]')).toHaveText('2');
  await expect(current).toHaveText(before!);
  await gm.getByRole('button', { name: 'Next turn' }).click();
  await expect(playerTurn).toHaveText((await current.textContent())!, SYNC);

  // The fight ends: the cloud copy is the document on the game master's device, fight gone.
  await gm.getByRole('button', { name: 'End the fight' }).click();
  await expect(saveState).toHaveAttribute('data-save-state', 'synced', SYNC);
  const local = await onDevice(gm, id);
  expect(local.fight).toBeUndefined();
  await expect.poll(async () => (await cloudCopy(id))?.document, SYNC).toEqual(local);
});
