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
const { manifest, files } = createSearchIndex(sections, 'test');

/** Memory storage, as localStorage behaves. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

/** The state over the index files the build writes, read as the browser's loader reads them; each load is counted. */
function setup(options: { offline?: Set<string> | null; failFirstLoad?: boolean } = {}) {
  const engine = new SearchEngine();
  const calls = { index: 0, texts: [] as string[] };
  const deps: SearchDialogDeps = {
    loadIndex: async () => {
      calls.index++;
      if (options.failFirstLoad && calls.index === 1) throw new Error('The search index could not be loaded (search-index.json: HTTP 503).');
      if (calls.index === 1 || options.failFirstLoad) for (const s of manifest.shards) if (!s.drafts) engine.addShard(JSON.parse(files.get(s.index)!));
      return engine;
    },
    loadTexts: async (names) => {
      calls.texts.push(...names);
      for (const s of manifest.shards) if (names.includes(s.name)) engine.addTexts(JSON.parse(files.get(s.text)!));
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

/** Waits for the loads the state started (they are promises on already-settled work). */
const settled = () => new Promise((r) => setTimeout(r, 0));

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

  it('answers each keystroke at once, grouped by page, and loads the shown shard texts for excerpts', async () => {
    const { state, calls } = setup();
    state.setOpen(true);
    await settled();
    state.setQuery('plas');
    const first = state.$view.get();
    expect(first.flat.map((i) => i.href)[0]).toBe('/sub/rules/plasma');
    expect(first.groups.map((g) => g.pageTitle)).toContain('Plasma');
    await settled();
    expect(calls.texts.length).toBeGreaterThan(0);
    // The texts arrived: the same search again, now with excerpts.
    expect(state.$view.get().flat.some((i) => i.excerpt.some((p) => p.mark && /plas/i.test(p.text)))).toBe(true);
  });

  it('shows hits with some of the words when none has all of them', async () => {
    const { state } = setup();
    state.setOpen(true);
    await settled();
    state.setQuery('magnetic history');
    const titles = state.$view.get().flat.map((i) => i.href);
    expect(titles).toContain('/sub/rules/plasma#containment');
    expect(titles).toContain('/sub/guide/history');
  });

  it('offline, lists only saved pages and counts the others', async () => {
    const { state } = setup({ offline: new Set(['/sub/rules/plasma']) });
    state.setOpen(true);
    await settled();
    state.setQuery('plasma');
    const view = state.$view.get();
    expect(view.flat.every((i) => i.href.startsWith('/sub/rules/plasma'))).toBe(true);
    expect(view.unsaved).toBeGreaterThan(0);
  });

  it('moves the selection with wrapping, and a new query starts again at the top', async () => {
    const { state } = setup();
    state.setOpen(true);
    await settled();
    state.setQuery('plasma');
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
      expect(state.choose(state.$view.get().flat[0]!)).toMatch(/^\/sub\//);
      expect(state.$open.get()).toBe(false);
      expect(state.$query.get()).toBe('');
      state.setOpen(true);
    }
    expect(state.$recent.get()).toEqual(['Rifle', 'plasma']);
    expect(JSON.parse(deps.storage!.getItem(RECENT_KEY)!)).toEqual(['Rifle', 'plasma']);
  });
});
