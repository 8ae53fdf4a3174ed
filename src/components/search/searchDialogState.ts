/**
 * The search dialog's state (nanostores), apart from React and the DOM, so it
 * can be tested on its own. SearchDialog.tsx renders it and keeps only focus,
 * the native <dialog> and navigation.
 *
 * 1. The index's manifest loads when the dialog opens (or on `warm`, when
 *    its button is focused or pointed at), never at idle: most readers never
 *    search. In preview mode the drafts index joins it.
 * 2. A query runs on the keystroke itself, no debounce: a query takes about
 *    a millisecond, so a fixed wait only added lag.
 * 3. When nothing has every word, the hits with some of them are shown, most
 *    words first.
 * 4. A search asks for the parts of the index it needs (its words' postings,
 *    then the page parts of the results on screen, then their texts for
 *    excerpts); each part that arrives runs the same search again. A word
 *    that stands for many index words (a short prefix, a typo) shows the
 *    results of its best ones first and fetches the others after (engine.ts
 *    `leadWords`). While a new query waits for its words, the last results
 *    stay on screen. Once
 *    results show, a small index (a site of a few hundred pages) loads the
 *    rest of its postings and page parts, so the next words answer without
 *    the network. Each complete answer also fetches the page parts of the
 *    best results of its words without typos, its last word as a prefix
 *    (`partsAhead`): where the finished word's results are ("rifl" is also
 *    "rift" by typo and leads with sections naming both; "rifle" does not).
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
import { loadIndex, loadParts } from './loader';
import { withBase } from '../../config/base';
import { $preview } from '../../stores/preview';
import { offline } from '../../stores/connection';

export const RECENT_KEY = 'nucleus:recent-searches';
const RECENT_MAX = 6;
const LIMIT = 40;
/** Rule 4: at most this many postings parts left (about 100 KB) are loaded after the first results. */
const SMALL_INDEX_PARTS = 8;

/** What the state needs from the page; the browser's parts by default (see `searchDialog` below). */
export interface SearchDialogDeps {
  loadIndex(options: { drafts: boolean }): Promise<SearchEngine>;
  /** Loads part files of the index (each once), as a search asks for them. */
  loadParts(paths: string[]): Promise<void>;
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
  /** The query's words are still loading (rule 4): not yet the time to say nothing matched. */
  loading: boolean;
}

const NO_VIEW: SearchView = { groups: [], flat: [], unsaved: 0, loading: false };

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

/** Rule 3: every word, else some of them (once it is known that nothing has every word). */
export function runQuery(engine: SearchEngine, query: string, drafts: boolean): SearchResults {
  const options = { drafts, limit: LIMIT };
  const all = engine.search(query, options);
  return all.total > 0 || all.missing.length > 0 ? all : engine.search(query, { ...options, combineWith: 'OR' });
}

export function createSearchDialogState(deps: SearchDialogDeps) {
  const $open = atom(false);
  const $query = atom('');
  const $engine = atom<SearchEngine | null>(null);
  const $error = atom<string | null>(null);
  const $active = atom(0);
  const $recent = atom<string[]>([]);
  const $offline = atom<Set<string> | null>(null);
  // Bumped when a part of the index arrives: the same search again, with it (rule 4).
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

  let shown = NO_VIEW;
  const $view = computed([$results, $offline], (results, offline): SearchView => {
    if (!results) return (shown = NO_VIEW);
    // Rule 4: nothing to show yet for these words; the last results stay.
    if (results.hits.length === 0 && results.missing.length > 0) return { ...shown, loading: true };
    const hits = offline ? results.hits.filter((h) => offline.has(pageKey(deps.withBase(h.path), deps.here()))) : results.hits;
    const groups = groupResults(hits, results.terms, deps.withBase);
    return (shown = {
      groups,
      flat: groups.flatMap((g) => g.items),
      unsaved: results.hits.length - hits.length,
      loading: false,
    });
  });

  // Each load or check is numbered: an answer that arrives after a newer one was asked for is dropped.
  let indexTurn = 0;
  let offlineTurn = 0;
  let partsWanted = '';
  let restWanted = false;
  let textsWanted = '';
  let aheadWanted = '';

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

  const partArrived = () => $loadedParts.set($loadedParts.get() + 1);

  /** Rule 4: the parts the current search needs, each run again as it arrives; then the shown results' texts. */
  function loadMissingParts(results: SearchResults | null): void {
    const missing = results?.missing.join(' ') ?? '';
    if (missing !== partsWanted && (partsWanted = missing)) {
      for (const path of missing.split(' ')) {
        deps.loadParts([path]).then(
          () => {
            $error.set(null);
            partArrived();
          },
          (e: Error) => $error.set(e.message),
        );
      }
    }
    const engine = $engine.get();
    if (!restWanted && engine && results && results.hits.length > 0) {
      restWanted = true;
      const drafts = { drafts: deps.drafts.get().active };
      const rest = engine.unloadedParts('postings', drafts);
      // With the page parts too: a new word's results then show without the network.
      if (rest.length <= SMALL_INDEX_PARTS) deps.loadParts([...rest, ...engine.unloadedParts('pages', drafts)]).catch(() => {});
    }
    if (engine && results && results.hits.length > 0 && results.missing.length === 0) loadPartsAhead(engine, $query.get().trim());
    const texts = results?.missingTexts.join(' ') ?? '';
    if (texts !== textsWanted && (textsWanted = texts)) {
      // Without texts the results still show, only without excerpts.
      deps.loadParts(texts.split(' ')).then(partArrived, () => {});
    }
  }

  /** Rule 4: the word being typed, ahead of the reader; after this keystroke's results are on screen. */
  function loadPartsAhead(engine: SearchEngine, query: string): void {
    if (query === aheadWanted) return;
    aheadWanted = query;
    setTimeout(() => {
      if ($query.get().trim() !== query) return;
      const parts = engine.partsAhead(query, { drafts: deps.drafts.get().active });
      if (parts.length) deps.loadParts(parts).catch(() => {});
    });
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
    const stops = [$results.subscribe(loadMissingParts), deps.drafts.listen(() => loadForDialog())];
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
  loadParts,
  // navigator.onLine can say online while the network is down: offline() asks the network too.
  offlinePages: async () => ((await offline()) ? savedPages() : null),
  drafts: $preview,
  withBase,
  here: () => location.href,
  storage: browserStorage(),
});
