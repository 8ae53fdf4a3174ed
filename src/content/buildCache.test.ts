import { describe, it, expect, afterEach } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadSite } from './load';
import { ParseCache, flushWrites } from './buildCache';
import { buildTimestamp } from './buildInfo';
import { writeCorpus, page } from './testing';

const files = {
  'index.md': page({ title: 'Home' }, '## Start\n\nSee [combat](/rules/combat).\n'),
  '1.rules/1.combat.md': page({ title: 'Combat' }, '## Rounds\n\nA round is six seconds.\n'),
  '1.rules/2.gear.md': page({ title: 'Gear' }, '## Weapons\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'),
};

describe('the parse cache', () => {
  it('parses each file once; a second load reuses every parse and gives the same site', () => {
    const dir = writeCorpus(files);
    const file = join(mkdtempSync(join(tmpdir(), 'nucleus-cache-')), 'parse.bin');
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
    const file = join(mkdtempSync(join(tmpdir(), 'nucleus-cache-')), 'parse.bin');
    loadSite(dir, { cache: new ParseCache(file) });
    writeFileSync(join(dir, '1.rules/1.combat.md'), page({ title: 'Combat' }, '## Rounds\n\nA round is ten seconds.\n'));
    const cache = new ParseCache(file);
    const site = loadSite(dir, { cache });
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
    expect(JSON.stringify(site.pages.get('/rules/combat')!.body)).toContain('ten seconds');
  });

  it('hands out copies: changing a loaded record does not change the cache', () => {
    const dir = writeCorpus(files);
    const file = join(mkdtempSync(join(tmpdir(), 'nucleus-cache-')), 'parse.bin');
    const cache = new ParseCache(file);
    loadSite(dir, { cache }).pages.get('/rules/gear')!.title = 'Changed';
    expect(loadSite(dir, { cache }).pages.get('/rules/gear')!.title).toBe('Gear');
  });
});

describe('saving the parse cache in the background', () => {
  it('a cache opened before the write lands sees the save, and flushWrites leaves it on disk', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nucleus-cache-')), 'parse.bin');
    const cache = new ParseCache(file);
    cache.set('a', { title: 'Airlock' });
    cache.save();
    expect(new ParseCache(file).get<{ title: string }>('a')).toEqual({ title: 'Airlock' });
    await flushWrites();
    expect(existsSync(file)).toBe(true);
    expect([...(deserialize(readFileSync(file)) as Map<string, Buffer>).keys()]).toEqual(['a']);
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
