/**
 * Editor benchmark: npm run --silent bench:editor [-- --port N --changes N --loads N]
 * Serves the built site (dist/, run the build first), drives each editor in
 * Chromium and prints two tables.
 *
 * Routes (every editor in src/config/routes.ts), N cold loads each (a new
 * browser context: empty cache, no service worker, no documents):
 * - ready: navigation start to the editor's `nucleus:editor-ready` mark (set
 *   when its first screen, the list with "New …", is rendered with live
 *   handlers): median and p95;
 * - the JavaScript the route loads until then (every script response,
 *   gzipped at level 9 from dist/), and whether the Firebase SDK was among it.
 *
 * Cases (one file per editor in scripts/bench/editor-cases/), on one document:
 * - open: navigation start to `nucleus:editor-ready` when the route opens the
 *   stored document (?id=…, warm cache): median and p95 over N loads;
 * - the time from a change (the key press, marked on keydown) to the
 *   updated summary (the editor's `nucleus:summary-updated` mark, set when
 *   React has committed the new summary): median and p95 over N changes;
 * - all the JavaScript loaded by then (saving and importing load the
 *   document parser, zod, on first use).
 * `--case TEXT` keeps the cases whose name contains TEXT. Numbers only; the
 * machine's load average is printed with them.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { EditorCase } from './editor-cases/types';
import { EDITORS } from '../../src/config/routes';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const port = Number(arg('port', '4590'));
const changes = Number(arg('changes', '100'));
const loads = Number(arg('loads', '7'));
const READY = 'nucleus:editor-ready';
const dist = arg('dist', 'dist');
const only = arg('case', '');
const origin = `http://127.0.0.1:${port}`;

async function loadCases(): Promise<EditorCase[]> {
  const dir = new URL('./editor-cases/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'types.ts').sort();
  const out: EditorCase[] = [];
  for (const f of files) out.push(...((await import(new URL(f, dir).href)) as { cases: EditorCase[] }).cases);
  return out;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(origin)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The static server on ${origin} did not start.`);
}

/** Records the gzipped size of every script of this origin the page loads. */
function recordScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin !== origin || !/\.m?js$/.test(url.pathname)) return;
    const file = join(dist, decodeURIComponent(url.pathname));
    if (existsSync(file)) scripts.set(url.pathname, gzipSync(readFileSync(file), { level: 9 }).length);
  });
  return scripts;
}

/** Navigates and waits for the editor's ready mark; its time from navigation start, in ms. */
async function readyAfter(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const t = await page.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime ?? null, READY, { timeout: 30_000 });
  return (await t.jsonValue()) as number;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const firebaseFiles = (m: Map<string, number>) => [...m.keys()].filter((p) => /firebase|sdk\./i.test(p)).length;
const ms = (sorted: number[], q: number) => Number(quantile(sorted, q).toFixed(1));

async function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`bench:editor: ${dist}/ has no build; run npm run build first.`);
    process.exit(2);
  }
  const server = spawn('npx', ['serve', dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const rows: Record<string, string | number>[] = [];
  const routes: Record<string, string | number>[] = [];
  try {
    await waitForServer();
    for (const editor of EDITORS) {
      const ready: number[] = [];
      let scripts = new Map<string, number>();
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const seen = recordScripts(page);
        ready.push(await readyAfter(page, `${origin}/nucleus/${editor.slug}`));
        await page.getByRole('button', { name: /^New / }).first().waitFor();
        if (i === 0) scripts = seen;
        await context.close();
      }
      ready.sort((a, b) => a - b);
      routes.push({
        route: `/nucleus/${editor.slug}`,
        loads,
        'ready median ms': ms(ready, 0.5),
        'ready p95 ms': ms(ready, 0.95),
        'route JS KB gz': kb(sum(scripts)),
        'JS files': scripts.size,
        'Firebase files': firebaseFiles(scripts),
      });
    }

    const work = mkdtempSync(join(tmpdir(), 'nucleus-bench-editor-'));
    for (const c of (await loadCases()).filter((k) => k.name.includes(only))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts = recordScripts(page);
      await page.goto(origin + c.route);
      await page.getByRole('button', { name: /^New / }).first().waitFor();

      const file = join(work, `${c.name.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(c.document));
      await page.locator('input[data-import]').setInputFiles(file);
      let control = page.getByRole('spinbutton', { name: c.control, exact: true });
      await control.waitFor();
      // Opening the stored document: the route with ?id=, warm cache.
      const docUrl = page.url();
      const open: number[] = [];
      for (let i = 0; i < loads; i++) open.push(await readyAfter(page, docUrl));
      open.sort((a, b) => a - b);
      control = page.getByRole('spinbutton', { name: c.control, exact: true });
      await control.waitFor();
      await control.focus();
      await page.evaluate(() => {
        window.addEventListener('keydown', () => performance.mark('nucleus:change'), { capture: true });
      });
      const times: number[] = [];
      for (let i = 0; i < changes; i++) {
        const before = await page.evaluate(() => performance.getEntriesByName('nucleus:summary-updated').length);
        await control.press(c.keys[i % c.keys.length]!);
        const t = await page.waitForFunction(
          (n) => {
            const done = performance.getEntriesByName('nucleus:summary-updated');
            if (done.length <= n) return null;
            const start = performance.getEntriesByName('nucleus:change').at(-1)!;
            return done.at(-1)!.startTime - start.startTime;
          },
          before,
        );
        times.push((await t.jsonValue()) as number);
      }
      times.sort((a, b) => a - b);
      rows.push({
        case: c.name,
        'open median ms': ms(open, 0.5),
        'open p95 ms': ms(open, 0.95),
        changes,
        'median ms': Number(quantile(times, 0.5).toFixed(2)),
        'p95 ms': Number(quantile(times, 0.95).toFixed(2)),
        'max ms': Number(times.at(-1)!.toFixed(2)),
        'JS after use KB gz': kb(sum(scripts)),
        'Firebase files': firebaseFiles(scripts),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  console.log(`load average (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(', ')}; ${loads} loads, ${changes} changes`);
  console.table(routes);
  console.table(rows);
  console.log(JSON.stringify({ routes, cases: rows }));
}

main().catch((e) => {
  console.error(`bench:editor: ${(e as Error).message}`);
  process.exit(1);
});
