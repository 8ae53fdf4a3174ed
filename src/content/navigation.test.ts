import { describe, it, expect } from 'vitest';
import { loadSite } from './load';
import { trail, flattenNavigation, sidebarLevel, folderHref } from './navigation';
import type { NavNode } from './types';
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

describe('sidebarLevel', () => {
  const folders: NavNode[] = Array.from({ length: 80 }, (_, i) => ({ title: `Folder ${i + 1}`, _path: `/s/f${i + 1}`, stem: `s/${i + 1}.f${i + 1}`, page: false }));
  const at = (path: string) => (node: NavNode) => node._path === path;

  it('shows a short level whole', () => {
    const level = sidebarLevel(folders.slice(0, 15), at('/s/f3'));
    expect(level.nodes).toHaveLength(15);
    expect(level.hidden).toBe(0);
  });

  it('shows a long level around the entry on the way to the page, the same size wherever it is', () => {
    const middle = sidebarLevel(folders, at('/s/f40'));
    expect(middle.nodes.map((n) => n._path)).toContain('/s/f40');
    expect(middle.nodes[0]!._path).toBe('/s/f33');
    expect(middle.hidden).toBe(65);
    expect(sidebarLevel(folders, at('/s/f2')).nodes[0]!._path).toBe('/s/f1');
    const last = sidebarLevel(folders, at('/s/f80')).nodes;
    expect(last).toHaveLength(15);
    expect(last.at(-1)!._path).toBe('/s/f80');
  });

  it('shows the first entries when no entry is on the way (the section page itself)', () => {
    expect(sidebarLevel(folders, () => false).nodes.map((n) => n._path).slice(0, 2)).toEqual(['/s/f1', '/s/f2']);
  });
});

describe('folderHref', () => {
  it("opens a folder's own page, or else its first page, depth first", () => {
    const deep: NavNode = { title: 'A', _path: '/a', stem: 'a', page: false, children: [{ title: 'B', _path: '/a/b', stem: 'a/b', page: false, children: [{ title: 'C', _path: '/a/b/c', stem: 'a/b/c', page: true }] }] };
    expect(folderHref(deep)).toBe('/a/b/c');
    expect(folderHref({ ...deep, page: true })).toBe('/a');
  });
});
