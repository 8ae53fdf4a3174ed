import { describe, it, expect } from 'vitest';
import { atom } from 'nanostores';
import { sectionsOf } from '../../content';
import { SearchEngine, createSearchIndex } from '../../search';
import { pageRecord } from '../../search/testing';
import { createSearchDialogState, RECENT_KEY, type SearchDialogDeps } from './searchDialogState';

const sections = [
  ...sectionsOf(pageRecord('/rules/gear', 'Gear', 'Things to carry.\n\n## Rifles\n\nThe plasma rifle fires superheated gas.\n'), 'Rules'),
  ...sectionsOf(pageRecord('/rules/plasma', 'Plasma', 'About plasma in general.\n\n## Containment\n\nMagnetic bottles hold it.\n'), 'Rules'),
  ...sectionsOf(pageRecord('/guide/history', 'History', 'Long ago, someone mentioned plasma once.\n'), 'Guide'),
];
const small = createSearchIndex(sections, 'test');
// A site with several postings parts: each page has words of its own.
const larger = createSearchIndex(
  Array.from({ length: 400 }, (_, n) => sectionsOf(pageRecord(`/guide/world-${n}`, `World ${n}`, `Orbit w${n}x, near q${n}z and r${n}y; plasma ${n % 5 ? 'dust' : 'storms'}.`), 'Guide')).flat(),
  'test',
);

/** Memory storage, as localStorage behaves. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

/** The state over the index files the build writes, read as the browser's loader reads them; each load is counted. */
function setup(options: { offline?: Set<string> | null; failFirstLoad?: boolean; failParts?: boolean; index?: typeof small } = {}) {
  const { manifest, files } = options.index ?? small;
  const engine = new SearchEngine();
  const calls = { index: 0, parts: [] as string[] };
  const deps: SearchDialogDeps = {
    loadIndex: async () => {
      calls.index++;
      if (options.failFirstLoad && calls.index === 1) throw new Error('The search index could not be loaded (search-index.json: HTTP 503).');
      engine.addManifest(manifest);
      return engine;
    },
    loadParts: async (paths) => {
      calls.parts.push(...paths);
      if (options.failParts) throw new Error('The search index could not be loaded (site/postings-0.json): check the connection and try again.');
      for (const p of paths) engine.addPart(JSON.parse(files.get(p)!));
    },
    offlinePages: async () => options.offline ?? null,
    drafts: atom({ active: false }),
    withBase: (p) => `/sub${p}`,
    here: () => 'http://site.test/sub/rules/gear',
    storage: memoryStorage(),
  };
  const state = createSearchDialogState(deps);
  const stop = state.start();
  return { state, deps, calls, stop };
}

/** Waits for the loads the state started (promises on already-settled work, each leading to the next). */
const settled = async () => {
  for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('the search dialog state', () => {
  it('loads nothing until the dialog opens, then the index once', async () => {
    const { state, calls } = setup();
    await settled();
    expect(calls.index).toBe(0);
    state.setOpen(true);
    await settled();
    expect(calls.index).toBe(1);
    expect(state.$engine.get()).not.toBeNull();
  });

  it('loads the parts a query needs (postings, pages, then texts for excerpts), and answers at once once they are here', async () => {
    const { state, calls } = setup();
    state.setOpen(true);
    await settled();
    state.setQuery('plas');
    // Its words' postings are not here yet: loading, not "nothing matched".
    expect(state.$view.get()).toMatchObject({ flat: [], loading: true });
    await settled();
    expect(calls.parts).toEqual(['/search/site/postings-0.json', '/search/site/pages-0.json', '/search/site/texts-0.json']);
    const view = state.$view.get();
    expect(view.loading).toBe(false);
    expect(view.flat.map((i) => i.href)[0]).toBe('/sub/rules/plasma');
    expect(view.groups.map((g) => g.pageTitle)).toContain('Plasma');
    // The texts arrived: the same search again, now with excerpts.
    expect(view.flat.some((i) => i.excerpt.some((p) => p.mark && /plas/i.test(p.text)))).toBe(true);
    // Everything is here now: the next keystroke answers on the spot.
    state.setQuery('plasma rif');
    expect(state.$view.get().flat.map((i) => i.href)).toEqual(['/sub/rules/gear#rifles']);
  });

  it('once results show, loads the rest of a small index\'s postings, so later words need nothing fetched but excerpts', async () => {
    const postings = (index: typeof small) => [...index.files.keys()].filter((p) => p.includes('/postings-'));
    expect(postings(larger).length).toBeGreaterThan(1);
    expect(postings(larger).length).toBeLessThanOrEqual(8);
    const { state, calls } = setup({ index: larger });
    state.setOpen(true);
    await settled();
    state.setQuery('w17x');
    await settled();
    expect(state.$view.get().flat[0]!.href).toBe('/sub/guide/world-17');
    expect(calls.parts.filter((p) => p.includes('/postings-')).sort()).toEqual(postings(larger).sort());
    const before = calls.parts.length;
    state.setQuery('q301z');
    await settled();
    expect(state.$view.get().flat[0]!.href).toBe('/sub/guide/world-301');
    expect(calls.parts.slice(before).filter((p) => !p.includes('/texts-'))).toEqual([]);
  });

  it('while a word is typed, loads the page parts of its best completions, so the finished word answers without the network', async () => {
    // Many postings parts: too large to load whole after the first results. The first 600
    // pages hold the rifts ("rifl" by typo), long pages that rank low for "rifle" alone.
    const rift = (n: number) => n < 600 && n % 3 === 0;
    const sectors = createSearchIndex(
      Array.from({ length: 3000 }, (_, n) =>
        sectionsOf(pageRecord(`/guide/sector-${n}`, rift(n) ? `Rift ${n}` : `Sector ${n}`, `Patrols s${n}x t${n}y u${n}w v${n}q ${'carry '.repeat(rift(n) ? 20 : n % 17)}${n % 2 ? 'blades' : 'a rifle'}.`), 'Guide'),
      ).flat(),
      'test',
    );
    const { state, calls } = setup({ index: sectors });
    state.setOpen(true);
    await settled();
    state.setQuery('rifl');
    await settled();
    expect(state.$view.get().flat.length).toBeGreaterThan(0);
    expect(state.$engine.get()!.unloadedParts('postings').length).toBeGreaterThan(8);
    const before = calls.parts.length;
    state.setQuery('rifle');
    // Answered on the keystroke, from what is here: a screenful of rifles.
    expect(state.$view.get().flat.length).toBeGreaterThanOrEqual(10);
    // Even sectors carry a rifle.
    expect(state.$view.get().flat.every((i) => /sector-\d*[02468]$/.test(i.href))).toBe(true);
    await settled();
    expect(calls.parts.slice(before).filter((p) => p.includes('/postings-'))).toEqual([]);
  });

  it('keeps the last results on screen while a new word loads, and says why when a part cannot be loaded', async () => {
    const { state } = setup({ failParts: true });
    state.setOpen(true);
    await settled();
    state.setQuery('plasma');
    await settled();
    expect(state.$error.get()).toMatch(/could not be loaded.*check the connection/);
    expect(state.$view.get()).toMatchObject({ flat: [], loading: true });
  });

  it('shows hits with some of the words when none has all of them', async () => {
    const { state } = setup();
    state.setOpen(true);
    await settled();
    state.setQuery('magnetic history');
    await settled();
    const titles = state.$view.get().flat.map((i) => i.href);
    expect(titles).toContain('/sub/rules/plasma#containment');
    expect(titles).toContain('/sub/guide/history');
  });

  it('offline, lists only saved pages and counts the others', async () => {
    const { state } = setup({ offline: new Set(['/sub/rules/plasma']) });
    state.setOpen(true);
    await settled();
    state.setQuery('plasma');
    await settled();
    const view = state.$view.get();
    expect(view.flat.every((i) => i.href.startsWith('/sub/rules/plasma'))).toBe(true);
    expect(view.unsaved).toBeGreaterThan(0);
  });

  it('moves the selection with wrapping, and a new query starts again at the top', async () => {
    const { state } = setup();
    state.setOpen(true);
    await settled();
    state.setQuery('plasma');
    await settled();
    const n = state.$view.get().flat.length;
    expect(n).toBeGreaterThan(1);
    state.move(-1);
    expect(state.$active.get()).toBe(n - 1);
    state.move(1);
    expect(state.$active.get()).toBe(0);
    state.move(1);
    state.setQuery('plasma rifle');
    expect(state.$active.get()).toBe(0);
  });

  it('says why the index failed, and loads it on the next opening', async () => {
    const { state } = setup({ failFirstLoad: true });
    state.setOpen(true);
    await settled();
    expect(state.$error.get()).toMatch(/could not be loaded.*503/);
    state.setOpen(false);
    state.setOpen(true);
    await settled();
    expect(state.$error.get()).toBeNull();
    expect(state.$engine.get()).not.toBeNull();
  });

  it('remembers an opened search, newest first and once, and offers it on the next opening', async () => {
    const { state, deps } = setup();
    state.setOpen(true);
    await settled();
    for (const q of ['rifle', 'plasma', 'Rifle']) {
      state.setQuery(q);
      await settled();
      expect(state.choose(state.$view.get().flat[0]!)).toMatch(/^\/sub\//);
      expect(state.$open.get()).toBe(false);
      expect(state.$query.get()).toBe('');
      state.setOpen(true);
    }
    expect(state.$recent.get()).toEqual(['Rifle', 'plasma']);
    expect(JSON.parse(deps.storage!.getItem(RECENT_KEY)!)).toEqual(['Rifle', 'plasma']);
  });
});
