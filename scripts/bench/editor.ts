/**
 * Editor benchmark: npm run --silent bench:editor [-- --port N --changes N]
 * Serves the built site (dist/, run the build first), drives each editor in
 * Chromium and prints, per case:
 * - the time from a change (the key press, marked on keydown) to the
 *   updated summary (the editor's `nucleus:summary-updated` mark, set when
 *   React has committed the new summary): median and p95 over N changes;
 * - the JavaScript the editor route loads (every script response, gzipped
 *   at level 9 from dist/), and whether the Firebase SDK was among it.
 * Cases: one file per editor in scripts/bench/editor-cases/ (`--case TEXT`
 * keeps those whose name contains TEXT). Numbers only.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { EditorCase } from './editor-cases/types';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const port = Number(arg('port', '4590'));
const changes = Number(arg('changes', '100'));
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

async function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`bench:editor: ${dist}/ has no build; run npm run build first.`);
    process.exit(2);
  }
  const server = spawn('npx', ['serve', dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const rows: Record<string, string | number>[] = [];
  try {
    await waitForServer();
    const work = mkdtempSync(join(tmpdir(), 'nucleus-bench-editor-'));
    for (const c of (await loadCases()).filter((k) => k.name.includes(only))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', (r) => {
        const url = new URL(r.url());
        if (url.origin !== origin || !/\.m?js$/.test(url.pathname)) return;
        const file = join(dist, decodeURIComponent(url.pathname));
        if (existsSync(file)) scripts.set(url.pathname, gzipSync(readFileSync(file), { level: 9 }).length);
      });
      const started = Date.now();
      await page.goto(origin + c.route);
      await page.getByRole('button', { name: /^New / }).waitFor();
      const readyMs = Date.now() - started;

      const file = join(work, `${c.name.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(c.document));
      await page.locator('input[data-import]').setInputFiles(file);
      const control = page.getByRole('spinbutton', { name: c.control, exact: true });
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
      const total = [...scripts.values()].reduce((a, b) => a + b, 0);
      const firebase = [...scripts.keys()].filter((p) => /firebase|sdk\./i.test(p));
      rows.push({
        case: c.name,
        changes,
        'median ms': Number(quantile(times, 0.5).toFixed(2)),
        'p95 ms': Number(quantile(times, 0.95).toFixed(2)),
        'max ms': Number(times.at(-1)!.toFixed(2)),
        'route JS KB gz': Number((total / 1024).toFixed(1)),
        'JS files': scripts.size,
        'Firebase files': firebase.length,
        'ready ms': readyMs,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  console.table(rows);
  console.log(JSON.stringify(rows));
}

main().catch((e) => {
  console.error(`bench:editor: ${(e as Error).message}`);
  process.exit(1);
});
