import { describe, expect, it } from 'vitest';
import { downloadSentence, formatBytes, OfflineCopyError, planCopy, progressSentence, readCopyList, removeCopy, roomRefusal, saveCopy, savedAddresses, type CopyList } from './offlineCopy';
import { MemoryCacheStorage } from './testing';

const SITE = 'https://nucleus.test/';
const address = (file: string) => new URL(file, SITE).href;
const LIST = address('offline-copy.json');
const list: CopyList = {
  build: 'b1',
  pages: 2,
  files: [
    ['', 20_000],
    ['rules/combat', 30_000],
    ['search-index.json', 400_000],
    ['search/p0.json', 800_000],
  ],
};
const base = { list, address, listAddress: LIST, signal: new AbortController().signal, onProgress: () => {} };

/** A site that answers each file of the list with a body of its size, and counts what it was asked. */
function site(options: { failOn?: string } = {}) {
  const asked: string[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    asked.push(url);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (options.failOn && url.endsWith(options.failOn)) throw new TypeError('Failed to fetch');
    const size = list.files.find(([f]) => address(f) === url)?.[1] ?? 0;
    return new Response(new Uint8Array(size), { status: 200 });
  };
  return { asked, fetch };
}

describe('the offline copy', () => {
  it('says what it will download before it starts', () => {
    expect(downloadSentence(list)).toBe('All 2 pages and search: 1.3 MB to download.');
    expect(downloadSentence({ build: 'b', pages: 5000, files: [['x', 38_400_000]] })).toBe('All 5,000 pages and search: 38 MB to download.');
    expect(formatBytes(340_000)).toBe('340 KB');
    expect(formatBytes(12)).toBe('1 KB');
  });

  it('refuses a damaged list with a sentence', () => {
    expect(() => readCopyList({ pages: 2, files: [['a', -1]] })).toThrow(OfflineCopyError);
    expect(() => readCopyList(null)).toThrow(/damaged on the site: nothing was saved/);
    expect(readCopyList(JSON.parse(JSON.stringify(list)))).toEqual(list);
    expect(() => readCopyList({ ...list, build: 3 })).toThrow(OfflineCopyError);
  });

  it('refuses when the storage estimate says there is not room, before downloading anything', () => {
    expect(roomRefusal({ quota: 1_000_000, usage: 600_000 }, 1_250_000)).toBe(
      'This device has room for 400 KB more for this site, and the offline copy needs 1.3 MB: nothing was downloaded. Free some space, then try again.',
    );
    expect(roomRefusal({ quota: 10_000_000, usage: 600_000 }, 1_250_000)).toBeNull();
    // A browser that cannot say is trusted.
    expect(roomRefusal(undefined, 1_250_000)).toBeNull();
    expect(roomRefusal({}, 1_250_000)).toBeNull();
  });

  it('saves every file, reporting files and bytes done; a second plan finds it complete', async () => {
    const storage = new MemoryCacheStorage();
    const cache = await storage.open('copy');
    const { fetch } = site();
    const plan = planCopy(list, await savedAddresses(cache), address);
    expect(plan).toMatchObject({ doneFiles: 0, leftBytes: 1_250_000, complete: false });
    const seen: number[] = [];
    const result = await saveCopy({ ...base, plan, cache, fetch, onProgress: (p) => seen.push(p.bytes) });
    expect(result).toBe('saved');
    expect(seen).toHaveLength(4);
    expect(seen.at(-1)).toBe(1_250_000);
    expect((await cache.match(address('rules/combat')))?.status).toBe(200);
    expect(planCopy(list, await savedAddresses(cache), address).complete).toBe(true);
  });

  it('cancelled, keeps what it saved; resumed, fetches only what is left', async () => {
    const storage = new MemoryCacheStorage();
    const cache = await storage.open('copy');
    const first = site();
    const stop = new AbortController();
    // One file at a time; cancel once the first is in.
    const cancelled = await saveCopy({
      ...base, plan: planCopy(list, new Set(), address), cache, fetch: first.fetch, signal: stop.signal, concurrency: 1,
      onProgress: () => stop.abort(),
    });
    expect(cancelled).toBe('cancelled');
    expect(first.asked).toEqual([address('')]);

    const plan = planCopy(list, await savedAddresses(cache), address, { savedBuild: 'b1', keep: new Set([LIST]) });
    expect(plan).toMatchObject({ doneFiles: 1, doneBytes: 20_000, leftBytes: 1_230_000 });
    expect(progressSentence(plan)).toBe('20 KB of 1.3 MB saved; 1.2 MB left to download.');
    const second = site();
    expect(await saveCopy({ ...base, plan, cache, fetch: second.fetch })).toBe('saved');
    expect(second.asked.sort()).toEqual([address('rules/combat'), address('search-index.json'), address('search/p0.json')].sort());
  });

  it('a lost connection stops it with a sentence and keeps what was saved', async () => {
    const cache = await new MemoryCacheStorage().open('copy');
    const { fetch } = site({ failOn: 'search/p0.json' });
    const plan = planCopy(list, new Set(), address);
    await expect(saveCopy({ ...base, plan, cache, fetch, concurrency: 1 })).rejects.toThrow(
      'The download stopped after 3 of 4 files: the connection was lost. What was saved is kept: resume when you are online.',
    );
    expect(planCopy(list, await savedAddresses(cache), address, { keep: new Set([LIST]) }).left).toEqual([['search/p0.json', 800_000]]);
  });

  it("from a new build, fetches every page and search file again but no content-named file, and drops the old build's files once complete", async () => {
    const cache = await new MemoryCacheStorage().open('copy');
    const old: CopyList = { build: 'b0', pages: 2, files: [...list.files, ['_astro/old.js', 10], ['_astro/kept.js', 10]] };
    await saveCopy({ ...base, list: old, plan: planCopy(old, new Set(), address), cache, fetch: site().fetch });
    const next: CopyList = { ...list, files: [...list.files, ['_astro/kept.js', 10]] };
    const plan = planCopy(next, await savedAddresses(cache), address, { savedBuild: 'b0', keep: new Set([LIST]) });
    expect(plan.left.map(([f]) => f)).toEqual(['', 'rules/combat', 'search-index.json', 'search/p0.json']);
    expect(plan.stale).toEqual([address('_astro/old.js')]);
    // Cancelled half way, the old build's list and files stay: its saved pages still find their scripts.
    const stop = new AbortController();
    await saveCopy({ ...base, list: next, plan, savedBuild: 'b0', cache, fetch: site().fetch, signal: stop.signal, concurrency: 1, onProgress: () => stop.abort() });
    expect(await cache.match(address('_astro/old.js'))).toBeDefined();
    expect(((await (await cache.match(LIST))!.json()) as CopyList).build).toBe('b0');
    await saveCopy({ ...base, list: next, plan, savedBuild: 'b0', cache, fetch: site().fetch });
    expect(await cache.match(address('_astro/old.js'))).toBeUndefined();
    expect(((await (await cache.match(LIST))!.json()) as CopyList).build).toBe('b1');
    expect(planCopy(next, await savedAddresses(cache), address, { savedBuild: 'b1', keep: new Set([LIST]) }).complete).toBe(true);
  });

  it('Remove offline copy frees its whole cache and nothing else', async () => {
    const storage = new MemoryCacheStorage();
    await (await storage.open('copy')).put(address(''), new Response('home'));
    await storage.open('pages');
    expect(await removeCopy(storage, 'copy')).toBe(true);
    expect(await storage.keys()).toEqual(['pages']);
  });
});
