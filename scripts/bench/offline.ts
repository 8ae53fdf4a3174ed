/**
 * What a first visit costs beyond the page itself (issue 37), from a built
 * site:
 *
 * 1. The service worker's precache list (src/build/precache.ts): files,
 *    raw and gzipped, against the 150 KB budget; and what is left to be
 *    cached on use (search files, the database and its engine).
 * 2. The offline copy "Save for offline" downloads (src/build/offlineCopy.ts):
 *    pages, files, bytes as stored (what the dialog says) and gzipped (about
 *    what a compressing host sends).
 * 3. With `--browser`: the bytes the page itself fetches in the 10 s after
 *    its load event with no interaction (prefetch, idle loads), at 390 and
 *    1280 px, the service worker blocked so that its precache is not
 *    counted. Transfer sizes as served (headers and compressed bodies).
 *
 *   npm run --silent bench:offline                          # dist/
 *   npm run --silent bench:offline -- --dist DIR --browser --page /rules/combat
 *
 * Prints numbers; never fails on them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { gzippedBytes, precacheFiles, PRECACHE_BUDGET_GZ_BYTES } from '../../src/build/precache';
import { offlineCopyList } from '../../src/build/offlineCopy';
import { CONTENT_DATABASE_FILE } from '../../src/db';
import { downloadSentence, totalBytes } from '../../src/stores/offlineCopy';
import { spawn } from 'node:child_process';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const dist = arg('dist', 'dist');
const port = Number(arg('port', '4489'));
const pages = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--page' ? [a] : []));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every file under `dir`, site-relative. */
function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`).filter((f) => statSync(join(root, f)).isFile());
}

/** A saved page is its folder's index.html; every other entry is the file itself. */
const fileOf = (entry: string) => (existsSync(join(dist, entry)) && statSync(join(dist, entry)).isFile() ? entry : join(entry, 'index.html'));

async function offlineCopy(): Promise<void> {
  const list = await offlineCopyList(dist);
  const gz = gzippedBytes(dist, list.files.map(([f]) => fileOf(f)));
  console.log(`offline copy: ${list.files.length} files, ${kb(totalBytes(list.files))} as stored, ${kb(gz)} gzipped; the dialog says "${downloadSentence(list)}"`);
}

async function precache(): Promise<void> {
  const files = await precacheFiles(dist);
  const raw = files.reduce((s, f) => s + statSync(join(dist, f)).size, 0);
  const gz = gzippedBytes(dist, files);
  console.log(`precache list: ${files.length} files, ${kb(raw)} raw, ${kb(gz)} gzipped (budget ${kb(PRECACHE_BUDGET_GZ_BYTES)}: ${gz <= PRECACHE_BUDGET_GZ_BYTES ? 'met' : 'not met'})`);
  const onUse = [...filesUnder(dist, 'search'), 'search-index.json', CONTENT_DATABASE_FILE, 'sql-wasm.wasm'].filter((f) => existsSync(join(dist, f)));
  console.log(`cached on use, not precached: search files, database and engine: ${onUse.length} files, ${kb(gzippedBytes(dist, onUse))} gzipped`);
}

/** Bytes fetched by the page in the 10 s after its load event, at one width. */
async function idleBytes(browser: Awaited<ReturnType<typeof chromium.launch>>, path: string, width: number): Promise<{ bytes: number; requests: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: width < 1024 ? 844 : 800 } });
  const page = await context.newPage();
  let loaded = false;
  const after = new Set<import('@playwright/test').Request>();
  page.on('request', (r) => loaded && after.add(r));
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
  loaded = true;
  await new Promise((r) => setTimeout(r, 10_000));
  let bytes = 0;
  const requests: string[] = [];
  for (const r of after) {
    const sizes = await r.sizes().catch(() => null);
    if (!sizes) continue;
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    requests.push(new URL(r.url()).pathname);
  }
  await context.close();
  return { bytes, requests };
}

async function browserRuns(): Promise<void> {
  // Its own process group, so that stopping it stops the server npx started.
  const server = spawn('npx', ['serve', dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore', detached: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (let i = 0; i < 100 && !(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
    for (const path of pages.length ? pages : ['/', '/rules/combat']) {
      for (const width of [390, 1280]) {
        const { bytes, requests } = await idleBytes(browser, path, width);
        console.log(`${path} at ${width} px: ${kb(bytes)} in ${requests.length} requests in the 10 s after load${requests.length ? ` (${requests.join(', ')})` : ''}`);
      }
    }
  } finally {
    await browser.close();
    process.kill(-server.pid!, 'SIGTERM');
  }
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`bench:offline: ${dist}/ has no build; run npm run build first.`);
  process.exit(2);
}
await precache();
await offlineCopy();
if (process.argv.includes('--browser')) await browserRuns();
