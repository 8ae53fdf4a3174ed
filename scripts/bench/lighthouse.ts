/**
 * Lighthouse benchmark: npm run --silent bench:lighthouse [-- --dist DIR --port N --runs N --page PATH …]
 * Serves the built site (dist/, run the build first) as a static host would
 * and runs Lighthouse 12 (its default mobile profile: a mid-range phone,
 * simulated slow 4G and 4× CPU slowdown) in Chromium on the home page, a
 * rules page and an editor. Prints each category's score (the median of
 * `--runs`, 3 by default), the paint and blocking figures behind the
 * performance score, and every audit that keeps a category under 100.
 * Targets (issue 25): performance ≥ 95 (home, rules) and ≥ 90 (editor);
 * accessibility, best practices and SEO 100. Numbers only, no pass or fail.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const args = process.argv.slice(2);
const dist = arg('dist', 'dist');
const port = Number(arg('port', '4591'));
const runs = Number(arg('runs', '3'));
const given = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = given.length ? given : ['/', '/rules/combat', '/nucleus/BlueprintEditor'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;
const origin = `http://127.0.0.1:${port}`;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(origin)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The static server on ${origin} did not start.`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

interface Run {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  failing: Set<string>;
}

async function audit(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const scores: Record<string, number> = {};
  const failing = new Set<string>();
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c]!;
    scores[c] = Math.round((cat.score ?? 0) * 100);
    if (c === 'performance') continue;
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id]!;
      if (ref.weight > 0 && a.score !== null && a.score < 1) failing.add(`${c}: ${a.id} (${a.title})`);
    }
  }
  const metrics: Record<string, number> = {};
  for (const m of METRICS) metrics[m] = lhr.audits[m]?.numericValue ?? NaN;
  for (const id of ['render-blocking-resources', 'unused-javascript', 'bootup-time', 'mainthread-work-breakdown']) {
    const a = lhr.audits[id];
    if (a && a.score !== null && a.score < 0.9) failing.add(`performance: ${a.id} (${a.displayValue ?? a.title})`);
  }
  return { scores, metrics, failing };
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`bench:lighthouse: ${dist}/ has no build; run npm run build first.`);
    process.exit(2);
  }
  const server = spawn(process.execPath, ['node_modules/serve/build/main.js', dist, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore' });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const lines: string[] = [];
  const notes: string[] = [];
  try {
    await waitForServer();
    for (const page of PAGES) {
      const all: Run[] = [];
      for (let i = 0; i < runs; i++) all.push(await audit(origin + page, chrome.port));
      const s = (c: string) => median(all.map((r) => r.scores[c]!));
      const m = (k: string) => median(all.map((r) => r.metrics[k]!));
      const range = (c: string) => {
        const xs = all.map((r) => r.scores[c]!);
        return Math.min(...xs) === Math.max(...xs) ? `${s(c)}` : `${s(c)} (${Math.min(...xs)}–${Math.max(...xs)})`;
      };
      lines.push(
        `| \`${page}\` | ${range('performance')} | ${s('accessibility')} | ${s('best-practices')} | ${s('seo')} | ` +
          `${(m('first-contentful-paint') / 1000).toFixed(1)} s | ${(m('largest-contentful-paint') / 1000).toFixed(1)} s | ${Math.round(m('total-blocking-time'))} ms | ${m('cumulative-layout-shift').toFixed(3)} |`,
      );
      for (const f of new Set(all.flatMap((r) => [...r.failing]))) notes.push(`${page}: ${f}`);
    }
  } finally {
    await chrome.kill();
    server.kill();
  }
  console.log(`\nLighthouse (mobile profile), ${dist}, median of ${runs} run(s); load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const l of lines) console.log(l);
  if (notes.length) {
    console.log('\nAudits below full marks:');
    for (const n of notes) console.log(`- ${n}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
