import { describe, it, expect } from 'vitest';
import { loadSite } from './load';
import { trail, flattenNavigation } from './navigation';
import { writeCorpus, page } from './testing';

describe('navigation tree', () => {
  const site = loadSite(
    writeCorpus({
      '1.a/_dir.yml': 'title: Section A\nlayout: full\n',
      '1.a/1.one.md': page({ title: 'One' }),
      '1.a/2.sub/_dir.yml': 'navigation:\n  title: Sub folder\n',
      '1.a/2.sub/1.deep.md': page({ title: 'Deep', navigation: { title: 'Deep (nav)' } }),
      '2.b/index.md': page({ title: 'B index' }),
      '3.secret/_dir.yml': 'navigation: false\n',
      '3.secret/x.md': page({ title: 'X' }),
    }),
  );

  it('takes folder titles from _dir.yml and page titles from navigation.title', () => {
    const a = site.navigation.find((n) => n._path === '/a')!;
    expect(a.title).toBe('Section A');
    expect(a.layout).toBe('full');
    expect(a.page).toBe(false);
    const sub = a.children!.find((n) => n._path === '/a/sub')!;
    expect(sub.title).toBe('Sub folder');
    expect(sub.children![0]!.title).toBe('Deep (nav)');
  });

  it('hides folders whose _dir.yml says navigation: false', () => {
    expect(site.navigation.map((n) => n._path)).toEqual(['/a', '/b']);
  });

  it('uses an index page as its folder node', () => {
    expect(site.navigation.find((n) => n._path === '/b')).toMatchObject({ title: 'B index', page: true });
  });

  it('finds the trail from the top to a page', () => {
    expect(trail(site.navigation, '/a/sub/deep').map((n) => n._path)).toEqual(['/a', '/a/sub', '/a/sub/deep']);
    expect(trail(site.navigation, '/nowhere')).toEqual([]);
  });

  it('flattens pages (not bare folders) in reading order', () => {
    expect(flattenNavigation(site.navigation).map((n) => n._path)).toEqual(['/a/one', '/a/sub/deep', '/b']);
  });
});
