/**
 * The search dialog (SPEC §2): opens from the header button, Ctrl/Cmd+K and
 * `/`; results as you type, grouped by page; keyboard-only friendly.
 *
 * What it shows and when (index loading, queries, offline filtering, the
 * selection) is searchDialogState.ts; this file renders it (the messages are
 * SearchStates, the results SearchResults) and keeps the DOM's part: the
 * native dialog, focus and shortcuts (useSearchDialog.ts), and navigation.
 *
 * - Escape closes the dialog at once (the search field would first clear).
 * - A result opened with Enter takes focus to what it opens: the heading of
 *   its anchor, else the page's main heading.
 */
import { useCallback, useEffect, useId, type KeyboardEvent as FieldKeyEvent } from 'react';
import { useStore } from '@nanostores/react';
import { searchDialog as state } from './searchDialogState';
import type { ResultItem } from './results';
import { ResultList } from './SearchResults';
import { SearchStates } from './SearchStates';
import { focusOpened, useDialogElement, useShortcuts } from './useSearchDialog';
import { withBoundary } from '../IslandBoundary';
import { navigate } from 'astro:transitions/client';
import '../../styles/dialog.css';
import './search.css';

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

/** The header's button (the plain one of button.ts is replaced by this when search mounts). */
function SearchButton({ show }: { show: () => void }) {
  return (
    <button type="button" className="btn search-btn" onClick={show} onFocus={warm} onPointerEnter={warm} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K /">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <path d="m21 21-4.35-4.35M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Z" />
      </svg>
      <span className="search-label">Search</span>
      <kbd className="search-kbd" aria-hidden="true">Ctrl K</kbd>
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
