// @vitest-environment node
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../content/testing';
import { startServiceWorkerCode, writeServiceWorker } from './serviceWorker';
import { cacheFolder } from './cache';

describe("the service worker's code made on a worker thread (startServiceWorkerCode)", () => {
  const saved = process.env.NUCLEUS_CACHE_DIR;
  afterAll(() => void (saved === undefined ? delete process.env.NUCLEUS_CACHE_DIR : (process.env.NUCLEUS_CACHE_DIR = saved)));

  it('gives the sw.js the main thread writes: its functions have the same text', async () => {
    process.env.NUCLEUS_CACHE_DIR = scratchDir('nucleus-sw-cache-');
    const out = scratchDir('nucleus-sw-out-');
    mkdirSync(join(out, 'offline'));
    writeFileSync(join(out, 'offline', 'index.html'), '<!doctype html><title>Offline</title>');
    const quiet = { info: () => {}, warn: () => {} };
    await writeServiceWorker(out, quiet); // the code made on this thread, and cached
    const here = readFileSync(join(out, 'sw.js'), 'utf8');

    const folder = cacheFolder('sw')!;
    for (const name of readdirSync(folder)) rmSync(join(folder, name));
    await startServiceWorkerCode();
    // The worker made and cached it: writing sw.js now bundles nothing here.
    expect(readdirSync(folder)).toHaveLength(1);
    rmSync(join(out, 'sw.js'));
    await writeServiceWorker(out, quiet);
    expect(readFileSync(join(out, 'sw.js'), 'utf8')).toBe(here);
  }, 120_000);
});
