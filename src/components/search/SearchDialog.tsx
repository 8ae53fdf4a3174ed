/**
 * The search dialog (SPEC §2): opens from the header button, Ctrl/Cmd+K and
 * `/`; results as you type, grouped by page; keyboard-only friendly.
 *
 * What it shows and when (index loading, queries, offline filtering, the
 * selection) is searchDialogState.ts; this file renders it and keeps the DOM's
 * part: the native dialog, focus, shortcuts and navigation.
 *
 * - Escape closes the dialog at once (the search field would first clear).
 * - A result opened with Enter takes focus to what it opens: the heading of
 *   its anchor, else the page's main heading.
 */
import { useCallback, useEffect, useId, useRef, type KeyboardEvent as FieldKeyEvent, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { searchDialog as state } from './searchDialogState';
import type { Piece, ResultItem } from './results';
import { withBoundary } from '../IslandBoundary';
import { navigate } from 'astro:transitions/client';
import '../../styles/dialog.css';
import './search.css';

const SUGGESTIONS = ['edge', 'guard', 'overcharge', 'plasma', 'netrunner'];

// The router replaces the root's attributes on each page: say again that search is ready.
// While a navigation is under way the mark is taken down, so a shortcut pressed
// then is not mistaken for one on the settled page (the dialog moves with the swap).
if (typeof document !== 'undefined') {
  document.addEventListener('astro:before-preparation', () => {
    delete document.documentElement.dataset.searchReady;
  });
  document.addEventListener('astro:after-swap', () => {
    if (state.isIndexLoaded() || document.querySelector('.search-btn')) document.documentElement.dataset.searchReady = 'true';
  });
}

/** Starts loading the index (the button was focused or pointed at): the first search then finds it ready. */
export const warm = state.warm;

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

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

function Marked({ pieces }: { pieces: Piece[] }) {
  return <>{pieces.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

/** The native dialog follows the state; focus goes into the field on opening and back where it was on closing. */
function useDialogElement(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
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
  return { dialogRef, inputRef, returnFocus };
}

/** What the dialog says besides its results: an error, loading, recent searches, the offline note, nothing found. */
/** Queries offered as buttons (recent searches, suggestions): a click runs one. */
function QueryChips({ queries, pick }: { queries: readonly string[]; pick: (text: string) => void }) {
  return (
    <ul className="search-chips">
      {queries.map((q) => (
        <li key={q}>
          <button type="button" className="chip" onClick={() => pick(q)}>
            {q}
          </button>
        </li>
      ))}
    </ul>
  );
}

function SearchStates({ pick }: { pick: (text: string) => void }) {
  const q = useStore(state.$query).trim();
  const index = useStore(state.$engine);
  const error = useStore(state.$error);
  const recent = useStore(state.$recent);
  const offline = useStore(state.$offline);
  const { flat, unsaved, loading } = useStore(state.$view);
  return (
    <>
      {error && (
        <p className="search-state" role="alert">
          {error}
        </p>
      )}
      {!error && (!index || loading) && q && flat.length === 0 && <p className="search-state">Loading the search index…</p>}
      {!q && (
        <div className="search-state">
          {recent.length > 0 ? (
            <>
              <p className="search-hint">Recent searches</p>
              <QueryChips queries={recent} pick={pick} />
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
      {index && q && flat.length === 0 && unsaved === 0 && !loading && (
        <div className="search-state" role="status">
          <p>
            Nothing matched <strong>“{q}”</strong>.
          </p>
          <p className="search-hint">Try fewer or shorter words, or one of these:</p>
          <QueryChips queries={SUGGESTIONS} pick={pick} />
        </div>
      )}
    </>
  );
}

/** The results, grouped by page; each an option of the field's listbox. */
function ResultList({ listId, go }: { listId: string; go: (item: ResultItem) => void }) {
  const { groups, flat } = useStore(state.$view);
  const active = useStore(state.$active);
  // The chosen result stays in view as the arrow keys move.
  useEffect(() => {
    const el = document.getElementById(`${listId}-${active}`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  let n = -1;
  return (
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
                onMouseMove={() => state.setActive(i)}
                onClick={(e) => {
                  e.preventDefault();
                  go(item);
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
  );
}

/** Shortcuts: Ctrl/Cmd+K anywhere, `/` when not typing; the root says search is ready for them. */
function useShortcuts(show: () => void, close: () => void, dialogRef: RefObject<HTMLDialogElement | null>) {
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
  }, [show, close, dialogRef]);
}

/** The header's button (the plain one of button.ts is replaced by this when search mounts). */
function SearchButton({ show }: { show: () => void }) {
  return (
    <button type="button" className="btn search-btn" onClick={show} onFocus={warm} onPointerEnter={warm} aria-haspopup="dialog" aria-label="Search" aria-keyshortcuts="Control+K Meta+K /">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="m21 21-4.35-4.35M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Z" />
      </svg>
      <span className="search-label">Search</span>
      <kbd className="search-kbd">Ctrl K</kbd>
    </button>
  );
}

/** Key hints, and the count of results for screen readers. */
function SearchFooter() {
  const q = useStore(state.$query).trim();
  const index = useStore(state.$engine);
  const { flat } = useStore(state.$view);
  return (
    <>
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
    </>
  );
}

/** The field's keys: the arrows move through the results, Enter opens the chosen one. */
function onFieldKey(e: FieldKeyEvent<HTMLInputElement>, close: () => void, go: (item: ResultItem) => void): void {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    state.move(e.key === 'ArrowDown' ? 1 : -1);
  } else if (e.key === 'Home' && e.ctrlKey) {
    state.setActive(0);
  } else if (e.key === 'Escape') {
    // A search field's Escape would only clear it; the dialog closes at once.
    e.preventDefault();
    close();
  } else if (e.key === 'Enter') {
    const item = state.$view.get().flat[state.$active.get()];
    if (item) {
      e.preventDefault();
      go(item);
    }
  }
}

function SearchDialog() {
  const open = useStore(state.$open);
  const query = useStore(state.$query);
  const active = useStore(state.$active);
  const { flat } = useStore(state.$view);
  const { dialogRef, inputRef, returnFocus } = useDialogElement(open);
  const uid = useId().replace(/:/g, '');
  const listId = `search-list-${uid}`;
  const titleId = `search-title-${uid}`;

  const show = useCallback(() => {
    returnFocus.current = document.activeElement as HTMLElement | null;
    state.setOpen(true);
  }, [returnFocus]);
  const close = useCallback(() => state.setOpen(false), []);

  useEffect(() => state.start(), []);

  useShortcuts(show, close, dialogRef);

  // A suggestion or recent search fills the field and gives focus back to it,
  // so the arrow keys and Enter work on its results at once.
  const pick = (text: string) => {
    state.setQuery(text);
    inputRef.current?.focus();
  };

  const go = (item: ResultItem) => {
    // Focus goes to what the result opens, not back to the search button.
    returnFocus.current = null;
    // Close now, before the router moves this persisted island to the next page.
    dialogRef.current?.close();
    const href = state.choose(item);
    // The client router keeps this island (and its loaded index) across pages.
    navigate(href).then(
      () => focusOpened(href),
      () => {},
    );
  };

  const activeId = flat[active] ? `${listId}-${active}` : undefined;

  return (
    <>
      <SearchButton show={show} />
      <dialog
        ref={dialogRef}
        className="dialog search-dialog"
        aria-labelledby={titleId}
        onClose={close}
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
              onChange={(e) => state.setQuery(e.target.value)}
              onKeyDown={(e) => onFieldKey(e, close, go)}
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
            <SearchStates pick={pick} />
            <ResultList listId={listId} go={go} />
          </div>
          <SearchFooter />
        </div>
      </dialog>
    </>
  );
}

export default withBoundary('search', SearchDialog);
