import { describe, it, expect } from 'vitest';
import { checkForUpdate, type VersionContext } from './version';

function ctx(routes: Record<string, unknown>, over: Partial<VersionContext> = {}): VersionContext & { calls: string[]; logs: string[] } {
  const calls: string[] = [];
  const logs: string[] = [];
  return {
    buildId: 'old',
    pageHash: 'h1',
    path: '/rules/combat',
    root: '/guide/',
    now: () => 42,
    calls,
    logs,
    log: (m) => logs.push(m),
    fetch: async (url) => {
      calls.push(url);
      const key = url.replace(/\?.*$/, '');
      if (!(key in routes)) return new Response('nope', { status: 404 });
      const body = routes[key];
      if (body instanceof Error) throw body;
      return new Response(JSON.stringify(body));
    },
    ...over,
  };
}

describe('version check', () => {
  it('asks for latest.json with a cache-busting timestamp under the base', async () => {
    const c = ctx({ '/guide/builds/latest.json': { id: 'old', timestamp: 1 } });
    expect(await checkForUpdate(c)).toBeNull();
    expect(c.calls).toEqual(['/guide/builds/latest.json?42']);
  });

  it('says whether the page being read changed in the new build', async () => {
    const changed = ctx({ '/guide/builds/latest.json': { id: 'new' }, '/guide/builds/meta/new.json': { pages: { '/rules/combat': 'h2' } } });
    expect(await checkForUpdate(changed)).toEqual({ id: 'new', pageChanged: true });
    const same = ctx({ '/guide/builds/latest.json': { id: 'new' }, '/guide/builds/meta/new.json': { pages: { '/rules/combat': 'h1' } } });
    expect(await checkForUpdate(same)).toEqual({ id: 'new', pageChanged: false });
  });

  it('only logs a failed latest.json, and still notices a new build when the manifest fails', async () => {
    const down = ctx({ '/guide/builds/latest.json': new Error('offline') });
    expect(await checkForUpdate(down)).toBeNull();
    expect(down.logs).toEqual(['version check failed']);
    const noMeta = ctx({ '/guide/builds/latest.json': { id: 'new' } });
    expect(await checkForUpdate(noMeta)).toEqual({ id: 'new', pageChanged: null });
    expect(noMeta.logs).toEqual(['build manifest fetch failed']);
  });
});
