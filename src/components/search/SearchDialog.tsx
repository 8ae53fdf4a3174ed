/**
 * The search dialog (SPEC §2): opens from the header button, Ctrl/Cmd+K and
 * `/`; results as you type, grouped by page; keyboard-only friendly.
 *
 * - The index loads when search is first opened or its button is focused or
 *   pointed at, never at idle on every page (most readers never search).
 * - Once it is loaded, a query runs on the keystroke itself: no debounce (a
 *   query takes about a millisecond; a fixed wait only added lag).
 * - Escape closes the dialog at once (the search field would first clear).
 * - A result opened with Enter takes focus to what it opens: the heading of
 *   its anchor, else the page's main heading.
 * - Offline, only results saved on this device are listed (offline.ts).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { SearchEngine } from '../../search';
import { loadIndex, loadTexts } from './loader';
import { pageKey, savedPages } from './offline';
import { groupResults, type Piece, type ResultGroup } from './results';
import { withBase } from '../../config/base';
import { $preview } from '../../stores/preview';
import { withBoundary } from '../IslandBoundary';
import { navigate } from 'astro:transitions/client';
import '../../styles/dialog.css';
import './search.css';

const RECENT_KEY = 'nucleus:recent-searches';
const SUGGESTIONS = ['edge', 'guard', 'overcharge', 'plasma', 'netrunner'];

let indexLoaded = false;

// The router replaces the root's attributes on each page: say again that search is ready.
// While a navigation is under way the mark is taken down, so a shortcut pressed
// then is not mistaken for one on the settled page (the dialog moves with the swap).
if (typeof document !== 'undefined') {
  document.addEventListener('astro:before-preparation', () => {
    delete document.documentElement.dataset.searchReady;
  });
  document.addEventListener('astro:after-swap', () => {
    if (indexLoaded || document.querySelector('.search-btn')) document.documentElement.dataset.searchReady = 'true';
  });
}

/** Loads the index (once per page life; the service worker keeps it for offline use). */
function load(drafts: boolean): Promise<SearchEngine> {
  return loadIndex({ drafts }).then((engine) => {
    indexLoaded = true;
    return engine;
  });
}

/** Starts loading the index (the button was focused or pointed at): the first search then finds it ready. */
export function warm(): void {
  void load($preview.get().active).catch(() => {});
}

/**
 * Focus on what a result opened: the element of its anchor, else the page's
 * main heading, else its main region (made focusable without joining the tab order).
 */
function focusOpened(href: string): void {
  const hash = decodeURIComponent(new URL(href, location.href).hash.slice(1));
  const target = (hash && document.getElementById(hash)) || document.querySelector<HTMLElement>('main h1') || document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** Saved pages while offline (`null` when online): results elsewhere would open the offline page. */
function useOfflinePages(open: boolean): Set<string> | null {
  const [saved, setSaved] = useState<Set<string> | null>(null);
  useEffect(() => {
    let live = true;
    const check = () => {
      if (navigator.onLine) return setSaved(null);
      savedPages().then((s) => live && setSaved(s), () => live && setSaved(null));
    };
    check();
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    return () => {
      live = false;
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, [open]);
  return saved;
}

function readRecent(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string').slice(0, 6) : [];
  } catch {
    return [];
  }
}

function remember(query: string): void {
  const q = query.trim();
  if (!q) return;
  try {
    const next = [q, ...readRecent().filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, 6);
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // No storage: nothing to remember.
  }
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

function Marked({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </>
  );
}

function SearchDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<SearchEngine | null>(null);
  // Bumped when shards or their section texts arrive: the same search again, with them.
  const [loadedParts, setLoadedParts] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const preview = useStore($preview);
  const offline = useOfflinePages(open);
  const uid = useId().replace(/:/g, '');
  const listId = `search-list-${uid}`;
  const titleId = `search-title-${uid}`;

  const show = useCallback(() => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    setRecent(readRecent());
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
  }, []);

  // Open and close the native dialog (focus is kept inside by showModal).
  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (!open && d.open) {
      d.close();
    }
    if (!open) returnFocus.current?.focus?.();
  }, [open]);

  // Load the index on opening; in preview mode the drafts shard joins it.
  useEffect(() => {
    if (!open) return;
    let live = true;
    load(preview.active).then(
      (engine) => {
        if (!live) return;
        setError(null);
        setIndex(engine);
        setLoadedParts((n) => n + 1);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [open, preview.active]);

  // Shortcuts: Ctrl/Cmd+K anywhere, `/` when not typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (dialogRef.current?.open) close();
        else show();
      } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target) && !dialogRef.current?.open) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    document.documentElement.dataset.searchReady = 'true';
    return () => window.removeEventListener('keydown', onKey);
  }, [show, close]);

  const results = useMemo(() => {
    const q = query.trim();
    if (!index || !q) return null;
    const options = { drafts: preview.active, limit: 40 };
    const all = index.search(q, options);
    // Nothing has every word: show what has some of them, most words first.
    return all.hits.length > 0 ? all : index.search(q, { ...options, combineWith: 'OR' });
  }, [index, query, preview.active, loadedParts]);

  const missing = results?.missingTexts.join(' ') ?? '';
  useEffect(() => {
    if (!missing) return;
    let live = true;
    loadTexts(missing.split(' ')).then(
      () => live && setLoadedParts((n) => n + 1),
      // Without texts the results still show, only without excerpts.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [missing]);

  // Offline, results on pages not saved on this device are left out (and counted).
  const { groups, unsaved } = useMemo(() => {
    if (!results) return { groups: [] as ResultGroup[], unsaved: 0 };
    const hits = offline ? results.hits.filter((h) => offline.has(pageKey(withBase(h.path), location.href))) : results.hits;
    return { groups: groupResults(hits, results.terms, withBase), unsaved: results.hits.length - hits.length };
  }, [results, offline]);

  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  useEffect(() => setActive(0), [query]);

  // A suggestion or recent search fills the field and gives focus back to it,
  // so the arrow keys and Enter work on its results at once.
  const pick = (text: string) => {
    setQuery(text);
    inputRef.current?.focus();
  };

  const go = (href: string) => {
    remember(query);
    // Focus goes to what the result opens, not back to the search button.
    returnFocus.current = null;
    // Close now, before the router moves this persisted island to the next page.
    dialogRef.current?.close();
    setOpen(false);
    // The search is done: next time the dialog opens on the recent searches.
    setQuery('');
    // The client router keeps this island (and its loaded index) across pages.
    navigate(href).then(
      () => focusOpened(href),
      () => {},
    );
  };

  const onInputKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (flat.length ? (a + 1) % flat.length : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (flat.length ? (a - 1 + flat.length) % flat.length : 0));
    } else if (e.key === 'Home' && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'Escape') {
      // A search field's Escape would only clear it; the dialog closes at once.
      e.preventDefault();
      close();
    } else if (e.key === 'Enter') {
      const item = flat[active];
      if (item) {
        e.preventDefault();
        go(item.href);
      }
    }
  };

  useEffect(() => {
    const el = document.getElementById(`${listId}-${active}`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const activeId = flat[active] ? `${listId}-${active}` : undefined;
  const q = query.trim();
  let n = -1;

  return (
    <>
      <button type="button" className="btn search-btn" onClick={show} onFocus={warm} onPointerEnter={warm} aria-haspopup="dialog" aria-label="Search" aria-keyshortcuts="Control+K Meta+K /">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="m21 21-4.35-4.35M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Z" />
        </svg>
        <span className="search-label">Search</span>
        <kbd className="search-kbd">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialogRef}
        className="dialog search-dialog"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClick={(e) => {
          if (e.target === dialogRef.current) close();
        }}
      >
        <div className="search-panel">
          <h2 id={titleId} className="visually-hidden">
            Search Nucleus
          </h2>
          <div className="search-field">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="m21 21-4.35-4.35M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Z" />
            </svg>
            <input
              ref={inputRef}
              type="search"
              role="combobox"
              aria-label="Search the guide, the rules and the catalogues"
              aria-expanded={flat.length > 0}
              aria-controls={listId}
              aria-activedescendant={activeId}
              aria-autocomplete="list"
              placeholder="Search rules, gear, factions…"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onInputKey}
              autoComplete="off"
              spellCheck={false}
            />
            <button type="button" className="search-close" onClick={close}>
              <span aria-hidden="true">Esc</span>
              <span className="visually-hidden">Close search</span>
            </button>
          </div>
          {/* Scrolls on its own, so it takes focus to be scrollable by keyboard too. */}
          <div className="search-body" tabIndex={0} role="region" aria-label="Search results area">
            {error && (
              <p className="search-state" role="alert">
                {error}
              </p>
            )}
            {!error && !index && q && <p className="search-state">Loading the search index…</p>}
            {!q && (
              <div className="search-state">
                {recent.length > 0 ? (
                  <>
                    <p className="search-hint">Recent searches</p>
                    <ul className="search-chips">
                      {recent.map((r) => (
                        <li key={r}>
                          <button type="button" className="chip" onClick={() => pick(r)}>
                            {r}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="search-hint">Type to search every page and catalogue entry. Try a rule, a weapon or a faction.</p>
                )}
              </div>
            )}
            {offline && unsaved > 0 && (
              <p className="search-state search-offline" role="note">
                You are offline: {unsaved} result{unsaved === 1 ? ' is' : 's are'} on pages not saved on this device, and {unsaved === 1 ? 'is' : 'are'} not listed.
              </p>
            )}
            {index && q && flat.length === 0 && unsaved === 0 && (
              <div className="search-state" role="status">
                <p>
                  Nothing matched <strong>“{q}”</strong>.
                </p>
                <p className="search-hint">Try fewer or shorter words, or one of these:</p>
                <ul className="search-chips">
                  {SUGGESTIONS.map((s) => (
                    <li key={s}>
                      <button type="button" className="chip" onClick={() => pick(s)}>
                        {s}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div id={listId} role="listbox" aria-label="Search results" className="search-results" hidden={flat.length === 0}>
              {groups.map((g) => (
                <div role="group" aria-label={g.pageTitle} key={g.path} className="search-group">
                  <div className="search-group-title" aria-hidden="true">
                    {g.breadcrumb && <span className="crumb">{g.breadcrumb} › </span>}
                    {g.pageTitle}
                  </div>
                  {g.items.map((item) => {
                    n++;
                    const i = n;
                    return (
                      <a
                        key={item.id}
                        id={`${listId}-${i}`}
                        role="option"
                        aria-selected={i === active}
                        href={item.href}
                        tabIndex={-1}
                        className="search-item"
                        onMouseMove={() => setActive(i)}
                        onClick={(e) => {
                          e.preventDefault();
                          go(item.href);
                        }}
                      >
                        <span className="search-item-title">
                          {item.kind !== 'page' && <span className="kind">{item.kind}</span>}
                          <Marked pieces={item.title} />
                        </span>
                        {item.excerpt.length > 0 && (
                          <span className="search-item-excerpt">
                            <Marked pieces={item.excerpt} />
                          </span>
                        )}
                      </a>
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
          <p className="search-footer" aria-hidden="true">
            <span>
              <kbd>↑</kbd> <kbd>↓</kbd> to move
            </span>
            <span>
              <kbd>Enter</kbd> to open
            </span>
            <span>
              <kbd>Esc</kbd> to close
            </span>
          </p>
          <p className="visually-hidden" role="status" aria-live="polite">
            {q && index ? `${flat.length} result${flat.length === 1 ? '' : 's'}` : ''}
          </p>
        </div>
      </dialog>
    </>
  );
}

export default withBoundary('search', SearchDialog);
