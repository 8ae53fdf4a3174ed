/**
 * The site under its Content-Security-Policy, in Chromium: the static server
 * sends the headers the build wrote (dist/serve.json, made from the same
 * policy as _headers) and every page carries the policy in its <meta>.
 * Reading (with client-side navigation, a redirect page, the 404 page and
 * preview mode's sql.js), search, an editor, sign-in against the Auth
 * emulator and cloud sync against the Firestore emulator must run with no
 * `securitypolicyviolation` event in any page or frame and no console
 * message about the policy. The emulators are started by auth.setup.ts.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { FIRESTORE_EMULATOR_OVERRIDE_KEY } from '../../src/storage/cloudConfig';
import { test, expect } from './fixtures';

/** This run's Auth emulator, on the port the e2e build baked in (playwright.config.ts names it). */
const AUTH = `http://127.0.0.1:${process.env.NUCLEUS_E2E_AUTH_PORT || 9099}`;
const PASSWORD = 'correct-horse-7';
const SYNC = { timeout: 30_000 };

/** What the policy blocked, from the pages' own events and from the console. */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__nucleusCspViolation', ({ frame }, v: string) => void seen.push(`${frame.url()}: ${v}`));
  await context.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __nucleusCspViolation: (v: string) => void }).__nucleusCspViolation;
        report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
      },
      true,
    );
  });
  context.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) seen.push(`console ${m.type()}: ${m.text()}`);
  });
  return seen;
}

const header = (page: Page) => page.locator('header.site-header');

test.describe('reading, search and an editor', () => {
  test('run under the policy, sent as a header and in every page, with no violation', async ({ browser, at }) => {
    const context = await browser.newContext();
    const violations = await watchPolicy(context);
    const page = await context.newPage();
    const wasm: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('.wasm') && wasm.push(r.url())));

    // The header policy is the page's policy, and it forbids framing.
    const response = await page.goto(at('/rules'));
    const headers = response!.headers();
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    expect(meta).not.toContain("'unsafe-inline' 'sha256"); // styles may be inline; scripts never
    expect(headers['content-security-policy']).toBe(`${meta}; frame-ancestors 'none'`);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'strict-origin-when-cross-origin');

    // Client-side navigation runs the next page's inline scripts under this page's policy.
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true');
    const link = page.locator('main a[href*="/rules/"]').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`));
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /Search the guide/ }).fill('overchrage');
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');

    // A redirect page and the 404 page run their inline scripts.
    await page.goto(at('/editor'));
    await expect(page).toHaveURL(new RegExp(`${at('/nucleus')}/?$`));
    await page.goto(at('/no-such-page'));
    await expect(page.locator('[data-error-description]')).toHaveText('Page not found: /no-such-page');

    // Preview mode renders the page from the local database (sql.js: WebAssembly).
    await page.goto(at('/rules?preview=true'));
    await expect(page.locator('html')).toHaveAttribute('data-search-ready', 'true', { timeout: 20_000 });
    // The database loads after the page is ready: wait for its engine here, before the editor's navigation cancels the fetch.
    await expect.poll(() => wasm.length, { message: 'sql.js loaded its WebAssembly', timeout: 20_000 }).toBeGreaterThan(0);

    // An editor: a new blueprint, named and saved on this device.
    await page.goto(at('/nucleus/BlueprintEditor'));
    await page.getByRole('button', { name: 'New blueprint' }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('New blueprint', { timeout: 20_000 });
    await name.fill('Policy rifle');
    await name.press('Tab');
    await expect(page.locator('[data-save-state]')).toHaveText('Saved on this device', { timeout: 20_000 });

    expect(violations).toEqual([]);
    await context.close();
  });
});

test.describe('sign-in and cloud sync', () => {
  test.use({ serviceWorkers: 'block' });
  const email = `csp-${Math.random().toString(36).slice(2, 8)}@nucleus.test`;

  test.afterAll(async () => {
    const admin = (path: string, body: unknown) =>
      fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/demo-nucleus/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify(body),
      });
    const found = (await (await admin('accounts:lookup', { email: [email] })).json()) as { users?: { localId: string }[] };
    const localIds = (found.users ?? []).map((u) => u.localId);
    if (localIds.length) await admin('accounts:batchDelete', { localIds, force: true });
  });

  test('run against the emulators under the policy with no violation', async ({ browser, at }) => {
    const port = Number(process.env.NUCLEUS_E2E_FIRESTORE_PORT);
    expect(port, process.env.NUCLEUS_E2E_FIRESTORE_ERROR || 'the Firestore emulator was not started by tests/e2e/auth.setup.ts').toBeGreaterThan(0);
    const context = await browser.newContext();
    const violations = await watchPolicy(context);
    await context.addInitScript(([key, p]) => localStorage.setItem(key as string, `127.0.0.1:${p}`), [FIRESTORE_EMULATOR_OVERRIDE_KEY, port] as const);
    const page = await context.newPage();

    // Signed out, the library is open and its cloud panel offers to sign in.
    await page.goto(at('/nucleus/library'));
    await expect(page.locator('[data-cloud="signed-out"]')).toBeVisible();

    // Sign-up through the Auth emulator.
    await page.goto(at('/'));
    await expect(page.locator('html')).toHaveAttribute('data-account-ready', 'true');
    await header(page).locator('[data-account-button]').click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Nucleus' });
    await dialog.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Create account' }).click();
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.locator('form').getByRole('button', { name: 'Create account' }).click();
    await expect(header(page).locator('[data-account-button]')).toHaveAttribute('data-auth-status', 'signed-in', { timeout: 15_000 });

    // A document made in an editor reaches the account's cloud (Firestore emulator).
    await page.goto(at('/nucleus/BlueprintEditor'));
    await page.getByRole('button', { name: 'New blueprint' }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('New blueprint', { timeout: 20_000 });
    await name.fill('Synced under policy');
    await name.press('Tab');
    // Signed in, the status goes on to the cloud's side once it is saved here.
    await expect(page.locator('[data-save-state]')).toHaveText(/^(Saved on this device|Synced)/, { timeout: 20_000 });
    await page.goto(at('/nucleus/library'));
    const row = page
      .getByRole('list', { name: 'Your documents' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Synced under policy', exact: true }) });
    // The editor's sync engine may have carried it already; if not, the library offers it to the account.
    const copy = page.getByRole('region', { name: 'Documents on this device' }).getByRole('button', { name: 'Copy into my account' });
    await expect(copy.or(row.and(page.locator('[data-sync-state="synced"]'))).first()).toBeVisible(SYNC);
    if (await copy.isVisible()) await copy.click();
    await expect(row).toHaveAttribute('data-sync-state', 'synced', SYNC);
    await expect(page.locator('[data-sync-phase]')).toContainText('Synced', SYNC);

    expect(violations).toEqual([]);
    await context.close();
  });
});

test('another site cannot frame the pages (frame-ancestors in the header)', async ({ page, baseURL }) => {
  const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
  await page.setContent(`<iframe src="${baseURL}/rules" title="framed"></iframe>`);
  expect((await refused).text()).toContain("frame-ancestors 'none'");
});
