// @vitest-environment node
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../content/testing';
import { writeServiceWorker } from './serviceWorker';

/** The system temporary folder's entries: a build must not add any. */
const temporaryEntries = () => new Set(readdirSync(realpathSync(tmpdir())));

describe('writeServiceWorker', () => {
  const saved = process.env.NUCLEUS_BUILD_CACHE;
  // No cache: the worker is bundled by workbox-build, the path that left folders behind.
  beforeAll(() => void (process.env.NUCLEUS_BUILD_CACHE = '0'));
  afterAll(() => void (saved === undefined ? delete process.env.NUCLEUS_BUILD_CACHE : (process.env.NUCLEUS_BUILD_CACHE = saved)));

  it('writes sw.js with the precache list of the output and leaves nothing in the temporary folder', async () => {
    const out = scratchDir('nucleus-sw-out-');
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Home</title>');
    mkdirSync(join(out, 'offline'));
    writeFileSync(join(out, 'offline', 'index.html'), '<!doctype html><title>Offline</title>');
    const before = temporaryEntries();
    // A bare output: Workbox warns of its patterns that match nothing here.
    await writeServiceWorker(out, { info: () => {}, warn: () => {} });

    const code = readFileSync(join(out, 'sw.js'), 'utf8');
    expect(code).toContain('"url":"offline/index.html"');
    // The home page is kept once read, like any page (precache.ts).
    expect(code).not.toContain('"url":"index.html"');
    // Other tests running beside this one make scratch folders of their own (`nucleus-…`); the worker's are `nucleus-sw-…`.
    const others = (e: string) => e.startsWith('nucleus-sw-out-') || (e.startsWith('nucleus-') && !e.startsWith('nucleus-sw-'));
    const added = [...temporaryEntries()].filter((e) => !before.has(e) && !others(e));
    expect(added).toEqual([]);
  }, 120_000);
});
