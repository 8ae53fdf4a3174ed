import { describe, it, expect, afterEach } from 'vitest';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../content';
import { ParseCache, flushWrites, readCacheFile, sha } from './cache';
import { buildContext } from './context';
import { buildTimestamp } from './info';
import { scratchDir, writeCorpus, page } from '../content/testing';

const files = {
  'index.md': page({ title: 'Home' }, '## Start\n\nSee [combat](/rules/combat).\n'),
  '1.rules/1.combat.md': page({ title: 'Combat' }, '## Rounds\n\nA round is six seconds.\n'),
  '1.rules/2.gear.md': page({ title: 'Gear' }, '## Weapons\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'),
};

describe('the parse cache', () => {
  it('parses each file once; a second load reuses every parse and gives the same site', () => {
    const dir = writeCorpus(files);
    const file = join(scratchDir('nucleus-cache-'), 'parse.bin');
    const first = new ParseCache(file);
    const a = loadSite(dir, { cache: first });
    expect([first.hits, first.misses]).toEqual([0, 3]);
    const second = new ParseCache(file);
    const b = loadSite(dir, { cache: second });
    expect([second.hits, second.misses]).toEqual([3, 0]);
    expect(b.records).toEqual(a.records);
    expect(b.records).toEqual(loadSite(dir).records);
    expect(b.integrity).toBe(a.integrity);
  });

  it('parses again only the file that changed', () => {
    const dir = writeCorpus(files);
    const file = join(scratchDir('nucleus-cache-'), 'parse.bin');
    loadSite(dir, { cache: new ParseCache(file) });
    writeFileSync(join(dir, '1.rules/1.combat.md'), page({ title: 'Combat' }, '## Rounds\n\nA round is ten seconds.\n'));
    const cache = new ParseCache(file);
    const site = loadSite(dir, { cache });
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
    expect(JSON.stringify(site.pages.get('/rules/combat')!.body)).toContain('ten seconds');
  });

  it('hands out copies: changing a loaded record does not change the cache', () => {
    const dir = writeCorpus(files);
    const file = join(scratchDir('nucleus-cache-'), 'parse.bin');
    const cache = new ParseCache(file);
    loadSite(dir, { cache }).pages.get('/rules/gear')!.title = 'Changed';
    expect(loadSite(dir, { cache }).pages.get('/rules/gear')!.title).toBe('Gear');
  });
});

describe('saving the parse cache in the background', () => {
  it('a cache opened before the write lands sees the save, and flushWrites leaves it on disk', async () => {
    const file = join(scratchDir('nucleus-cache-'), 'parse.bin');
    const cache = new ParseCache(file);
    cache.set('a', { title: 'Airlock' });
    cache.save();
    expect(new ParseCache(file).get<{ title: string }>('a')).toEqual({ title: 'Airlock' });
    await flushWrites();
    expect(existsSync(file)).toBe(true);
    expect([...readCacheFile(readFileSync(file)).entries.keys()]).toEqual(['a']);
  });
});

describe('the cache file', () => {
  const value = (n: number) => ({ text: `entry ${n} `.repeat(200) });
  /** A cache file with entries 0..n-1, as a build that used them all leaves it. */
  async function filled(n: number): Promise<string> {
    const file = join(scratchDir('nucleus-cache-'), 'values.bin');
    const cache = new ParseCache(file);
    for (let i = 0; i < n; i++) cache.set(`k${i}`, value(i));
    cache.save();
    await flushWrites();
    return file;
  }
  /** Opens the file as a new process would (not from this process's memory). */
  const reopen = (file: string) => {
    buildContext().cacheFiles.delete(file);
    return new ParseCache(file);
  };

  it('grows by the new entry only when one value changed, and reads back every value', async () => {
    const file = await filled(50);
    const before = statSync(file).size;
    const cache = reopen(file);
    for (let i = 1; i < 50; i++) cache.get(`k${i}`);
    expect(cache.get('k50')).toBeUndefined();
    cache.set('k50', value(50));
    cache.save();
    await flushWrites();
    const added = statSync(file).size - before;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(before / 20);
    const again = reopen(file);
    expect(again.get('k50')).toEqual(value(50));
    // An entry the last build did not use is still there (a page changed back hits the cache).
    expect(again.get('k0')).toEqual(value(0));
  });

  it('is read once a build when shared: a cache of the same file opened later takes what the first read', async () => {
    const file = await filled(3);
    reopen(file).share();
    writeFileSync(file, 'not a cache file any more');
    expect(new ParseCache(file).get('k2')).toEqual(value(2));
    expect(reopen(file).get('k2')).toBeUndefined();
  });

  it('keeps the whole entries before a torn end, and writes the file whole on the next save', async () => {
    const file = await filled(5);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 10));
    const state = readCacheFile(readFileSync(file));
    expect([state.whole, [...state.entries.keys()]]).toEqual([false, ['k0', 'k1', 'k2', 'k3']]);
    const cache = reopen(file);
    for (let i = 0; i < 4; i++) cache.get(`k${i}`);
    cache.set('k4', value(4));
    cache.save();
    await flushWrites();
    const healed = readCacheFile(readFileSync(file));
    expect([healed.whole, healed.written, [...healed.entries.keys()]]).toEqual([true, 5, ['k0', 'k1', 'k2', 'k3', 'k4']]);
  });

  it('is written whole again, with only the used entries, when old ones outnumber them', async () => {
    const file = await filled(20);
    const cache = reopen(file);
    for (let i = 0; i < 5; i++) cache.get(`k${i}`);
    cache.set('new', value(99));
    cache.save();
    await flushWrites();
    const state = readCacheFile(readFileSync(file));
    expect([state.whole, state.written]).toEqual([true, 6]);
    expect([...state.entries.keys()].sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'new']);
  });

  it('starts empty from a file that is not a cache file (an older format)', () => {
    const file = join(scratchDir('nucleus-cache-'), 'values.bin');
    writeFileSync(file, 'something else entirely');
    const cache = reopen(file);
    expect(cache.get('a')).toBeUndefined();
    expect(readCacheFile(readFileSync(file)).whole).toBe(false);
  });
});

describe('cache keys', () => {
  it('hash a long string as its UTF-8, as a short one is hashed', () => {
    const long = 'Ships › Drives ✦ '.repeat(10_000);
    expect(sha(long, 'x')).toBe(sha(Buffer.from(long), 'x'));
    expect(sha(long)).not.toBe(sha(Buffer.from(long, 'latin1')));
  });
});

describe('the build time', () => {
  const saved = process.env.SOURCE_DATE_EPOCH;
  afterEach(() => {
    if (saved === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = saved;
  });
  it('comes from SOURCE_DATE_EPOCH when set, so a build can be reproduced to the byte', () => {
    process.env.SOURCE_DATE_EPOCH = '1790000000';
    expect(buildTimestamp()).toBe(1790000000000);
    delete process.env.SOURCE_DATE_EPOCH;
    expect(Math.abs(buildTimestamp() - Date.now())).toBeLessThan(5000);
  });
});
