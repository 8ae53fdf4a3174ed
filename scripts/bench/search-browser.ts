/**
 * Search in Chromium on a built site (`bench:search -- --browser DIST [--query WORD] [--runs N]`):
 *  - bytes fetched from opening search until the first result shows (as sent, compressed by the server; code included),
 *  - time from opening search on a fresh page (new context, empty cache) to the first result,
 *  - a warm query: from the last key press to the results in the page.
 * Numbers, never assertions; on a shared machine times are upper bounds.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

// Away from the end-to-end servers (E2E_PORT 44xx) that may run beside it.
const port = Number(process.env.BENCH_PORT ?? 4700 + Math.floor(Math.random() * 200));
const origin = `http://127.0.0.1:${port}`;

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Opens search on a fresh page and types `query`: bytes and milliseconds until the first result. */
async function firstResult(page: Page, query: string): Promise<{ bytes: number; ms: number }> {
  await page.goto(`${origin}/rules`);
  await page.waitForFunction(() => document.documentElement.dataset.searchReady === 'true');
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  const pending: Promise<void>[] = [];
  const count = (response: import('@playwright/test').Response) => {
    pending.push(
      response.request().sizes().then(
        (s) => void (bytes += s.responseBodySize + s.responseHeadersSize),
        () => {},
      ),
    );
  };
  page.on('response', count);
  const start = Date.now();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill(query);
  await page.getByRole('option').first().waitFor();
  const ms = Date.now() - start;
  page.off('response', count);
  await Promise.all(pending);
  return { bytes, ms };
}

/** With the index loaded: from the last key press to the results list showing that query. */
async function warmQueries(page: Page, queries: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const q of queries) {
    await page.getByRole('combobox').fill(q.slice(0, -1));
    const ms = await page.evaluate(
      (last) =>
        new Promise<number>((resolve) => {
          const list = document.querySelector('[role="listbox"]')!;
          const input = document.querySelector<HTMLInputElement>('[role="combobox"]')!;
          let t0 = 0;
          const seen = new MutationObserver(() => {
            seen.disconnect();
            resolve(performance.now() - t0);
          });
          seen.observe(list, { childList: true, subtree: true, characterData: true });
          t0 = performance.now();
          // What a key press does to the field: the new value and an input event (React listens to it).
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(input, input.value + last);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      q.slice(-1),
    );
    out.push(ms);
  }
  return out;
}

export async function browserReport(dist: string, query: string, runs: number): Promise<Record<string, unknown>> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`bench:search: ${dist}/ has no build; run npm run build first.`);
  // In a process group of its own: npx starts serve as a child, and both must end with the benchmark.
  const server = spawn('npx', ['serve', dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore', detached: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForServer();
    const fresh: { bytes: number; ms: number }[] = [];
    let warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      fresh.push(await firstResult(page, query));
      if (i === 0) warm = await warmQueries(page, ['edge', 'guard', 'armour', 'initiative', 'hacking', 'strain', 'cores', 'rifle', 'sparks', 'threat']);
      await context.close();
    }
    return {
      query,
      bytesBeforeFirstResultKB: Number((median(fresh.map((f) => f.bytes)) / 1024).toFixed(1)),
      firstResultFreshPageMs: { median: median(fresh.map((f) => f.ms)), runs: fresh.map((f) => f.ms) },
      warmQueryLastKeyToResultsMs: { median: Number(median(warm).toFixed(1)), max: Number(Math.max(...warm).toFixed(1)) },
    };
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
  }
}
