/**
 * Accounts against the real Firebase Auth emulator (started by auth.setup.ts):
 * sign-up, sign-out, sign-in, error wording, profile, the `auth` guard, token
 * sync, the lazy SDK and the dialogs' accessibility.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Page, type Response } from '@playwright/test';
import { test, expect } from './fixtures';

const EMULATOR = 'http://127.0.0.1:9099';
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
  expect(up, `the Auth emulator must answer at ${EMULATOR} (tests/e2e/auth.setup.ts starts it)`).toBe(true);
});

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
  expect(cached, 'the SDK chunk must not be precached (src/integrations/service-worker.ts globIgnores)').toEqual([]);
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
  await expect(dialog).not.toContainText(/no account|Firebase/i);
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

test('the library sends a signed-out visitor to /login and back after signing in', async ({ page, at }) => {
  const email = newEmail();
  await createAccount(email);
  await page.goto(at('/nucleus/library'));
  await expect(page).toHaveURL(/\/login\?redirect=\/nucleus\/library$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.locator('html')).toHaveAttribute('data-login-ready', 'true');

  await fillAndSubmit(page.locator('[data-login-root]'), 'Sign in', email, PASSWORD);
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My library');
  await expect(page.locator('html')).toHaveAttribute('data-guard-checked', 'true');

  // Signed in, the guard lets the reader in directly.
  await page.goto(at('/nucleus/library'));
  await expect(page.locator('html')).toHaveAttribute('data-guard-checked', 'true');
  await expect(page).toHaveURL(/\/nucleus\/library\/?$/);

  // Signing out on the guarded page leaves it.
  await signOut(page).catch(() => {});
  await expect(page).toHaveURL(/\/login\?redirect=\/nucleus\/library$/);
});

test('the guard also holds after a client-side navigation', async ({ page, at }) => {
  await page.goto(at('/'));
  await ready(page);
  // A link followed by the client router (no full page load).
  await page.evaluate((href) => {
    const a = Object.assign(document.createElement('a'), { href, textContent: 'library' });
    a.id = 'to-library';
    document.querySelector('main')!.append(a);
  }, at('/nucleus/library'));
  await page.click('#to-library');
  await expect(page).toHaveURL(/\/login\?redirect=\/nucleus\/library$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
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

test('deleting the account signs out and removes it', async ({ page, at }) => {
  const email = newEmail();
  await page.goto(at('/'));
  await signUpInDialog(page, email);
  await accountButton(page).click();
  const profile = profileDialog(page);
  await profile.getByRole('button', { name: 'Delete account…' }).click();
  await profile.getByRole('button', { name: 'Delete my account' }).click();
  await expect(profile).toBeHidden();
  await expect(accountButton(page)).toHaveAccessibleName('Sign in');

  const dialog = await openSignIn(page);
  await fillAndSubmit(dialog, 'Sign in', email, PASSWORD);
  await expect(dialog.getByRole('alert')).toBeVisible();
});
