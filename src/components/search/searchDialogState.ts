/**
 * The search dialog's state (nanostores), apart from React and the DOM, so it
 * can be tested on its own. SearchDialog.tsx renders it and keeps only focus,
 * the native <dialog> and navigation.
 *
 * 1. The index loads when the dialog opens (or on `warm`, when its button is
 *    focused or pointed at), never at idle: most readers never search. In
 *    preview mode the drafts shard joins it.
 * 2. A query runs on the keystroke itself, no debounce: a query takes about
 *    a millisecond, so a fixed wait only added lag.
 * 3. When nothing has every word, the hits with some of them are shown, most
 *    words first.
 * 4. Section texts (for excerpts) load only for shards shown as results; when
 *    they arrive the same search runs again with them.
 * 5. Offline, only results on pages saved on this device are listed; the
 *    others are counted, so the dialog can say why they are missing.
 * 6. A new query moves the selection back to the first result; the arrow
 *    keys wrap around the list.
 * 7. An opened result's query is remembered (six at most, newest first) and
 *    offered the next time the dialog opens on an empty field.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { SearchEngine, SearchResults } from '../../search';
import { groupResults, type ResultGroup, type ResultItem } from './results';
import { pageKey, savedPages } from './offline';
import { loadIndex, loadTexts } from './loader';
import { withBase } from '../../config/base';
import { $preview } from '../../stores/preview';

export const RECENT_KEY = 'nucleus:recent-searches';
const RECENT_MAX = 6;
const LIMIT = 40;

/** What the state needs from the page; the browser's parts by default (see `searchDialog` below). */
export interface SearchDialogDeps {
  loadIndex(options: { drafts: boolean }): Promise<SearchEngine>;
  loadTexts(shards: string[]): Promise<void>;
  /** Saved pages when offline, `null` when online. */
  offlinePages(): Promise<Set<string> | null>;
  /** Preview mode: drafts are searched too. */
  drafts: ReadableAtom<{ active: boolean }>;
  withBase(path: string): string;
  /** The page's address, to resolve result paths against (offline filter). */
  here(): string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface SearchView {
  groups: ResultGroup[];
  /** The results in list order: what the arrow keys move through. */
  flat: ResultItem[];
  /** Results left out because their page is not saved on this device (offline). */
  unsaved: number;
}

/** Remembered searches from storage; anything unreadable counts as none. */
export function readRecent(storage: SearchDialogDeps['storage']): string[] {
  try {
    const v = JSON.parse(storage?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Rule 7: the query first, the same words in other case dropped. */
export function rememberSearch(storage: SearchDialogDeps['storage'], query: string): void {
  const q = query.trim();
  if (!q || !storage) return;
  try {
    const next = [q, ...readRecent(storage).filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_MAX);
    storage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: nothing to remember.
  }
}

/** Rule 3: every word, else some of them. */
export function runQuery(engine: SearchEngine, query: string, drafts: boolean): SearchResults {
  const options = { drafts, limit: LIMIT };
  const all = engine.search(query, options);
  return all.hits.length > 0 ? all : engine.search(query, { ...options, combineWith: 'OR' });
}

export function createSearchDialogState(deps: SearchDialogDeps) {
  const $open = atom(false);
  const $query = atom('');
  const $engine = atom<SearchEngine | null>(null);
  const $error = atom<string | null>(null);
  const $active = atom(0);
  const $recent = atom<string[]>([]);
  const $offline = atom<Set<string> | null>(null);
  // Bumped when shards or section texts arrive: the same search again, with them (rule 4).
  const $loadedParts = atom(0);
  let indexLoaded = false;

  const load = (): Promise<SearchEngine> =>
    deps.loadIndex({ drafts: deps.drafts.get().active }).then((engine) => {
      indexLoaded = true;
      return engine;
    });

  const $results = computed([$engine, $query, deps.drafts, $loadedParts], (engine, query, drafts) => {
    const q = query.trim();
    return engine && q ? runQuery(engine, q, drafts.active) : null;
  });

  const $view = computed([$results, $offline], (results, offline): SearchView => {
    if (!results) return { groups: [], flat: [], unsaved: 0 };
    const hits = offline ? results.hits.filter((h) => offline.has(pageKey(deps.withBase(h.path), deps.here()))) : results.hits;
    const groups = groupResults(hits, results.terms, deps.withBase);
    return {
      groups,
      flat: groups.flatMap((g) => g.items),
      unsaved: results.hits.length - hits.length,
    };
  });

  // Each load or check is numbered: an answer that arrives after a newer one was asked for is dropped.
  let indexTurn = 0;
  let offlineTurn = 0;
  let textsWanted = '';

  /** Rule 1: (re)loads the index for the dialog, while it is open. */
  function loadForDialog(): void {
    const turn = ++indexTurn;
    if (!$open.get()) return;
    load().then(
      (engine) => {
        if (turn !== indexTurn) return;
        $error.set(null);
        $engine.set(engine);
        $loadedParts.set($loadedParts.get() + 1);
      },
      (e: Error) => turn === indexTurn && $error.set(e.message),
    );
  }

  /** Rule 5: which pages can be opened (all, when online). */
  function checkOffline(): void {
    const turn = ++offlineTurn;
    deps.offlinePages().then(
      (saved) => turn === offlineTurn && $offline.set(saved),
      () => turn === offlineTurn && $offline.set(null),
    );
  }

  /** Rule 4: section texts for the shards now shown, once. */
  function loadMissingTexts(results: SearchResults | null): void {
    const missing = results?.missingTexts.join(' ') ?? '';
    if (missing === textsWanted) return;
    textsWanted = missing;
    if (!missing) return;
    deps.loadTexts(missing.split(' ')).then(
      () => textsWanted === missing && $loadedParts.set($loadedParts.get() + 1),
      // Without texts the results still show, only without excerpts.
      () => {},
    );
  }

  function setQuery(query: string): void {
    $query.set(query);
    $active.set(0);
  }

  /** Rule 6: one step down (1) or up (-1), wrapping. */
  function move(step: 1 | -1): void {
    const n = $view.get().flat.length;
    $active.set(n ? ($active.get() + step + n) % n : 0);
  }

  function setOpen(open: boolean): void {
    if (open === $open.get()) return;
    if (open) $recent.set(readRecent(deps.storage));
    $open.set(open);
    checkOffline();
    loadForDialog();
  }

  /** The search is done: remembers it, closes, and returns the dialog to its recent searches. */
  function choose(item: ResultItem): string {
    rememberSearch(deps.storage, $query.get());
    setOpen(false);
    setQuery('');
    return item.href;
  }

  /** Listens while the dialog is on the page; returns the stop. */
  function start(): () => void {
    const stops = [$results.subscribe(loadMissingTexts), deps.drafts.listen(() => loadForDialog())];
    checkOffline();
    if (typeof window !== 'undefined') {
      window.addEventListener('online', checkOffline);
      window.addEventListener('offline', checkOffline);
    }
    return () => {
      stops.forEach((stop) => stop());
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', checkOffline);
        window.removeEventListener('offline', checkOffline);
      }
    };
  }

  return {
    $open,
    $query,
    $engine,
    $error,
    $active,
    $recent,
    $offline,
    $view,
    setOpen,
    setQuery,
    move,
    setActive: (i: number) => $active.set(i),
    choose,
    start,
    /** Starts loading the index before the dialog opens, so the first search finds it ready. */
    warm: () => void load().catch(() => {}),
    isIndexLoaded: () => indexLoaded,
  };
}

export type SearchDialogState = ReturnType<typeof createSearchDialogState>;

/** localStorage, where the browser allows it (not in private modes that refuse it, nor outside a browser). */
function browserStorage(): SearchDialogDeps['storage'] {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The page's one search dialog state: the browser's loader, caches and preview mode. */
export const searchDialog = createSearchDialogState({
  loadIndex,
  loadTexts,
  offlinePages: () => (navigator.onLine ? Promise.resolve(null) : savedPages()),
  drafts: $preview,
  withBase,
  here: () => location.href,
  storage: browserStorage(),
});
