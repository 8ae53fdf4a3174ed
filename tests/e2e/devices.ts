/**
 * Devices of one account for the end-to-end tests: browser contexts signed
 * in through the Auth emulator and pointed at the Firestore emulator that
 * tests/e2e/auth.setup.ts started, accounts removed after each test, and
 * saves made the way an editor tab makes them.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { FIRESTORE_EMULATOR_OVERRIDE_KEY } from '../../src/storage/cloudConfig';
import { expect } from './fixtures';

/** This run's Auth emulator, on the port the e2e build baked in (playwright.config.ts names it). */
export const AUTH = `http://127.0.0.1:${process.env.NUCLEUS_E2E_AUTH_PORT || 9099}`;
const PASSWORD = 'correct-horse-7';
/** Sync waits on the emulators, which answer slowly on a busy machine. */
export const SYNC = { timeout: 30_000 };

export function firestorePort(): number {
  const port = Number(process.env.NUCLEUS_E2E_FIRESTORE_PORT);
  if (!port) throw new Error(process.env.NUCLEUS_E2E_FIRESTORE_ERROR || 'The Firestore emulator was not started by tests/e2e/auth.setup.ts.');
  return port;
}

const run = Math.random().toString(36).slice(2, 8);
let n = 0;
const created: string[] = [];
/** A fresh e-mail for this run; its account is removed by `removeAccounts`. */
export const newEmail = (prefix = 'cloud') => {
  const email = `${prefix}-${run}-${n++}@nucleus.test`;
  created.push(email);
  return email;
};

/** Removes the accounts this worker created (call in afterEach). */
export async function removeAccounts(): Promise<void> {
  const emails = created.splice(0);
  if (!emails.length) return;
  const admin = (path: string, body: unknown) =>
    fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/demo-nucleus/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    });
  const found = (await (await admin('accounts:lookup', { email: emails })).json()) as { users?: { localId: string }[] };
  const localIds = (found.users ?? []).map((u) => u.localId);
  if (localIds.length) await admin('accounts:batchDelete', { localIds, force: true });
}

export async function device(context: BrowserContext): Promise<Page> {
  await context.addInitScript(([key, port]) => localStorage.setItem(key as string, `127.0.0.1:${port}`), [FIRESTORE_EMULATOR_OVERRIDE_KEY, firestorePort()] as const);
  return context.newPage();
}

export async function signIn(page: Page, at: (p: string) => string, email: string, mode: 'Sign in' | 'Create account'): Promise<void> {
  await page.goto(at('/'));
  await expect(page.locator('html')).toHaveAttribute('data-account-ready', 'true');
  await page.locator('header [data-account-button]').click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Nucleus' });
  await dialog.getByRole('group', { name: 'Account' }).getByRole('button', { name: mode }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.locator('form').getByRole('button', { name: mode }).click();
  await expect(page.locator('header [data-account-button]')).toHaveAttribute('data-auth-status', 'signed-in', { timeout: 15_000 });
}

export function weapon(id: string, name: string) {
  const at = new Date().toISOString();
  return { id, schemaVersion: 1, kind: 'blueprint', type: 'weapon', name, rank: 1, properties: { damage: 2, range: 'close', rate: 1, bulk: 1 }, features: [], tags: [], createdAt: at, updatedAt: at };
}

/**
 * Saves on this device as an editor tab does: the IndexedDB record and its
 * summary, in one transaction (schema version 2 of src/storage/local.ts),
 * then the notice to the other tabs.
 */
export async function saveOnDevice(page: Page, id: string, name: string): Promise<void> {
  await page.evaluate(
    async ({ id, name, fresh }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('nucleus-documents', 2);
        r.onupgradeneeded = () => {
          r.result.createObjectStore('documents', { keyPath: 'id' });
          r.result.createObjectStore('versions', { keyPath: ['documentId', 'id'] }).createIndex('documentId', 'documentId');
          r.result.createObjectStore('summaries', { keyPath: 'id' });
          r.result.createObjectStore('meta');
        };
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const tx = db.transaction(['documents', 'summaries'], 'readwrite');
      const store = tx.objectStore('documents');
      const old = await new Promise<Record<string, unknown> | undefined>((resolve) => {
        const g = store.get(id);
        g.onsuccess = () => resolve(g.result as Record<string, unknown> | undefined);
      });
      const at = new Date().toISOString();
      const document = { ...((old?.document as object) ?? fresh), name, updatedAt: at };
      const revision = ((old?.revision as number) ?? 0) + 1;
      const record = { id, kind: 'blueprint', name, tags: [], revision, createdAt: (old?.createdAt as string) ?? at, updatedAt: at, valid: true };
      store.put({ ...record, document });
      tx.objectStore('summaries').put({ ...record, bytes: JSON.stringify(document).length, schemaVersion: 1 });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      const channel = new BroadcastChannel('nucleus-documents');
      channel.postMessage({ type: 'saved', id, kind: 'blueprint', revision, remote: false });
      channel.close();
    },
    { id, name, fresh: weapon(id, name) },
  );
}

