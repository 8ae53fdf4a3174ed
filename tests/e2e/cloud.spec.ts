/**
 * The cloud, for real, in Chromium: the Firestore emulator (started by
 * auth.setup.ts on its own port) and the Auth emulator.
 * 1. The cloud suite (src/storage/cloud.suite.ts, also run from Node by
 *    vitest) bundled into a page: the browser SDK against the emulator,
 *    security rules included.
 * 2. Two browser contexts as two devices of one account (signed in through
 *    the Auth emulator): the copy offer, sync between devices, the offline
 *    queue, a conflict kept both ways, delete my cloud data.
 * Edits are written the way an editor tab saves them (the device's
 * IndexedDB record, then the BroadcastChannel notice), so this spec does not
 * depend on any one editor's form.
 */
import AxeBuilder from '@axe-core/playwright';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { cloudSuite } from '../../src/storage/cloud.suite';
import { test, expect, shoot } from './fixtures';
import { SYNC, device, firestorePort, newEmail, removeAccounts, saveOnDevice, signIn } from './devices';

test.use({ serviceWorkers: 'block' });

test.describe('the cloud suite in Chromium (browser SDK → Firestore emulator)', () => {
  // The suite is added to the page as an inline script, which the site's
  // Content-Security-Policy rightly blocks; the pages' own code runs under
  // it in the device tests below and in csp.spec.ts.
  test.use({ bypassCSP: true });
  let bundle = '';
  test.beforeAll(async () => {
    const out = await build({ entryPoints: ['tests/e2e/cloud-suite.entry.ts'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
    bundle = out.outputFiles[0]!.text;
  });
  for (const c of cloudSuite) {
    test(c.name, async ({ page, at }) => {
      const port = firestorePort();
      // A page of the site's origin with no script of its own (the home page's would load and run for nothing).
      await page.goto(at('/robots.txt'));
      await page.addScriptTag({ content: bundle });
      await page.evaluate(([name, p]) => window.runCloudCase(name as string, p as number), [c.name, port] as const);
    });
  }
});

// ---- Two devices of one account -------------------------------------------

test.afterEach(removeAccounts);

/** A document in the account library's list (one list: each row carries its sync state). */
const row = (page: Page, name: string | RegExp) =>
  page
    .getByRole('list', { name: 'Your documents' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name }) });
const status = (page: Page) => page.locator('[data-sync-phase]');

test.describe('two devices of one account', () => {
  test.describe.configure({ mode: 'default', timeout: 240_000 });

  test('documents made before sign-in are offered to the account; another device sees them; the profile counts them', async ({ browser, at }) => {
    const email = newEmail();
    const a = await device(await browser.newContext());
    await a.goto(at('/'));
    await saveOnDevice(a, 'pre-1', 'Needle rifle');
    await saveOnDevice(a, 'pre-2', 'Ion lance');
    await signIn(a, at, email, 'Create account');
    await a.goto(at('/nucleus/library'));
    const offer = a.getByRole('region', { name: 'Documents on this device' });
    await expect(offer).toContainText('This device has 2 documents that are not in your account yet');
    await expect(row(a, 'Needle rifle')).toHaveAttribute('data-sync-state', 'local', SYNC);
    await offer.getByRole('button', { name: 'Copy into my account' }).click();
    await expect(row(a, 'Needle rifle')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(row(a, 'Ion lance')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(status(a)).toContainText('Synced', SYNC);
    await expect(a.locator('[data-usage="cloud"]')).toContainText('2 documents', SYNC);

    const b = await device(await browser.newContext());
    await signIn(b, at, email, 'Sign in');
    await b.goto(at('/nucleus/library'));
    await expect(row(b, 'Needle rifle')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(row(b, 'Ion lance')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(b.getByRole('region', { name: 'Documents on this device' })).toHaveCount(0);
    await b.locator('header [data-account-button]').click();
    await expect(b.getByRole('dialog', { name: 'Your account' }).locator('[data-document-counts]')).toContainText('2 on this device, 2 in the cloud');

    const axe = await new AxeBuilder({ page: a }).include('.library-root').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    // One list of the account's documents (no second table), each row with its sync state.
    await expect(a.getByRole('list', { name: 'Your documents' })).toHaveCount(1);
    await expect(a.locator('table')).toHaveCount(0);
    await expect(row(a, 'Needle rifle')).toContainText('Synced');
    await shoot(a, 'account-library-1280.png', { fullPage: true });
    await a.setViewportSize({ width: 375, height: 800 });
    await shoot(a, 'account-library-375.png', { fullPage: true });
    expect(await a.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await a.context().close();
    await b.context().close();
  });

  test('offline, a change waits and syncs when the connection returns; a conflict keeps both and is resolved', async ({ browser, at }) => {
    const email = newEmail();
    const ctxA = await browser.newContext();
    const ctxB = await browser.newContext();
    const a = await device(ctxA);
    await signIn(a, at, email, 'Create account');
    await a.goto(at('/nucleus/library'));
    await expect(status(a)).toContainText('Synced', SYNC);
    await saveOnDevice(a, 'gun', 'Shared gun');
    await expect(row(a, 'Shared gun')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    const b = await device(ctxB);
    await signIn(b, at, email, 'Sign in');
    await b.goto(at('/nucleus/library'));
    await expect(row(b, 'Shared gun')).toHaveAttribute('data-sync-state', 'synced', SYNC);

    // Offline on A: the edit is kept and waits.
    await ctxA.setOffline(true);
    await saveOnDevice(a, 'gun', 'Shared gun, offline edit');
    await expect(status(a)).toContainText('Offline — will sync');
    await expect(row(a, 'Shared gun, offline edit')).toHaveAttribute('data-sync-state', 'waiting', SYNC);
    await ctxA.setOffline(false);
    await expect(row(a, 'Shared gun, offline edit')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(status(a)).toContainText('Synced', SYNC);
    // B hears of it without a reload.
    await expect(row(b, 'Shared gun, offline edit')).toHaveAttribute('data-sync-state', 'synced', SYNC);

    // Both offline, both edit; A's edit is older, B's newer.
    await ctxA.setOffline(true);
    await ctxB.setOffline(true);
    await saveOnDevice(a, 'gun', 'Edited on A');
    await saveOnDevice(b, 'gun', 'Edited on B');
    await ctxA.setOffline(false);
    await expect(row(a, 'Edited on A')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await ctxB.setOffline(false);
    await expect(status(b)).toContainText('Conflict', SYNC);
    const conflicts = b.getByRole('region', { name: /Conflicts to resolve/ });
    await expect(conflicts).toContainText('Edited on B was changed on two devices');
    await expect(conflicts).toContainText(/Edited on A \(conflict copy, \d{4}-\d\d-\d\d \d\d:\d\d\)/);
    await expect(row(b, 'Edited on B')).toHaveAttribute('data-sync-state', 'conflict', SYNC);
    await expect(row(b, /Edited on A \(conflict copy/)).toHaveAttribute('data-sync-state', 'conflict', SYNC);
    // Nothing lost on A either: it gets B's version and the copy of its own.
    await expect(row(a, 'Edited on B')).toBeVisible(SYNC);
    await expect(row(a, /Edited on A \(conflict copy/)).toBeVisible();

    await conflicts.getByRole('button', { name: 'Keep “Edited on B”' }).click();
    await expect(conflicts).toHaveCount(0);
    await expect(status(b)).toContainText('Synced', SYNC);
    await expect(row(b, /conflict copy/)).toHaveCount(0, SYNC);
    await expect(row(b, 'Edited on B')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await ctxA.close();
    await ctxB.close();
  });

  test('delete my cloud data empties the cloud, keeps this device’s documents and pauses sync', async ({ browser, at }) => {
    const email = newEmail();
    const a = await device(await browser.newContext());
    await signIn(a, at, email, 'Create account');
    await a.goto(at('/nucleus/library'));
    // Sync has started (a save made before that counts as "on this device only" and is offered instead).
    await expect(status(a)).toContainText('Synced', SYNC);
    await saveOnDevice(a, 'keep', 'Keep me here');
    await expect(row(a, 'Keep me here')).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(a.locator('[data-usage="cloud"]')).toContainText('1 document', SYNC);
    await a.getByRole('button', { name: 'Delete my cloud data' }).click();
    const confirm = a.getByRole('dialog', { name: 'Delete my cloud data?' });
    await expect(confirm.getByRole('button', { name: 'Delete from the cloud' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete from the cloud' }).click();
    await expect(a.getByText('Deleted 1 document and their history from the cloud. This device keeps its documents.')).toBeVisible();
    await expect(status(a)).toContainText('Cloud sync paused');
    await expect(row(a, 'Keep me here')).toHaveAttribute('data-sync-state', 'local', SYNC);
    await expect(a.locator('[data-usage="cloud"]')).toContainText('0 documents', SYNC);
    await a.context().close();
  });
});
