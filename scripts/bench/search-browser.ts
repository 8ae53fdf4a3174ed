/**
 * Search in Chromium on a built site (`bench:search -- --browser DIST [--query Q]… [--runs N]`),
 * over a set of queries (`QUERIES`, or each `--query` given), each on a fresh page:
 *  - bytes fetched from opening search until the first result shows (as sent, compressed by the server; code included),
 *  - time from opening search on a fresh page (new context, empty cache) to the first result,
 *  - for a query that finds nothing, both until the page says so,
 *  - median, p95 and max over the queries and runs, and the queries that cost most,
 *  - a warm query: from the last key press to the results in the page.
 * Beside it, in the same run, the anchor: Pagefind (what Astro Starlight
 * ships) indexing the same built pages, measured the same way through its
 * JavaScript API (its code, entry file, WebAssembly, metadata, the query's
 * index chunk and the first result's fragment; its UI would add more).
 * Numbers, never assertions; on a shared machine times are upper bounds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

// Away from the end-to-end servers (E2E_PORT 44xx) that may run beside it.
const port = Number(process.env.BENCH_PORT ?? 4700 + Math.floor(Math.random() * 200));
const origin = `http://127.0.0.1:${port}`;
const pagefindOrigin = `http://127.0.0.1:${port + 1}`;

async function waitForServer(at = origin): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(at)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The static server on ${at} did not start.`);
}

// Words of the rules and of the generated corpus (scripts/corpus.ts).
const WARM_QUERIES = ['edge', 'guard', 'armour', 'initiative', 'hacking', 'strain', 'rifle', 'sparks', 'reactor', 'cipher', 'quarantine', 'plasma rifle'];

/**
 * The default set: what readers type, not only the easy cases. A single word
 * costs one postings part; what makes the tail heavy is a query that stands
 * for many index words (a short prefix, a typo) or several words.
 */
export const QUERIES = [
  // Common words of the corpus vocabulary (each in about 40% of its sections).
  'plasma', 'reactor', 'signal', 'quarantine', 'netrunner', 'ember',
  // Rare words: a page's number in its title, a word of one page (the corpus's home), a table's column.
  '4217', 'benchmark', 'note',
  // Two words.
  'plasma rifle', 'void signal', 'neon market', 'drone relay', 'ghost uplink',
  // Being typed: a prefix of 2–3 letters, alone and after a word.
  'pl', 'co', 'st', 'neo', 'reactor co',
  // Mistyped.
  'frieghter', 'netrunnr', 'arcolgy', 'plasmma rifle',
  // Nothing to find.
  'xylophone',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The value below which 95% of `xs` fall (nearest rank, as `bench:search`'s other figures). */
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;

/**
 * Bytes (as sent: headers and compressed body) of the responses that ended
 * before the first result showed, and the milliseconds to it. `act` returns
 * the moment (epoch ms) the first result showed; what ends later (excerpts,
 * further results) is not counted, for either engine.
 */
async function measured(page: Page, act: () => Promise<number>): Promise<{ bytes: number; ms: number }> {
  const finished: Promise<{ end: number; bytes: number }>[] = [];
  const count = (request: import('@playwright/test').Request) => {
    const t = request.timing();
    finished.push(request.sizes().then((s) => ({ end: t.startTime + t.responseEnd, bytes: s.responseBodySize + s.responseHeadersSize }), () => ({ end: Infinity, bytes: 0 })));
  };
  page.on('requestfinished', count);
  const start = await page.evaluate(() => performance.timeOrigin + performance.now());
  const shown = await act();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', count);
  const bytes = (await Promise.all(finished)).filter((f) => f.end <= shown).reduce((n, f) => n + f.bytes, 0);
  return { bytes, ms: Math.round(shown - start) };
}

/** Opens search on a fresh page and types `query`: bytes and milliseconds until the first result (or "nothing matched"). */
async function firstResult(page: Page, query: string): Promise<{ bytes: number; ms: number }> {
  await page.goto(`${origin}/rules`);
  await page.waitForFunction(() => document.documentElement.dataset.searchReady === 'true');
  await page.waitForLoadState('networkidle');
  // The moment a result enters the page, as the page's own clock tells it.
  await page.evaluate(() => {
    const w = window as Window & { firstResultAt?: number };
    new MutationObserver((_, observer) => {
      // A result, or the dialog saying that nothing matched: the query's answer either way.
      if (!document.querySelector('[role="option"], .search-state[role="status"]')) return;
      w.firstResultAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  return measured(page, async () => {
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill(query);
    await page.locator('[role="option"], .search-state[role="status"]').first().waitFor();
    return page.evaluate(() => (window as Window & { firstResultAt?: number }).firstResultAt!);
  });
}

/** The same with Pagefind: from loading its code to the first result's data (or an empty answer). */
async function pagefindFirstResult(page: Page, query: string): Promise<{ bytes: number; ms: number }> {
  await page.goto(`${pagefindOrigin}/`);
  return measured(page, async () => {
    const found = await page.evaluate(async (q) => {
      // Served by the Pagefind folder's own server: a URL the page resolves, not a module of this project.
      const address = '/pagefind/pagefind.js';
      const pagefind = (await import(/* @vite-ignore */ address)) as { search(q: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }> };
      const search = await pagefind.search(q);
      const first = search.results[0] ? (await search.results[0].data()).url : null;
      return { first, at: performance.timeOrigin + performance.now() };
    }, query);
    // Nothing found is an answer too (Pagefind has no typo matching): counted until it is known.
    return found.at;
  });
}

/** A folder holding Pagefind's index of `dist`'s pages and an empty page to load it from. */
function pagefindSite(dist: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nucleus-pagefind-'));
  const run = spawnSync('npx', ['pagefind', '--site', dist, '--output-path', join(dir, 'pagefind')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Pagefind could not index ${dist}: ${run.stderr || run.stdout}`);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Pagefind</title>');
  return dir;
}

/**
 * Waits until no request has been in flight for `ms`. Playwright's
 * 'networkidle' load state is reached once per page, so waiting for it again
 * returns at once, however many part files are still on their way.
 */
function networkQuiet(page: Page, ms = 300): () => Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  const settle = (step: number) => () => {
    inFlight += step;
    changed = Date.now();
  };
  page.on('request', settle(1));
  page.on('requestfinished', settle(-1));
  page.on('requestfailed', settle(-1));
  return async () => {
    changed = Date.now();
    while (inFlight > 0 || Date.now() - changed < ms) await new Promise((r) => setTimeout(r, 25));
  };
}

/**
 * With the index loaded: from the last key press to the results list showing
 * that query. The query less its last letter is typed first and its parts
 * loaded (as when typing at reading speed), so the last key measures the
 * page, not the network. A key that changes nothing on screen is skipped.
 */
async function warmQueries(page: Page, queries: string[]): Promise<number[]> {
  const out: number[] = [];
  const quiet = networkQuiet(page);
  for (const q of queries) {
    await page.getByRole('combobox').fill(q.slice(0, -1));
    await quiet();
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
          setTimeout(() => {
            seen.disconnect();
            resolve(NaN);
          }, 2000);
          t0 = performance.now();
          // What a key press does to the field: the new value and an input event (React listens to it).
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(input, input.value + last);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      q.slice(-1),
    );
    if (!Number.isNaN(ms)) out.push(ms);
  }
  return out;
}

type Measured = { query: string; bytes: number; ms: number };

/** Median, p95 and max of bytes (KB) and of milliseconds over every query and run. */
function spread(xs: Measured[]) {
  const bytes = xs.map((f) => f.bytes / 1024);
  const ms = xs.map((f) => f.ms);
  const kb = (v: number) => Number(v.toFixed(1));
  return {
    bytesBeforeFirstResultKB: { median: kb(median(bytes)), p95: kb(p95(bytes)), max: kb(Math.max(...bytes)) },
    firstResultFreshPageMs: { median: median(ms), p95: p95(ms), max: Math.max(...ms) },
  };
}

/**
 * Both engines over `queries`, each query on a fresh page (new context, empty
 * cache, no service worker), `runs` times; the two alternate, so both meet
 * the same machine load.
 */
export async function browserReport(dist: string, queries: string[], runs: number): Promise<Record<string, unknown>> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`bench:search: ${dist}/ has no build; run npm run build first.`);
  const pagefindDir = pagefindSite(dist);
  // In process groups of their own: npx starts serve as a child, and both must end with the benchmark.
  const servers = [
    spawn('npx', ['serve', dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore', detached: true }),
    spawn('npx', ['serve', pagefindDir, '--listen', `tcp://127.0.0.1:${port + 1}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore', detached: true }),
  ];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForServer();
    await waitForServer(pagefindOrigin);
    const ours: Measured[] = [];
    const pagefind: Measured[] = [];
    let warm: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const query of queries) {
        for (const [results, measure] of [[ours, firstResult], [pagefind, pagefindFirstResult]] as const) {
          const context = await browser.newContext({ serviceWorkers: 'block' });
          const page = await context.newPage();
          results.push({ query, ...(await measure(page, query)) });
          if (i === 0 && results === ours && warm.length === 0) warm = await warmQueries(page, WARM_QUERIES);
          await context.close();
        }
      }
    }
    const a = spread(ours);
    const b = spread(pagefind);
    const ratio = (x: number, y: number) => Number((x / y).toFixed(2));
    // Per query, the median of its runs: where the tail comes from.
    const perQuery = queries.map((query) => {
      const kb = (xs: Measured[]) => Number((median(xs.filter((f) => f.query === query).map((f) => f.bytes)) / 1024).toFixed(1));
      return { query, nucleusKB: kb(ours), pagefindKB: kb(pagefind) };
    });
    return {
      queries: queries.length,
      runs,
      nucleus: { ...a, warmQueryLastKeyToResultsMs: { median: Number(median(warm).toFixed(1)), max: Number(Math.max(...warm).toFixed(1)), queries: warm.length } },
      pagefind: b,
      ratios: {
        bytesMedian: ratio(a.bytesBeforeFirstResultKB.median, b.bytesBeforeFirstResultKB.median),
        bytesP95: ratio(a.bytesBeforeFirstResultKB.p95, b.bytesBeforeFirstResultKB.p95),
        firstResultMsMedian: ratio(a.firstResultFreshPageMs.median, b.firstResultFreshPageMs.median),
        firstResultMsP95: ratio(a.firstResultFreshPageMs.p95, b.firstResultFreshPageMs.p95),
      },
      perQuery: perQuery.sort((x, y) => y.nucleusKB - x.nucleusKB),
    };
  } finally {
    await browser.close();
    for (const server of servers) if (server.pid) process.kill(-server.pid);
    rmSync(pagefindDir, { recursive: true, force: true });
  }
}
