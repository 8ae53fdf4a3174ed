import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBeforeImport, offline } from './connection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('offline', () => {
  it('asks the network when the browser says it is online, and believes a failed request', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    expect(await offline()).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' });
    // One request answers a burst of callers…
    expect(await offline()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    // …and a later caller asks again.
    vi.advanceTimersByTime(5000);
    fetch.mockResolvedValue(new Response(null));
    expect(await offline()).toBe(false);
  });

  it('believes the browser when it says offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await offline()).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('fetchBeforeImport', () => {
  const importer = 'http://x/_astro/page.1.js';
  const text = 'c(()=>import("./AccountDialogs.7f.js"),d([1]));c(()=>import("./user.32.js"));c(()=>import("./other.9.js"))';

  it('fetches the named files the importer loads, and only those', async () => {
    const fetch = vi.fn(async (url: string) => new Response(url === importer ? text : ''));
    vi.stubGlobal('fetch', fetch);
    await fetchBeforeImport(importer, ['AccountDialogs', 'user']);
    expect(fetch.mock.calls.map((c) => c[0]).sort()).toEqual(['http://x/_astro/AccountDialogs.7f.js', importer, 'http://x/_astro/user.32.js']);
  });

  it('rejects, naming the file, when one cannot be fetched', async () => {
    vi.stubGlobal('fetch', async (url: string) => (url === importer ? new Response(text) : url.includes('user') ? new Response('', { status: 404 }) : new Response('')));
    await expect(fetchBeforeImport(importer, ['AccountDialogs', 'user'])).rejects.toThrow('Failed to fetch dynamically imported module: http://x/_astro/user.32.js');
  });
});
