/**
 * The editor says where the work is for a signed-in player (the Auth and
 * Firestore emulators): synced, offline with changes waiting, replaced by
 * another device's version, a conflict kept both ways with links; the
 * cloud unreachable while the browser stays online, then back on its own.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { SYNC, device, firestorePort, newEmail, removeAccounts, saveOnDevice, signIn } from './devices';

test.use({ serviceWorkers: 'block' });
test.afterEach(removeAccounts);
test.describe.configure({ timeout: 300_000 });

const saveState = (page: Page) => page.locator('[data-save-state]');
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' });

/** A signed-in device with a new blueprint open in the editor; returns its id. */
async function editing(page: Page, at: (p: string) => string, email: string, mode: 'Sign in' | 'Create account'): Promise<string> {
  await signIn(page, at, email, mode);
  await page.goto(at('/nucleus/BlueprintEditor'));
  await page.getByRole('button', { name: /New blueprint/ }).first().click();
  await expect(page).toHaveURL(/\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

test('signed in, the editor says synced, offline with the edit waiting, then synced again', async ({ browser, at }) => {
  const context = await browser.newContext();
  const a = await device(context);
  await editing(a, at, newEmail('editor-sync'), 'Create account');
  await expect(saveState(a)).toHaveText('Synced', SYNC);

  await context.setOffline(true);
  await nameField(a).fill('Typed offline');
  await expect(saveState(a)).toHaveText('Offline — will sync', SYNC);
  await context.setOffline(false);
  await expect(saveState(a)).toHaveText('Synced', SYNC);
  await context.close();
});

test('another device’s version replaces the open one, and the editor says so; a conflict links to the copy', async ({ browser, at }) => {
  const email = newEmail('editor-sync');
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await device(ctxA);
  const id = await editing(a, at, email, 'Create account');
  await nameField(a).fill('Shared rifle');
  await expect(saveState(a)).toHaveText('Synced', SYNC);

  const b = await device(ctxB);
  await signIn(b, at, email, 'Sign in');
  await b.goto(at('/nucleus/library'));
  await expect(b.getByRole('link', { name: 'Shared rifle', exact: true })).toBeVisible(SYNC);
  await saveOnDevice(b, id, 'Renamed on B');
  await expect(nameField(a)).toHaveValue('Renamed on B', SYNC);
  await expect(a.locator('[data-replaced]')).toContainText('was just changed in another tab or on another device');

  // Both offline, both edit: a conflict, kept both ways, said in the editor with a link to the copy.
  await ctxA.setOffline(true);
  await ctxB.setOffline(true);
  await nameField(a).fill('Edited on A');
  await expect(saveState(a)).toHaveText('Offline — will sync', SYNC);
  await saveOnDevice(b, id, 'Edited on B');
  await ctxB.setOffline(false);
  await expect(b.getByRole('link', { name: 'Edited on B', exact: true })).toBeVisible(SYNC);
  await ctxA.setOffline(false);
  const notice = a.locator('[data-sync-conflict]');
  await expect(notice).toContainText('was changed on two devices', SYNC);
  await expect(notice.getByRole('link', { name: /conflict copy/ })).toHaveAttribute('href', /\?id=/);
  await expect(notice.getByRole('link', { name: 'Compare and choose in the library' })).toHaveAttribute('href', /\/nucleus\/library#cloud-conflicts$/);
  await expect(saveState(a)).toHaveText('Conflict');
  await ctxA.close();
  await ctxB.close();
});

/** The staged outage, from the first run that met it: past the retries 1 and 3 s after that run, before the one at 7 s. */
const OUTAGE_MS = 5_000;

/** The name the Firestore emulator holds for this account's document (read as the emulator's owner), or null. */
async function cloudName(page: Page, id: string): Promise<string | null> {
  // The sync store is named after the account: nucleus-sync-<uid>.
  const uid = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('nucleus-sync-'))?.slice('nucleus-sync-'.length));
  const url = `http://127.0.0.1:${firestorePort()}/v1/projects/demo-nucleus/databases/(default)/documents/users/${uid}/documents/${encodeURIComponent(id)}`;
  const r = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (!r.ok) return null;
  return ((await r.json()) as { fields?: { name?: { stringValue?: string } } }).fields?.name?.stringValue ?? null;
}

test('the cloud blocked while online, past the first two retries: the edit goes out on its own once it answers', async ({ browser, at }) => {
  const context = await browser.newContext();
  const a = await device(context);
  const id = await editing(a, at, newEmail('editor-sync'), 'Create account');
  await expect(saveState(a)).toHaveText('Synced', SYNC);

  // The browser stays online (no offline or online event); only the cloud's host stops answering.
  const cloudHost = `http://127.0.0.1:${firestorePort()}/**`;
  await context.route(cloudHost, (route) => route.abort('connectionrefused'));
  await nameField(a).fill('Typed while the cloud was away');
  await expect(saveState(a)).toHaveText('Offline — will sync', SYNC);
  // The run met the cloud away; its retries follow 1 s and then 2 s later (sync/retry.ts) and meet it away
  // too. The outage ends after those, mid-wait for the third: nothing in the page can announce the end of
  // an outage the test stages. (The schedule itself, up to 30 s apart, is src/storage/sync/retry.test.ts's.)
  const failedAt = Date.now();
  await expect.poll(() => Date.now() - failedAt, { timeout: 15_000, intervals: [500] }).toBeGreaterThanOrEqual(OUTAGE_MS);
  await context.unroute(cloudHost);

  // No keystroke, no online event: the retries carry the edit to the cloud.
  await expect.poll(() => cloudName(a, id), { timeout: 60_000, intervals: [1_000] }).toBe('Typed while the cloud was away');
  await expect(saveState(a)).toHaveText('Synced', SYNC);
  await context.close();
});

test('an account deleted on another device: the editor there stops saying it syncs, and the header says what happened once it signs out', async ({ browser, at }) => {
  const email = newEmail('deleted-elsewhere');
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await device(ctxA);
  await signIn(a, at, email, 'Create account');
  await a.goto(at('/nucleus/CharacterEditor'));
  await a.getByRole('button', { name: 'New character' }).click(SYNC);
  await nameField(a).fill('Vex');
  await expect(saveState(a)).toHaveText('Synced', SYNC);

  // On device B the same person deletes the account.
  const b = await device(ctxB);
  await signIn(b, at, email, 'Sign in');
  await b.locator('header [data-account-button]').click();
  const profile = b.getByRole('dialog', { name: 'Your account' });
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await profile.getByRole('button', { name: 'Delete my account' }).click();
  await expect(b.getByRole('dialog', { name: 'Account deleted' }).getByRole('status')).toContainText('Your account is deleted', SYNC);

  // Device A, still signed in with a token that outlives the account, edits: the cloud refuses, and A finds out why.
  await nameField(a).fill('Vex Marrow');
  const notice = a.getByRole('dialog', { name: 'Account deleted' });
  await expect(notice.getByRole('status')).toHaveText(
    'Your account was deleted on another device, so this device is signed out. The documents on this device stay here, and you can keep using them without an account.',
    SYNC,
  );
  await expect(a.locator('header [data-account-button]')).toHaveAttribute('data-auth-status', 'signed-out');
  await expect(a.getByText(/sign in again|retry/i)).toHaveCount(0);
  await notice.getByRole('button', { name: 'Done' }).click();
  await expect(notice).toBeHidden();
  // Nothing typed is lost, and the editor says where it is: on this device, not "syncing…".
  await expect(nameField(a)).toHaveValue('Vex Marrow');
  await expect(saveState(a)).toHaveText('Saved on this device', SYNC);
  await a.reload();
  await expect(nameField(a)).toHaveValue('Vex Marrow', SYNC);
  await expect(saveState(a)).toHaveText('Saved on this device');
  await ctxA.close();
  await ctxB.close();
});
