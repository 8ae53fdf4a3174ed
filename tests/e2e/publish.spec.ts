/**
 * The deploy issue's "done when", end to end in a real browser: a writer
 * changes one rules page; the workflow's steps (`npm run check:content`,
 * `npm run build`, as .github/workflows/site.yml runs them) check it and
 * rebuild it from the build cache without `astro build`; the result, served
 * by a plain static server under the sub-path /guide/, shows the change to a
 * reader who had the page open (the new-version notice says this page
 * changed, and Reload shows the new text) and to one who reads offline after
 * their next visit.
 *
 * It works on copies: of content/, of the sub-path site the suite serves
 * (dist-sub/, built by scripts/build-e2e.mjs) and of the build cache that
 * build filled, so the rebuild is the one a CI run with its cache restored
 * makes, and the other tests' site is left alone.
 */
import { test, expect, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { freePort } from '../../scripts/firestore-emulator.mjs';
import { readResult } from '../../src/build/result';
import { makeScratch, removeScratch } from './scratch';
import { serverAnswers } from './waits';

const BASE = '/guide/';
const PAGE = '2.rules/4.combat.md';
const ADDED = 'Keep the initiative order written where everyone at the table can see it.';

let work = '';
let content = '';
let cache = '';
let site = '';
let server: ChildProcess | undefined;
let origin = '';

/** Runs an npm script as the workflow does, on the copied content and cache. */
function npm(args: string[]): { status: number | null; output: string } {
  const r = spawnSync('npm', ['run', '--silent', ...args], {
    // The Auth emulator's address the sub-path build baked in (scripts/build-e2e.mjs): a PUBLIC_ value that differs would rightly make this a full build.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NUCLEUS_BASE: BASE, NUCLEUS_CONTENT_DIR: content, NUCLEUS_CACHE_DIR: cache, PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${process.env.NUCLEUS_E2E_AUTH_PORT}` },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

test.beforeAll(async () => {
  const defaultCache = resolve('node_modules/.cache/nucleus');
  if (!existsSync('dist-sub/guide/index.html') || !existsSync(defaultCache)) {
    throw new Error('the sub-path build is missing: run npm run test:e2e (scripts/build-e2e.mjs builds dist-sub/ first)');
  }
  work = makeScratch('nucleus-publish-');
  content = join(work, 'content');
  cache = join(work, 'cache');
  site = join(work, 'site');
  cpSync('content', content, { recursive: true });
  cpSync(defaultCache, cache, { recursive: true });
  cpSync('dist-sub', site, { recursive: true });
  const port = await freePort();
  // serve's own script under this Node (not through npx, whose child would
  // outlive a kill of npx and keep listening after the run).
  const serve = join(resolve(createRequire(import.meta.url).resolve('serve/package.json'), '..'), 'build/main.js');
  server = spawn(process.execPath, [serve, site, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore' });
  origin = `http://127.0.0.1:${port}`;
  await serverAnswers(`${origin}${BASE}`, server, 30_000);
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    server.kill();
    await exited;
  }
  removeScratch(work);
});

/** Opens the combat rules page and waits until the service worker keeps it. */
async function readCombat(page: Page): Promise<void> {
  await page.goto(`${origin}${BASE}rules/combat`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Combat');
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 15_000 });
}

test('a writer changes one rules page: checked, rebuilt from the cache, and readers see it, online and offline', async ({ browser }) => {
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'A new version of Nucleus is available' });

  // Reader A has the page open; reader B read it yesterday and left.
  const a = await browser.newContext();
  const b = await browser.newContext();
  const readerA = await a.newPage();
  await readCombat(readerA);
  const readerB = await b.newPage();
  await readCombat(readerB);
  await readerB.close();
  await expect(readerA.getByText(ADDED)).toHaveCount(0);

  // The writer's commit: one sentence more on the combat page.
  const file = join(content, PAGE);
  const text = readFileSync(file, 'utf8');
  const anchor = 'Creatures roll initiative the same way, from their own Reflex and Logic.';
  expect(text).toContain(anchor);
  writeFileSync(file, text.replace(anchor, `${anchor} ${ADDED}`));

  // The workflow's steps: check the content, then build from the cache.
  const check = npm(['check:content']);
  expect(check.status, check.output).toBe(0);
  const build = npm(['build', '--', '--outDir', join(site, 'guide')]);
  expect(build.status, build.output).toBe(0);
  expect(readResult(build.output), build.output).toMatchObject({ build: 'content-only', rendered: 1 });

  // Reader A: the next check finds the new build and says this page changed.
  await readerA.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));
  await expect(notice(readerA)).toBeVisible();
  await expect(notice(readerA)).toContainText('This page has changed.');
  const reloaded = readerA.waitForEvent('load', { timeout: 30_000 });
  await notice(readerA).getByRole('button', { name: 'Reload' }).click();
  // One click: the new text, from the new build (no second notice).
  await reloaded;
  await expect(readerA.getByText(ADDED)).toBeVisible();
  // The reloaded page's own check (its listener is in place once the page has
  // loaded; the text alone shows before its scripts run, and a check asked
  // for then is lost) finishes finding its build current: no notice.
  await readerA.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));
  await expect(readerA.locator('html')).toHaveAttribute('data-version-checks', '1');
  await expect(notice(readerA)).toBeHidden();

  // Reader B comes back while online (the kept copy is refreshed behind the
  // page they are shown), then loses the connection: the change is there.
  const again = await b.newPage();
  await readCombat(again);
  await again.evaluate(() => window.dispatchEvent(new Event('nucleus:check-version')));
  await expect(notice(again)).toContainText('This page has changed.');
  await b.setOffline(true);
  await expect
    .poll(async () => {
      await again.reload();
      return again.getByText(ADDED).count();
    }, { timeout: 20_000 })
    .toBe(1);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Combat');

  await a.close();
  await b.close();
});
