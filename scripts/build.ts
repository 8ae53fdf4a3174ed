/**
 * `npm run build [-- --outDir DIR]`: the site build, and the only way the
 * project (CI, the e2e build, the benchmark, the tests) builds the site.
 * scripts/build.mjs starts it, bundled once per version of its sources (a
 * start through tsx took 1.0-1.5 s of a rebuild's few seconds).
 *
 * It first tries the content-only rebuild (src/build/contentOnly.ts): when the
 * last full build of this code version (src/, public/, lockfile, Astro
 * config, NUCLEUS_BASE, Node) left its snapshot in the build cache, the set
 * of pages is the same, nothing every page shows changed (navigation, folder
 * settings, catalogues), nor the home page or other routes' pages, and at
 * most a few content pages changed, it renders those pages with the saved
 * server bundle and writes the rest from the snapshot and the caches,
 * skipping `astro build` (Vite's two bundles, ~19 s CPU at any size).
 * Before trusting the bundle it renders one unchanged page and requires it
 * to equal the full build's HTML byte for byte. In every other case, or on
 * any error before the output is written, it says why and runs
 * `astro build` with the same arguments. NUCLEUS_CONTENT_ONLY=0 always runs
 * `astro build`. A content error (ContentError: file and line) stops the
 * rebuild before it writes anything, and the build fails with it: a full
 * build would load the same content and stop at the same line.
 *
 * `astro build` empties its output folder when it starts, so it writes
 * beside the folder (`dist.next/`) and the result is renamed into place
 * only when the whole build succeeded (src/build/outFolder.ts): a failed
 * build leaves the last good folder serving.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import lockfile from 'proper-lockfile';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { startPhase, endPhase } from '../src/build/timing';
import { printResult } from '../src/build/result';
import { asideOf, clearAside, swapIn } from '../src/build/outFolder';

const args = process.argv.slice(2);
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// As `astro build` runs: React and others pick their production code by it.
process.env.NODE_ENV ??= 'production';

function outDirOf(list: string[]): string | null {
  let out = 'dist';
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '--outDir' && list[i + 1]) out = list[++i]!;
    else if (list[i]!.startsWith('--outDir=')) out = list[i]!.slice('--outDir='.length);
    else return null; // other options shape the build: leave them to Astro
  }
  return resolve(out);
}

/**
 * Astro's command-line script, run by this Node itself: `npx astro` first
 * starts npm's own command line (about 0.5 s wall, 1 s CPU) only to find
 * this very file in node_modules/.bin.
 */
function astroScript(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('astro/package.json');
  const { bin } = require(manifest) as { bin: { astro: string } };
  return join(dirname(manifest), bin.astro);
}

/**
 * One `astro build` at a time in this project folder. Astro bundles the
 * pages' server code into `.astro/.prerender/` of the project whenever the
 * output folder lies outside it (the benchmark's, the tests'), so two builds
 * at once (two test files, a benchmark beside a build) would load each
 * other's bundles. A second build waits for the first, saying so; a lock
 * left by a build that died is taken over once it is 30 s stale
 * (proper-lockfile refreshes a live one's every 15 s, so Astro runs as a
 * child this process awaits, never blocking its event loop).
 */
async function oneBuildAtATime(): Promise<() => Promise<void>> {
  const dir = resolve('.astro');
  mkdirSync(dir, { recursive: true });
  const options = { lockfilePath: join(dir, 'build.lock'), stale: 30_000 };
  try {
    return await lockfile.lock(dir, { ...options, retries: 0 });
  } catch {
    console.log('[nucleus] another astro build runs in this project folder: waiting for it to end');
    return lockfile.lock(dir, { ...options, retries: { forever: true, minTimeout: 250, maxTimeout: 2000 } });
  }
}

/**
 * Runs `astro build` into the folder beside `out` and swaps it in once it
 * succeeded. With options other than --outDir (`out` null) the output folder
 * is Astro's to work out, and Astro writes it in place.
 */
/** Runs `astro build` with these arguments as a child process; resolves with its exit status. */
function runAstro(astroArgs: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [astroScript(), 'build', ...astroArgs], { stdio: 'inherit' });
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });
}

async function astroBuild(reason: string, out: string | null): Promise<never> {
  console.log(`[nucleus] content-only rebuild not possible: ${reason}; running astro build`);
  printResult({ build: 'astro', fallback: reason });
  const release = await oneBuildAtATime();
  const exit = async (code: number): Promise<never> => {
    await release();
    process.exit(code);
  };
  if (!out) return exit(await runAstro(args));
  clearAside(out);
  const next = asideOf(out);
  const status = await runAstro(['--outDir', next]);
  if (status !== 0) {
    rmSync(next, { recursive: true, force: true });
    console.error(`[nucleus] the build failed: ${out} is left as the last good build wrote it`);
    return exit(status);
  }
  swapIn(next, out);
  return exit(0);
}

async function main(): Promise<void> {
  const out = outDirOf(args);
  if (process.env.NUCLEUS_CONTENT_ONLY === '0') return astroBuild('NUCLEUS_CONTENT_ONLY=0', out);
  if (!out) return astroBuild(`options other than --outDir (${args.join(' ')})`, null);
  const started = startPhase();
  const wall = performance.now();
  // Loaded only when it may run (a fallback does not pay for it).
  const [{ contentOnlyBuild }, { buildContext }] = await Promise.all([import('../src/build/contentOnly'), import('../src/build/context')]);
  const logger = { info: (m: string) => console.log(`[nucleus] ${m}`), warn: (m: string) => console.warn(`[nucleus] ${m}`) };
  const result = await contentOnlyBuild(buildContext(), out, logger);
  // The cache files written in the background must be complete before this
  // process ends, and before an astro build reads and writes them.
  const { flushWrites } = await import('../src/build/cache');
  await flushWrites();
  if ('failed' in result) {
    // Nothing was written: the folder is the last good build's.
    console.error(`[nucleus] the build failed: ${result.failed}`);
    console.error(`[nucleus] ${out} is left as the last good build wrote it`);
    printResult({ build: 'content-only', failed: result.failed });
    process.exit(1);
  }
  if ('fallback' in result) return astroBuild(result.fallback, out);
  endPhase('content-only rebuild', started);
  printResult({ build: 'content-only', rendered: result.rendered });
  console.log(`[nucleus] content-only rebuild: ${result.rendered} ${result.rendered === 1 ? 'page' : 'pages'} rendered, astro build skipped (${result.pages} content pages, ${((performance.now() - wall) / 1000).toFixed(1)} s)`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
