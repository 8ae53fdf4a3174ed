/**
 * Generates the service worker after the build (workbox-build): the precache
 * list comes from the files in dist/, never from a hand-kept list.
 *
 * Precached: the shell a reader needs to read offline (precache.ts: the
 * offline page, the reading pages' scripts and styles, small icons), at most
 * 150 KB gzipped whatever the size of the site. Cached when first used
 * (runtime routes below): every page read or prefetched, the hashed scripts,
 * styles and fonts (so an editor once opened works offline), the search
 * files, the content database and its engine. A page never visited falls
 * back to the offline page, unless the reader saved the whole site for
 * offline reading: each route then answers from that copy what its own
 * cache lacks (fromOfflineCopy).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFolder, sha, writeAtomic } from './cache';
import { startPhase, endPhase, timed } from './timing';
import type { OutputLogger } from './output';
import { normalBase } from './headers';
import { EDITOR_CODE_FILE, editorCode, gzippedBytes, precacheFiles, PRECACHE_BUDGET_GZ_BYTES } from './precache';
import { ASSETS_CACHE, OFFLINE_COPY_CACHE, OFFLINE_COPY_FILE, PAGES_CACHE, SEARCH_CACHE } from '../config/offline';
import { siteConfig } from '../config/site';
import { offlineCopyList } from './offlineCopy';
import { runWorker } from './workerBundle';
import { buildContext } from './context';

/** Stands in for the precache list in the cached service worker (see below). */
const PLACEHOLDER = { url: '__nucleus-precache-list__', revision: '__nucleus__' };
const PLACEHOLDER_JS = `[{url:${JSON.stringify(PLACEHOLDER.url)},revision:${JSON.stringify(PLACEHOLDER.revision)}}]`;

/** What workbox-build needs to bundle the worker; the list itself is precacheList's. */
function swOptions(out: string) {
  return { globDirectory: out, globPatterns: ['offline/index.html'] };
}

/** The precache list: each shell file with its content's hash as its revision. */
export async function precacheList(out: string, base = normalBase(process.env.NUCLEUS_BASE ?? '/')): Promise<{ url: string; revision: string }[]> {
  return (await precacheFiles(out, base)).map((url) => ({ url, revision: sha(readFileSync(join(out, url))) }));
}

/**
 * A Workbox plugin: when a route's own cache has no answer, the reader's
 * offline copy ("Save for offline", src/scripts/offline-copy.ts) may. A page
 * is kept there as links name it (`/rules/combat`), so the address with and
 * without its trailing slash are both tried. workbox-build writes a plugin's
 * functions into sw.js as their source text, where nothing of this module
 * exists: the cache's name is written into that text here.
 */
export function fromOfflineCopy(cacheName = OFFLINE_COPY_CACHE): { cachedResponseWillBeUsed: (args: { request: Request; cachedResponse?: Response }) => Promise<Response | null> } {
  const lookup = new Function(
    'args',
    `return (async ({ request, cachedResponse }) => {
      if (cachedResponse) return cachedResponse;
      if (typeof caches === 'undefined' || !(await caches.has(${JSON.stringify(cacheName)}))) return null;
      const copy = await caches.open(${JSON.stringify(cacheName)});
      const url = new URL(request.url);
      url.search = '';
      url.hash = '';
      const found = await copy.match(url.href);
      if (found || url.pathname === '/') return found || null;
      url.pathname = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname + '/';
      return (await copy.match(url.href)) || null;
    })(args);`,
  ) as (args: { request: Request; cachedResponse?: Response }) => Promise<Response | null>;
  return { cachedResponseWillBeUsed: lookup };
}

/** What shapes the worker's code; functions as their source text. */
function runtimeOptions() {
  const plugins = [fromOfflineCopy()];
  return {
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    // The new-version notice asks the waiting worker to take over.
    skipWaiting: false,
    // Pages are addressed as folders (`/rules/combat/`): one cache key.
    directoryIndex: 'index.html',
    ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^preview$/],
    runtimeCaching: [
      {
        urlPattern: ({ request }: { request: Request }) => request.mode === 'navigate',
        handler: 'StaleWhileRevalidate' as const,
        options: {
          cacheName: PAGES_CACHE,
          precacheFallback: { fallbackURL: 'offline/index.html' },
          expiration: { maxEntries: 2000 },
          plugins,
        },
      },
      {
        urlPattern: ({ url }: { url: URL }) => /\/api\/content\//.test(url.pathname) || /\/builds\/meta\//.test(url.pathname),
        handler: 'StaleWhileRevalidate' as const,
        options: { cacheName: 'nucleus-data', expiration: { maxEntries: 4000 }, plugins },
      },
      // Hashed file names: a name is one content forever. Whatever a page
      // loaded (an editor and its parts, React, the search dialog, Firebase
      // for a signed-in reader) is there offline next time.
      {
        urlPattern: ({ url }: { url: URL }) => /\/_astro\/[^/]+\.(js|css|woff2|wasm)$/.test(url.pathname),
        handler: 'CacheFirst' as const,
        options: { cacheName: ASSETS_CACHE, expiration: { maxEntries: 600 }, plugins },
      },
      // Not hashed, and a manifest must match its parts: the network first,
      // the cached copy offline (search then answers from what was fetched,
      // and says what it cannot reach: components/search/loader.ts).
      {
        urlPattern: ({ url }: { url: URL }) => /\/(search-index\.json|search\/.+\.json|content\.sqlite\.gz|sql-wasm\.wasm)$/.test(url.pathname),
        handler: 'NetworkFirst' as const,
        options: { cacheName: SEARCH_CACHE, expiration: { maxEntries: 3000 }, plugins },
      },
    ],
  };
}

const workboxVersion = (): string => (createRequire(import.meta.url)('workbox-build/package.json') as { version: string }).version;

/**
 * The worker's code with a placeholder for its precache list. Bundling it
 * (Rollup and Terser inside workbox-build) took 13-15 s of every build at
 * 1,000 pages, yet it depends on the configuration only; the list (every
 * file's revision) changes with each content change. So the bundle is made
 * once per configuration, cached, and the list is put in its place. Clean
 * builds take the same route, so their sw.js is the incremental build's.
 */
async function workerTemplate(out: string, runtime: ReturnType<typeof runtimeOptions> = runtimeOptions()): Promise<string> {
  // The cache folder is the code version's, which covers these options; their
  // functions' source text cannot be the key, since Vite (the Astro config)
  // and the bundled build script (scripts/build.mjs) print them differently.
  const key = sha(workboxVersion());
  const folder = cacheFolder('sw');
  const file = folder && join(folder, `${key}.js`);
  if (file && existsSync(file)) return readFileSync(file, 'utf8');
  const scratch = mkdtempSync(join(tmpdir(), 'nucleus-sw-'));
  // A name no other build uses, so that the bundler's own folder can be found (removeBundlerScratch).
  const name = `sw-${randomUUID()}.js`;
  try {
    // require, not import(): in `astro build` this module runs under Vite's
    // module runner, which is closed by the time the build hooks run.
    const { generateSW } = createRequire(import.meta.url)('workbox-build') as typeof import('workbox-build');
    await generateSW({
      ...swOptions(out),
      ...runtime,
      swDest: join(scratch, name),
      manifestTransforms: [async () => ({ manifest: [{ ...PLACEHOLDER, size: 0 }], warnings: [] })],
    });
    const code = readFileSync(join(scratch, name), 'utf8');
    if (code.split(PLACEHOLDER_JS).length !== 2) throw new Error(`nucleus:service-worker: the bundled worker does not hold the precache placeholder ${PLACEHOLDER_JS} exactly once (did workbox-build change its output?)`);
    if (file && folder) {
      for (const name of readdirSync(folder)) rmSync(join(folder, name), { force: true });
      writeAtomic(file, code);
    }
    return code;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    removeBundlerScratch(name);
  }
}

/**
 * The worker's code made on a worker thread while the pages render
 * (serviceWorker.worker.ts), when no build of this configuration made it yet:
 * bundling it is 3 s of the main thread after the pages otherwise. The
 * options' functions are written into sw.js as their source text, which
 * depends on who compiled this module (Vite or esbuild), so the worker is
 * handed this thread's texts and revives them: its sw.js is this thread's.
 */
export function startServiceWorkerCode(after: Promise<unknown> = Promise.resolve()): Promise<void> {
  const folder = cacheFolder('sw');
  if (!folder || existsSync(join(folder, `${sha(workboxVersion())}.js`))) return Promise.resolve();
  const job: ServiceWorkerCodeJob = { runtime: asData(runtimeOptions()) };
  const made = after.catch(() => undefined).then(() => runWorker<void>('service-worker-code', 'src/build/serviceWorker.worker.ts', job));
  // Whatever went wrong there, writeServiceWorker makes the code itself and reports it.
  return made.catch(() => undefined);
}

export interface ServiceWorkerCodeJob {
  runtime: unknown;
}

const FUNCTION_TEXT = '__nucleus_function_text__';

/** `value` with each function as its source text, which a worker thread can receive. */
function asData(value: unknown): unknown {
  if (typeof value === 'function') return { [FUNCTION_TEXT]: value.toString() };
  if (Array.isArray(value)) return value.map(asData);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asData(v)]));
  return value;
}

/** The inverse of asData: each function made again from its text, whose toString() is that text. */
function fromData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromData);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const text = (value as Record<string, unknown>)[FUNCTION_TEXT];
    // Indirect eval: the text is this build's own code, handed over by the main thread.
    if (typeof text === 'string') return (0, eval)(`(${text})`) as unknown;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromData(v)]));
  }
  return value;
}

/** In the worker thread: makes and caches the worker's code from the main thread's options. */
export async function makeServiceWorkerCode({ runtime }: ServiceWorkerCodeJob): Promise<void> {
  // workbox-build looks for the fallback page in its glob folder; the code does not depend on the folder.
  const scratch = mkdtempSync(join(tmpdir(), 'nucleus-sw-out-'));
  try {
    mkdirSync(join(scratch, 'offline'));
    writeFileSync(join(scratch, 'offline/index.html'), '');
    await workerTemplate(scratch, fromData(runtime) as ReturnType<typeof runtimeOptions>);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * workbox-build (7.4) bundles the worker from a copy named like `swDest`
 * that tempy writes into a new folder of the system's temporary folder and
 * never removes: each build left one behind. The folder holding this
 * build's uniquely named copy is removed, and no other.
 */
function removeBundlerScratch(name: string): void {
  const base = realpathSync(tmpdir());
  for (const entry of readdirSync(base)) {
    const folder = join(base, entry);
    if (/^[0-9a-f]{32}$/.test(entry) && existsSync(join(folder, name))) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The worker's code with the placeholder for its list (see workerTemplate),
 * made with `folder`'s offline page when no build of this configuration has
 * cached it. The content-only rebuild makes it before it writes anything.
 */
export function serviceWorkerTemplate(folder: string): Promise<string> {
  return timed('service worker code (cached per configuration)', () => workerTemplate(folder));
}

/**
 * Writes `out`/sw.js with the precache list of what `out` holds (the full and
 * the content-only build). `listing`: every file of `out` but the static
 * answers, when the caller knows them (offlineCopyList). `code`: the
 * worker's code when the caller made it already (serviceWorkerTemplate).
 */
export async function writeServiceWorker(out: string, logger: OutputLogger, listing?: readonly string[], code?: string): Promise<void> {
  const started = startPhase();
  const template = code ?? (await serviceWorkerTemplate(out));
  const entries = await timed('service worker precache list', () => precacheList(out));
  writeFileSync(join(out, 'sw.js'), template.replace(PLACEHOLDER_JS, () => JSON.stringify(entries)));
  // Each editor's code, which the editor's page caches once the editor is open (src/editors/offline.ts).
  writeFileSync(join(out, EDITOR_CODE_FILE), JSON.stringify(await editorCode(out)));
  // Everything "Save for offline" fetches, with sizes, so it can say what it will download first.
  const copy = await timed('offline copy list', () => offlineCopyList(out, normalBase(process.env.NUCLEUS_BASE ?? '/'), { clientDatabase: siteConfig.clientDatabase, listing }));
  writeFileSync(join(out, OFFLINE_COPY_FILE), JSON.stringify(copy));
  const gz = gzippedBytes(out, entries.map((e) => e.url));
  endPhase('service worker', started);
  const figure = `service worker: ${entries.length} files precached (${(gz / 1024).toFixed(0)} KiB gzipped, budget ${PRECACHE_BUDGET_GZ_BYTES / 1024} KiB)`;
  if (gz > PRECACHE_BUDGET_GZ_BYTES) logger.warn(`${figure}: over budget, so every first visit downloads more than it shows (src/build/precache.ts)`);
  else logger.info(figure);
}

export default function serviceWorker(): AstroIntegration {
  return {
    name: 'nucleus:service-worker',
    hooks: {
      'astro:build:start': () => {
        const h = buildContext();
        h.serviceWorkerCode = undefined;
        // Once the bundles are done (after the data worker started), on the
        // core the data files' worker leaves free once it is done (src/build/dataWorker.ts).
        h.beforePages?.push(() => {
          h.serviceWorkerCode = startServiceWorkerCode(h.dataWorker?.built);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        await buildContext().serviceWorkerCode;
        return writeServiceWorker(fileURLToPath(dir), logger);
      },
    },
  };
}
