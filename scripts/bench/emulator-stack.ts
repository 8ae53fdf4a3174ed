/**
 * What the benchmarks on the emulators share (bench:live, bench:members):
 * the Auth and Firestore emulators and the built site on ports of the run's
 * own, a browser context that talks to them (its Firestore traffic counted),
 * and a sign-up through the header's dialog, as a person makes it.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { readE2eBuild } from '../lib/e2e-build.mjs';
import { freePort, portInUse } from '../lib/ports.mjs';
import { startGroup, waitUntil } from '../lib/process.mjs';
import { authEmulatorUrl, startAuthEmulator, waitForAuthEmulator } from '../emulators.mjs';
import { ensureTestFirestore } from '../firestore-emulator.mjs';
import { FIRESTORE_EMULATOR_OVERRIDE_KEY } from '../../src/storage/cloudConfig';
import { countTraffic, installTraffic, type Traffic } from './firestore-traffic';

/** Ceilings, not waits: the emulators answer slowly on a busy machine. */
export const WAIT = { timeout: 120_000 };
export const PASSWORD = 'correct-horse-7';

/** `--name value` from the command line, or `fallback`. */
export const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

export interface Stack {
  base: string;
  firestorePort: number;
  stop(): Promise<void>;
}

/** The emulators and the built site, each on a port of this run's own. */
export async function startStack(): Promise<Stack> {
  const authPort = readE2eBuild()?.authPort;
  if (!authPort) throw new Error('No end-to-end build: run `node scripts/build-e2e.mjs` first (it bakes the Auth emulator address into dist/).');
  if (await portInUse(authPort)) throw new Error(`Port ${authPort}, where dist/ looks for the Auth emulator, is in use (a test run?). Build again with node scripts/build-e2e.mjs.`);
  const sitePort = await freePort();
  const [auth, firestore] = await Promise.all([startAuthEmulator({ port: authPort }), ensureTestFirestore(process.env, { adopt: false })]);
  const site = startGroup('npx', ['serve', 'dist', '--listen', `tcp://127.0.0.1:${sitePort}`, '--no-clipboard', '--no-request-logging']);
  const base = `http://127.0.0.1:${sitePort}`;
  const up = (await waitForAuthEmulator(120_000, authEmulatorUrl(authPort))) && (await waitUntil(async () => (await fetch(base).catch(() => null))?.ok === true, 60_000, 250));
  const stop = async () => void (await Promise.all([auth.stop(), firestore.stop(), site.stop()]));
  if (!up) {
    await stop();
    throw new Error('The Auth emulator or the static server did not start.');
  }
  return { base, firestorePort: firestore.port, stop };
}

/** A browser context (one device) whose pages use this run's Firestore emulator, its traffic counted. */
export async function device(browser: Browser, firestorePort: number): Promise<{ context: BrowserContext; page: Page; traffic: Traffic }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(([key, port]) => localStorage.setItem(key as string, `127.0.0.1:${port}`), [FIRESTORE_EMULATOR_OVERRIDE_KEY, firestorePort] as const);
  const traffic = await countTraffic(context);
  // tsx keeps function names with a `__name` helper the page lacks: give it one.
  await context.addInitScript({ content: `var __name = (f) => f; (${installTraffic.toString()})();` });
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) {
    page.on('console', (m) => console.error(`[page] ${m.type()} ${m.text()}`));
    page.on('requestfailed', (r) => console.error(`[failed] ${r.url().slice(0, 150)} ${r.failure()?.errorText}`));
    page.on('response', (r) => r.url().includes(String(firestorePort)) && console.error(`[fs] ${r.status()} ${r.request().method()} ${r.url().slice(0, 150)}`));
  }
  return { context, page, traffic };
}

/** Creates an account through the header's sign-in dialog and waits until the header says signed in. */
export async function signUp(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('html[data-account-ready="true"]').waitFor(WAIT);
  await page.locator('header [data-account-button]').click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Nucleus' });
  await dialog.getByRole('group', { name: 'Account' }).getByRole('button', { name: 'Create account' }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.locator('form').getByRole('button', { name: 'Create account' }).click();
  await page.locator('header [data-account-button][data-auth-status="signed-in"]').waitFor(WAIT);
}

/** The median (the mean of the middle two of an even count) and the nearest-rank p90 of sorted numbers. */
export const median = (sorted: number[]) => (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
export const p90 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)]!;

/** Chromium from Debian, as the end-to-end tests use it. */
export const CHROMIUM = { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] };
