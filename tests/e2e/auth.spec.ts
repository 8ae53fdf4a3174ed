/**
 * Accounts against the real Firebase Auth emulator and the Firestore emulator
 * (both started by auth.setup.ts): sign-up, sign-out, sign-in, error wording,
 * profile, deleting an account with its cloud, tabs following each other, the
 * library's cloud panel signed in and out, token sync, the lazy SDK offline
 * and the dialogs' accessibility.
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, type Page, type Response } from '@playwright/test';
import { FIRESTORE_EMULATOR_OVERRIDE_KEY } from '../../src/storage/cloudConfig';
import { LIBRARY_FORMAT, LIBRARY_VERSION } from '../../src/storage/transfer';
import { test, expect } from './fixtures';

/** This run's Auth emulator (tests/e2e/auth.setup.ts), on the port the e2e build baked in. */
const EMULATOR = `http://127.0.0.1:${process.env.NUCLEUS_E2E_AUTH_PORT || 9099}`;
const PASSWORD = 'correct-horse-7';

// One emulator is shared: run this file's tests one after another.
test.describe.configure({ mode: 'default' });
// The service worker would hide token-sync requests from page.route.
test.use({ serviceWorkers: 'block' });

// Unique per run and per test, so runs sharing one emulator never collide.
const run = Math.random().toString(36).slice(2, 8);
let n = 0;
const created: string[] = [];
const newEmail = () => {
  const email = `pilot-${run}-${n++}@nucleus.test`;
  created.push(email);
  return email;
};
const admin = (path: string, body: unknown) =>
  fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-nucleus/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });

test.beforeAll(async () => {
  const up = await fetch(EMULATOR + '/').then((r) => r.ok, () => false);
  expect(up, process.env.NUCLEUS_E2E_AUTH_ERROR || `the Auth emulator must answer at ${EMULATOR} (tests/e2e/auth.setup.ts starts it)`).toBe(true);
});

function firestorePort(): number {
  const port = Number(process.env.NUCLEUS_E2E_FIRESTORE_PORT);
  if (!port) throw new Error(process.env.NUCLEUS_E2E_FIRESTORE_ERROR || 'The Firestore emulator was not started by tests/e2e/auth.setup.ts.');
  return port;
}

/** Pages of this context use the run's own Firestore emulator. */
async function useTestFirestore(context: BrowserContext): Promise<void> {
  const port = firestorePort();
  await context.addInitScript(([key, p]) => localStorage.setItem(key as string, `127.0.0.1:${p}`), [FIRESTORE_EMULATOR_OVERRIDE_KEY, port] as const);
}

test.beforeEach(async ({ context }) => useTestFirestore(context));

/** The ids under a Firestore path, read as the emulator's owner (past the rules). */
async function cloudIds(path: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${firestorePort()}/v1/projects/demo-nucleus/databases/(default)/documents/${path}?pageSize=1000`, {
    headers: { Authorization: 'Bearer owner' },
  });
  expect(res.ok, `reading ${path} from the Firestore emulator`).toBe(true);
  const body = (await res.json()) as { documents?: { name: string }[] };
  return (body.documents ?? []).map((d) => d.name.split('/').pop()!);
}

async function uidOf(email: string): Promise<string | null> {
  const found = (await (await admin('accounts:lookup', { email: [email] })).json()) as { users?: { localId: string }[] };
  return found.users?.[0]?.localId ?? null;
}

// Each test removes the accounts it made. (Not DELETE …/accounts, which
// clears every account: another test run may be using the same emulator.)
test.afterEach(async () => {
  const emails = created.splice(0);
  if (emails.length === 0) return;
  const found = (await (await admin('accounts:lookup', { email: emails })).json()) as { users?: { localId: string }[] };
  const localIds = (found.users ?? []).map((u) => u.localId);
  if (localIds.length) await admin('accounts:batchDelete', { localIds, force: true });
});

async function createAccount(email: string, password = PASSWORD): Promise<void> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(res.ok).toBe(true);
}

const header = (page: Page) => page.locator('header.site-header');
const accountButton = (page: Page) => header(page).locator('[data-account-button]');
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign in to Nucleus' });
const profileDialog = (page: Page) => page.getByRole('dialog', { name: 'Your account' });

async function ready(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-account-ready', 'true');
}

async function openSignIn(page: Page) {
  await ready(page);
  await accountButton(page).click();
  const dialog = signInDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillAndSubmit(scope: ReturnType<Page['locator']>, mode: 'Sign in' | 'Create account', email: string, password: string) {
  await scope.getByRole('group', { name: 'Account' }).getByRole('button', { name: mode }).click();
  await scope.getByLabel('E-mail').fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.locator('form').getByRole('button', { name: mode }).click();
}

async function signUpInDialog(page: Page, email: string) {
  const dialog = await openSignIn(page);
  await fillAndSubmit(dialog, 'Create account', email, PASSWORD);
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
}

async function signOut(page: Page) {
  await accountButton(page).click();
  await profileDialog(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(profileDialog(page)).toBeHidden();
  await expect(accountButton(page)).toHaveAccessibleName('Sign in');
}

test('a content page does not download the Firebase SDK until a dialog opens', async ({ page, at }) => {
  const scripts: Response[] = [];
  const emulatorCalls: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  page.on('request', (r) => {
    if (r.url().startsWith(EMULATOR)) emulatorCalls.push(r.url());
  });
  const hasSdk = async (list: Response[]) => {
    for (const r of list) if ((await r.text().catch(() => '')).includes('identitytoolkit')) return true;
    return false;
  };

  await page.goto(at('/'));
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect(await hasSdk(scripts)).toBe(false);
  expect(emulatorCalls).toEqual([]);

  await openSignIn(page);
  await expect.poll(() => hasSdk(scripts)).toBe(true);
});

test('the service worker does not fetch the Firebase SDK either', async ({ browser, at, baseURL }) => {
  // Its own context: this file blocks service workers elsewhere.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const fetched: string[] = [];
  context.on('requestfinished', async (r) => {
    if (r.resourceType() !== 'script' && !r.url().endsWith('.js')) return;
    const body = await (await r.response())?.text().catch(() => '');
    if (body?.includes('identitytoolkit')) fetched.push(`${r.serviceWorker() ? 'service worker' : 'page'}: ${r.url()}`);
  });
  await page.goto(at('/'));
  await page.evaluate(() => navigator.serviceWorker?.ready);
  await page.waitForLoadState('networkidle');
  const cached = await page.evaluate(async () => {
    const hits: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        if (!/\.js($|\?)/.test(req.url)) continue;
        const text = await (await cache.match(req))!.text();
        if (text.includes('identitytoolkit')) hits.push(req.url);
      }
    }
    return hits;
  });
  await context.close();
  expect(cached, 'the SDK chunk is cached only once used (src/build/precache.ts: never precached)').toEqual([]);
  expect(fetched).toEqual([]);
});

test('sign up, sign out and sign in again', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  const footerLink = page.getByRole('navigation', { name: 'Footer' }).locator('a[data-session-link]');
  await expect(footerLink).toHaveText('Sign in');
  await signUpInDialog(page, email);
  expect(await page.evaluate(() => localStorage.getItem('nucleus:signed-in'))).toBe('1');
  // Signed in, the footer no longer offers to sign in: it leads to the account's library.
  await expect(footerLink).toHaveText('Your library');
  await expect(footerLink).toHaveAttribute('href', at('/nucleus/library'));

  await signOut(page);
  expect(await page.evaluate(() => localStorage.getItem('nucleus:signed-in'))).toBeNull();
  await expect(footerLink).toHaveText('Sign in');

  const dialog = await openSignIn(page);
  await fillAndSubmit(dialog, 'Sign in', email, PASSWORD);
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);

  // The session survives a reload (Firebase keeps it in IndexedDB).
  await page.reload();
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
});

test('a wrong password and an unknown e-mail get the same sentence, so the form never tells whether an account exists', async ({ page, at }) => {
  const email = newEmail();
  await createAccount(email);
  await page.goto(at('/'));
  const dialog = await openSignIn(page);
  await fillAndSubmit(dialog, 'Sign in', email, 'not-the-password');
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Wrong e-mail or password.');
  await fillAndSubmit(dialog, 'Sign in', `nobody-${run}@nucleus.test`, PASSWORD);
  // The sentence is the same; wait for the second answer before reading it.
  await expect(dialog.locator('form').getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(alert).toHaveText('Wrong e-mail or password.');
  await expect(dialog).not.toContainText(/There is no account|Firebase/);
  await expect(accountButton(page)).toHaveAccessibleName('Sign in');
});

test('sign-up says what the password lacks as you type', async ({ page, at }) => {
  await page.goto(at('/'));
  const dialog = await openSignIn(page);
  await dialog.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Create account' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await expect(dialog.getByText('Your password needs at least 6 characters.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('abcdef');
  await expect(dialog.getByText('This password meets the rules.')).toBeVisible();
});

test('a new display name persists after a reload', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  await signUpInDialog(page, email);
  await accountButton(page).click();
  const profile = profileDialog(page);
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText('Not verified')).toBeVisible();
  await expect(profile.getByText('E-mail and password')).toBeVisible();
  await profile.getByLabel('Display name').fill('Nova Rider');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your name is saved.');
  await expect(accountButton(page)).toHaveAccessibleName('Account: Nova Rider');

  await page.reload();
  await expect(accountButton(page)).toHaveAccessibleName('Account: Nova Rider');
  await accountButton(page).click();
  await expect(profileDialog(page).getByLabel('Display name')).toHaveValue('Nova Rider');
  await expect(profileDialog(page).getByText('NR', { exact: true })).toBeVisible();
});

test('the library works signed out; its cloud panel signs in and comes back', async ({ page, at }) => {
  const email = newEmail();
  await createAccount(email);
  await page.goto(at('/nucleus/library'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My library');
  const cloud = page.locator('[data-cloud="signed-out"]');
  await expect(cloud).toContainText('Sign in to keep them in the cloud too');
  await cloud.getByRole('link', { name: 'Sign in to sync' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=\/nucleus\/library$/);
  await expect(page.locator('html')).toHaveAttribute('data-login-ready', 'true');

  await fillAndSubmit(page.locator('[data-login-root]'), 'Sign in', email, PASSWORD);
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);
  await expect(page.locator('[data-sync-phase]')).toBeVisible();
  await expect(cloud).toBeHidden();

  // Signing out on the library keeps the documents on screen; only the cloud panel goes.
  await signOut(page).catch(() => {});
  await expect(cloud).toBeVisible();
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);
  await expect(page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /Trash/ })).toBeVisible();
});

test('after a client-side navigation the library is open to a signed-out reader', async ({ page, at }) => {
  await page.goto(at('/'));
  await ready(page);
  // A link followed by the client router (no full page load).
  await page.evaluate((href) => {
    const a = Object.assign(document.createElement('a'), { href, textContent: 'library' });
    a.id = 'to-library';
    document.querySelector('main')!.append(a);
  }, at('/nucleus/library'));
  await page.click('#to-library');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My library');
  await expect(page.locator('[data-cloud="signed-out"]')).toBeVisible();
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);
});

test('/login only returns to paths on this site', async ({ page, at }) => {
  const email = newEmail();
  await createAccount(email);
  await page.goto(at('/login?redirect=//evil.example/x'));
  await expect(page.locator('html')).toHaveAttribute('data-login-ready', 'true');
  await fillAndSubmit(page.locator('[data-login-root]'), 'Sign in', email, PASSWORD);
  await expect(page).toHaveURL(new URL(at('/'), page.url()).href);
});

test('token sync POSTs a fresh token on sign-in and DELETEs on sign-out', async ({ page, at }) => {
  const calls: { method: string; auth: string | undefined }[] = [];
  await page.addInitScript(() => localStorage.setItem('nucleus:token-sync-url', '/api/token-sync'));
  await page.route('**/api/token-sync', async (route) => {
    calls.push({ method: route.request().method(), auth: route.request().headers()['authorization'] });
    await route.fulfill({ status: 204 });
  });
  await page.goto(at('/'));
  await signUpInDialog(page, newEmail());
  await expect.poll(() => calls.find((c) => c.method === 'POST')).toBeTruthy();
  expect(calls.find((c) => c.method === 'POST')!.auth).toMatch(/^Bearer [\w-]+\.[\w-]*\.[\w-]*$/);

  await signOut(page);
  await expect.poll(() => calls.map((c) => c.method)).toContain('DELETE');
  expect(calls.find((c) => c.method === 'DELETE')!.auth).toBeUndefined();
});

test('a token-sync address on another origin is refused with a console error', async ({ page, at }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const outside: string[] = [];
  await page.route('https://sync.elsewhere.test/**', async (route) => {
    outside.push(route.request().method());
    await route.fulfill({ status: 204 });
  });
  await page.addInitScript(() => localStorage.setItem('nucleus:token-sync-url', 'https://sync.elsewhere.test/token'));
  await page.goto(at('/'));
  await signUpInDialog(page, newEmail());
  await expect.poll(() => errors.join('\n')).toContain('is not on this site');
  expect(outside).toEqual([]);
});

test('with no sign-in service the dialog says cloud sign-in is unavailable', async ({ page, at }) => {
  await page.route(`${EMULATOR}/**`, (route) => route.abort('connectionrefused'));
  await page.goto(at('/'));
  const dialog = await openSignIn(page);
  await expect(dialog.getByText('Cloud sign-in is unavailable right now.')).toBeVisible();
  await expect(dialog.getByText(/editing on this device, keep working/)).toBeVisible();
});

test('the sign-in dialog is an accessible modal', async ({ page, at }) => {
  // 24 key presses, each checked, and an axe run: more than the default limit on a busy machine.
  await page.goto(at('/'));
  await ready(page);
  await accountButton(page).focus();
  await page.keyboard.press('Enter');
  const dialog = signInDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('E-mail')).toBeFocused();

  // Focus stays inside while tabbing both ways.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeFocused();
});

test('the profile dialog is an accessible modal', async ({ page, at }) => {
  await page.goto(at('/'));
  await signUpInDialog(page, newEmail());
  await accountButton(page).click();
  const profile = profileDialog(page);
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await expect(profile.getByText('Delete your account?')).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await expect(accountButton(page)).toBeFocused();
});

function weapon(id: string, name: string) {
  const at = new Date().toISOString();
  return { id, schemaVersion: 1, kind: 'blueprint', type: 'weapon', name, rank: 1, properties: { damage: 2, range: 'close', rate: 1, bulk: 1 }, features: [], tags: [], createdAt: at, updatedAt: at };
}

const syncRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
const SYNC = { timeout: 30_000 };

test('deleting the account deletes its cloud documents and versions first, then says what went and what stays', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  await signUpInDialog(page, email);
  const uid = (await uidOf(email))!;

  // Two documents imported into the account's library sync to the cloud.
  await page.goto(at('/nucleus/library'));
  await expect(page.locator('[data-sync-phase]')).toContainText('Synced', SYNC);
  const file = { format: LIBRARY_FORMAT, version: LIBRARY_VERSION, exportedAt: new Date().toISOString(), documents: [weapon('gone-1', 'Needle rifle'), weapon('gone-2', 'Ion lance')] };
  await page.locator('.lib-file').setInputFiles({ name: 'two.nucleus.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(syncRow(page, 'Needle rifle')).toHaveAttribute('data-sync-state', 'synced', SYNC);
  await expect(syncRow(page, 'Ion lance')).toHaveAttribute('data-sync-state', 'synced', SYNC);
  expect((await cloudIds(`users/${uid}/documents`)).sort()).toEqual(['gone-1', 'gone-2']);
  expect(await cloudIds(`users/${uid}/documents/gone-1/versions`)).toHaveLength(1);

  await accountButton(page).click();
  const profile = profileDialog(page);
  await expect(profile.locator('[data-document-counts]')).toContainText('2 on this device, 2 in the cloud', SYNC);
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await expect(profile.getByRole('group', { name: 'Delete your account?' })).toContainText(
    'This removes your account and everything kept in the cloud for it: 2 documents and all their versions. The 2 documents on this device stay.',
  );
  await profile.getByRole('button', { name: 'Delete my account' }).click();

  // Signed out, the library stays, with its documents; the cloud panel asks to sign in again.
  const notice = page.getByRole('dialog', { name: 'Account deleted' });
  await expect(notice.getByRole('status')).toHaveText(
    'Your account is deleted, and with it the 2 documents it kept in the cloud and all their versions. The 2 documents on this device stay here, and you can keep using them without an account.',
    SYNC,
  );
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);
  await expect(page.locator('[data-cloud="signed-out"]')).toBeVisible();
  await expect(accountButton(page)).toHaveAccessibleName('Sign in');
  // Nothing of the user is left in the cloud, and the account is gone.
  expect(await cloudIds(`users/${uid}/documents`)).toEqual([]);
  expect(await cloudIds(`users/${uid}/documents/gone-1/versions`)).toEqual([]);
  expect(await cloudIds(`users/${uid}/documents/gone-2/versions`)).toEqual([]);
  expect(await uidOf(email)).toBeNull();
  await notice.getByRole('button', { name: 'Done' }).click();
  await expect(notice).toBeHidden();
  // This device keeps its documents.
  await page.goto(at('/nucleus'));
  await expect(page.getByRole('link', { name: 'Needle rifle', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Account deleted' })).toBeHidden();
});

test('deleting the account after an old sign-in asks to sign in again and deletes nothing until then', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  await signUpInDialog(page, email);
  const uid = (await uidOf(email))!;
  await page.goto(at('/nucleus/library'));
  await expect(page.locator('[data-sync-phase]')).toContainText('Synced', SYNC);
  const file = { format: LIBRARY_FORMAT, version: LIBRARY_VERSION, exportedAt: new Date().toISOString(), documents: [weapon('kept-1', 'Arc pistol')] };
  await page.locator('.lib-file').setInputFiles({ name: 'one.nucleus.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(syncRow(page, 'Arc pistol')).toHaveAttribute('data-sync-state', 'synced', SYNC);

  // Ten minutes later by the page's clock: the sign-in is too old for Firebase to delete the account.
  await page.clock.setSystemTime(Date.now() + 10 * 60_000);
  await accountButton(page).click();
  const profile = profileDialog(page);
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await profile.getByRole('button', { name: 'Delete my account' }).click();
  await expect(profile.getByRole('status')).toHaveText('For your safety, confirm it is you before your account is deleted. Nothing has been deleted yet.');
  expect(await cloudIds(`users/${uid}/documents`)).toEqual(['kept-1']);
  expect(await uidOf(email)).toBe(uid);

  // A wrong password deletes nothing either.
  await profile.getByLabel('Your password, to confirm it is you').fill('not-the-password');
  await profile.getByRole('button', { name: 'Confirm and delete' }).click();
  await expect(profile.getByRole('alert')).toHaveText('That password is not right. Nothing has been deleted.');
  expect(await cloudIds(`users/${uid}/documents`)).toEqual(['kept-1']);

  await profile.getByLabel('Your password, to confirm it is you').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Confirm and delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Account deleted' }).getByRole('status')).toContainText('the 1 document it kept in the cloud and all its versions', SYNC);
  expect(await cloudIds(`users/${uid}/documents`)).toEqual([]);
  expect(await uidOf(email)).toBeNull();
});

test('deleting the account with no cloud documents says so and removes it', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  await signUpInDialog(page, email);
  await accountButton(page).click();
  const profile = profileDialog(page);
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await profile.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Account deleted' }).getByRole('status')).toHaveText(
    'Your account is deleted. It kept no documents in the cloud. There are no documents on this device.',
    SYNC,
  );
  await expect(profile).toBeHidden();
  await expect(accountButton(page)).toHaveAccessibleName('Sign in');
  expect(await uidOf(email)).toBeNull();
  await page.getByRole('dialog', { name: 'Account deleted' }).getByRole('button', { name: 'Done' }).click();
  await expect(accountButton(page)).toBeFocused();

  const dialog = await openSignIn(page);
  await fillAndSubmit(dialog, 'Sign in', email, PASSWORD);
  await expect(dialog.getByRole('alert')).toHaveText('Wrong e-mail or password.');
});

test('without the cloud the account is not deleted, and the dialog says why', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  await signUpInDialog(page, email);
  // The Firestore emulator stops answering this page.
  await page.route(`http://127.0.0.1:${firestorePort()}/**`, (route) => route.abort('connectionrefused'));
  await accountButton(page).click();
  const profile = profileDialog(page);
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await profile.getByRole('button', { name: 'Delete my account' }).click();
  await expect(profile.getByRole('alert')).toHaveText('Your account was not deleted: the cloud could not be reached to delete your documents first. Try again when you are online.');
  await expect(accountButton(page)).toHaveAccessibleName(`Account: ${email}`);
  expect(await uidOf(email)).not.toBeNull();
});

// ---- Tabs follow each other ------------------------------------------------

// "Within a second" is a figure of a quiet machine, not this test's bound: a
// loaded one takes longer to load the SDK and to pass the message between
// tabs. The test checks that it arrives (and in what order), at the usual waits.
test('a sign-in and a sign-out in one tab reach the other open tab', async ({ context, at }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  const email = newEmail();
  await b.goto(at('/'));
  await ready(b);
  await expect(accountButton(b)).toHaveAttribute('data-auth-status', 'signed-out');
  await a.goto(at('/'));
  await signUpInDialog(a, email);

  // B never loaded the SDK: it does so now and shows the account.
  await expect(accountButton(b)).toHaveAccessibleName(`Account: ${email}`, SYNC);
  await accountButton(b).click();
  await expect(profileDialog(b)).toBeVisible();
  await expect(signInDialog(b)).toBeHidden();

  // Signing out in B: A follows, and its open profile closes. Opening the
  // profile re-reads the account from the server; its answer is held until B
  // has signed out, the order in which a late answer once signed A back in.
  const lookup = '**/accounts:lookup*';
  let answer!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  await a.route(lookup, async (route) => {
    await held;
    await route.continue();
  });
  const reread = a.waitForResponse(lookup);
  await accountButton(a).click();
  await expect(profileDialog(a)).toBeVisible();
  await profileDialog(b).getByRole('button', { name: 'Sign out' }).click();
  await expect(accountButton(b)).toHaveAccessibleName('Sign in');
  await expect(accountButton(a)).toHaveAccessibleName('Sign in', SYNC);
  await expect(profileDialog(a)).toBeHidden();
  answer();
  await reread;
  await a.unroute(lookup);

  // Both have the SDK loaded now: a sign-in in A reaches B too.
  const dialog = await openSignIn(a);
  await fillAndSubmit(dialog, 'Sign in', email, PASSWORD);
  await expect(accountButton(a)).toHaveAccessibleName(`Account: ${email}`);
  await expect(accountButton(b)).toHaveAccessibleName(`Account: ${email}`, SYNC);
});

// ---- Offline -----------------------------------------------------------------

test('offline, from the cache, Sign in opens a dialog that says it needs a connection and never reloads', async ({ browser, at, baseURL }) => {
  // Its own context: this file blocks service workers elsewhere.
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  await useTestFirestore(context);
  const page = await context.newPage();
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(at('/'));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  expect(loads).toBe(2);

  await accountButton(page).click();
  const dialog = signInDialog(page);
  await expect(dialog.getByText('Cloud sign-in is unavailable right now.')).toBeVisible();
  await expect(dialog.getByText(/You are offline, and signing in needs a connection\./)).toBeVisible();
  // Trying again offline says the same, in place.
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByText('Cloud sign-in is unavailable right now.')).toBeVisible();
  await expect(page.locator('.island-error')).toHaveCount(0);
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
  expect(loads).toBe(2);

  // Back online, the first fetch of the sign-in code (the dialogs and the
  // account stores, stores/user.ts) fails, as it can while the connection
  // returns: the dialog tries again by itself (at once, then after 1, 2, 4 s
  // …) and the form appears, once the sign-in code and the Firebase SDK have
  // downloaded (more than 7 s on a loaded 2-core machine).
  const failed = new Set<string>();
  await context.route(/\/_astro\/(AccountDialogs|user)\.[\w-]+\.js$/, (route) => {
    if (failed.has(route.request().url())) return route.fallback();
    failed.add(route.request().url());
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await expect(dialog.getByLabel('E-mail')).toBeVisible({ timeout: 20_000 });
  expect(failed.size).toBe(2);
  expect(loads).toBe(2);
  await context.close();
});

test('offline, a signed-in reader keeps their library although the account service cannot be loaded', async ({ browser, at, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  await useTestFirestore(context);
  const page = await context.newPage();
  await page.goto(at('/'));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  await signUpInDialog(page, newEmail());
  await page.goto(at('/nucleus/library'));
  await expect(page.locator('[data-sync-phase]')).toBeVisible(SYNC);
  // Offline, and the browser's own cache no longer has the SDK (evicted, or a new build since).
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.setOffline(true);
  await page.reload();
  // The signed-in flag decides while the account service cannot be reached: the cloud panel stays.
  await expect(page.locator('[data-sync-phase]')).toBeVisible(SYNC);
  await expect(page.locator('[data-cloud="signed-out"]')).toHaveCount(0);
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My library');
  await context.close();
});
