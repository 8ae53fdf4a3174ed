// @vitest-environment node
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scratchDir } from '../content/testing';
import { MemoryCacheStorage } from '../stores/testing';
import { OFFLINE_COPY_CACHE, OFFLINE_COPY_FILE } from '../config/offline';
import { fromOfflineCopy, writeServiceWorker } from './serviceWorker';
import { CONTENT_DATABASE_FILE } from '../db';

describe('writeServiceWorker', () => {
  const saved = { cache: process.env.NUCLEUS_BUILD_CACHE, tmp: process.env.TMPDIR };
  // A temporary folder of this test's own: builds in other test files make
  // `nucleus-sw-…` folders in the shared one while this test runs. os.tmpdir()
  // reads TMPDIR when called, and tempy (inside workbox-build) reads it once,
  // when workbox-build is first required, which is in the test below.
  const temporary = scratchDir('nucleus-sw-tmp-');
  beforeAll(() => {
    // No cache: the worker is bundled by workbox-build, the path that left folders behind.
    process.env.NUCLEUS_BUILD_CACHE = '0';
    process.env.TMPDIR = temporary;
  });
  afterAll(() => {
    for (const [name, value] of [['NUCLEUS_BUILD_CACHE', saved.cache], ['TMPDIR', saved.tmp]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('writes sw.js with the precache list of the output and leaves nothing in the temporary folder', async () => {
    const out = scratchDir('nucleus-sw-out-');
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Home</title>');
    mkdirSync(join(out, 'offline'));
    writeFileSync(join(out, 'offline', 'index.html'), '<!doctype html><title>Offline</title>');
    // A bare output: Workbox warns of its patterns that match nothing here.
    await writeServiceWorker(out, { info: () => {}, warn: () => {} });

    const code = readFileSync(join(out, 'sw.js'), 'utf8');
    expect(code).toContain('"url":"offline/index.html"');
    // The home page is kept once read, like any page (precache.ts).
    expect(code).not.toContain('"url":"index.html"');
    // Each route falls back to the reader's offline copy, and the copy's list is written beside the worker.
    expect(code).toContain(OFFLINE_COPY_CACHE);
    // The content database is cached when first used, under the name the build gives it (src/db/file.ts).
    expect(code).toContain(CONTENT_DATABASE_FILE.replace(/\./g, '\\.'));
    const copy = JSON.parse(readFileSync(join(out, OFFLINE_COPY_FILE), 'utf8')) as { pages: number; files: [string, number][] };
    expect(copy.pages).toBe(2);
    expect(copy.files).toEqual(expect.arrayContaining([['', 34], ['offline', 37]]));
    // Its scratch folder (`nucleus-sw-…`) and the bundler's (32 hex digits) are gone.
    expect(readdirSync(temporary)).toEqual([]);
  });
});

describe("the service worker's code made on a worker thread (startServiceWorkerCode)", () => {
  const saved = process.env.NUCLEUS_CACHE_DIR;
  afterAll(() => void (saved === undefined ? delete process.env.NUCLEUS_CACHE_DIR : (process.env.NUCLEUS_CACHE_DIR = saved)));

  it('gives the sw.js the main thread writes: its functions have the same text', async () => {
    // After the test above (the cache off, which the cache module keeps): fresh modules, with a cache.
    process.env.NUCLEUS_CACHE_DIR = scratchDir('nucleus-sw-cache-');
    vi.resetModules();
    const [{ startServiceWorkerCode, writeServiceWorker: write }, { cacheFolder }] = await Promise.all([import('./serviceWorker'), import('./cache')]);
    const out = scratchDir('nucleus-sw-out-');
    mkdirSync(join(out, 'offline'));
    writeFileSync(join(out, 'offline', 'index.html'), '<!doctype html><title>Offline</title>');
    const quiet = { info: () => {}, warn: () => {} };
    await write(out, quiet); // the code made on this thread, and cached
    const here = readFileSync(join(out, 'sw.js'), 'utf8');

    const folder = cacheFolder('sw')!;
    for (const name of readdirSync(folder)) rmSync(join(folder, name));
    await startServiceWorkerCode();
    // The worker made and cached it: writing sw.js now bundles nothing here.
    expect(readdirSync(folder)).toHaveLength(1);
    rmSync(join(out, 'sw.js'));
    await write(out, quiet);
    expect(readFileSync(join(out, 'sw.js'), 'utf8')).toBe(here);
  });
});

describe('the worker reads the offline copy', () => {
  // The plugin as sw.js holds it: its source text, evaluated where nothing of this module exists.
  const lookup = (cacheName: string) => {
    const text = String(fromOfflineCopy(cacheName).cachedResponseWillBeUsed);
    return new Function(`return (${text})`)() as ReturnType<typeof fromOfflineCopy>['cachedResponseWillBeUsed'];
  };

  it("answers what the route's own cache lacks from the saved copy, with or without the trailing slash", async () => {
    const storage = new MemoryCacheStorage();
    vi.stubGlobal('caches', storage);
    try {
      const find = lookup('nucleus-offline-copy');
      // No copy saved: nothing, as before (the offline page follows).
      expect(await find({ request: new Request('https://n.test/rules/combat') })).toBeNull();
      const copy = await storage.open('nucleus-offline-copy');
      await copy.put('https://n.test/rules/combat', new Response('combat'));
      await copy.put('https://n.test/', new Response('home'));
      await copy.put('https://n.test/search/p0.json', new Response('{}'));
      expect(await (await find({ request: new Request('https://n.test/rules/combat/') }))?.text()).toBe('combat');
      expect(await (await find({ request: new Request('https://n.test/rules/combat?utm_source=x') }))?.text()).toBe('combat');
      expect(await (await find({ request: new Request('https://n.test/') }))?.text()).toBe('home');
      expect(await (await find({ request: new Request('https://n.test/search/p0.json') }))?.text()).toBe('{}');
      expect(await find({ request: new Request('https://n.test/rules/magic') })).toBeNull();
      // The route's own answer comes first.
      expect(await (await find({ request: new Request('https://n.test/rules/combat'), cachedResponse: new Response('fresher') }))?.text()).toBe('fresher');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
