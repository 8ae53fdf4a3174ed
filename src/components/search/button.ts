/**
 * The header's search button and shortcuts without React (issue 25): the
 * search dialog, React and the index load on first use, not on every page.
 *
 * 1. The button is in the page's HTML, shown only once script runs
 *    (`data-needs-js`); the header keeps its slot across client navigation.
 * 2. Ctrl/Cmd+K and `/` are caught from the first moment by the colour-mode
 *    script in <head> (THEME_BOOT in src/scripts/inline.ts), which marks a
 *    queued open and announces `nucleus:search-key`; so a key pressed while
 *    the page is still loading opens search once the dialog is ready.
 * 3. First use mounts SearchDialog in the slot in place of the button (it
 *    renders the same button) and opens it with the shortcut it listens for.
 *    From then on the dialog handles its shortcuts itself.
 */
import { fetchBeforeImport, offline } from '../../stores/connection';

const w = window as Window & { __nucleusSearchQueued?: boolean; __nucleusSearchHandled?: boolean };
const root = document.documentElement;

let loading: Promise<void> | null = null;

function slot(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-search-slot]');
}

async function failed(where: HTMLElement, error: unknown): Promise<void> {
  console.error('[nucleus] search could not load:', error);
  // Offline, its code is there only if search was opened once online (the service worker keeps it then).
  // navigator.onLine can say online while the network is down (connection.ts): a request tells.
  const text = (await offline())
    ? 'You are offline, and search is not saved on this device yet: it works offline once you have searched here online.'
    : 'Search could not load. Check the connection and try again.';
  let note = where.querySelector<HTMLElement>('[data-search-error]');
  if (!note) {
    note = document.createElement('p');
    note.className = 'search-error';
    note.dataset.searchError = '';
    note.setAttribute('role', 'alert');
    where.append(note);
  }
  note.textContent = text;
}

let code: ReturnType<typeof fetchCode> | null = null;
// Its file is fetched first: a failed import() would be remembered by some browsers (stores/connection.ts), and a second try refused.
const fetchCode = () => fetchBeforeImport(import.meta.url, ['SearchDialogMount']).then(() => import('./SearchDialogMount'));

/** Starts fetching the dialog's code (once): on a hover or focus of the button, a click follows. */
function prepare(): ReturnType<typeof fetchCode> {
  code ??= fetchCode().catch((e: unknown) => {
    code = null;
    throw e;
  });
  return code;
}

/**
 * Starts on the index's manifest beside the dialog's code (the loader is a
 * small module of its own, shared with the dialog): the first result needs
 * both, so neither waits for the other.
 */
function startIndex(): void {
  void import('./loader').then(({ loadIndex }) => loadIndex()).catch(() => {});
}

/** Mounts the dialog (once) and opens it. */
function open(): Promise<void> {
  w.__nucleusSearchQueued = false;
  const where = slot();
  if (!where) return Promise.resolve();
  if (!loading) startIndex();
  loading ??= prepare()
    .then(({ mountSearch }) => {
      const hadFocus = where.contains(document.activeElement);
      mountSearch(where);
      w.__nucleusSearchHandled = true;
      if (hadFocus) where.querySelector<HTMLElement>('.search-btn')?.focus();
      // The dialog opens on its own shortcut; a synthetic one reaches only its listener.
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, cancelable: true }));
    })
    .catch((e: unknown) => {
      loading = null;
      return failed(where, e);
    });
  return loading;
}

function wire(): void {
  const button = slot()?.querySelector<HTMLButtonElement>('[data-search-open]');
  if (button && !button.dataset.wired) {
    button.dataset.wired = '';
    button.addEventListener('click', () => void open());
    // A hover or focus fetches the dialog's code and starts on the index, so the first search finds both ready.
    const warm = () => {
      startIndex();
      void prepare().then(({ warmSearch }) => warmSearch()).catch(() => {});
    };
    button.addEventListener('pointerenter', warm, { once: true });
    button.addEventListener('focus', warm, { once: true });
  }
  root.dataset.searchReady = 'true';
}

window.addEventListener('nucleus:search-key', () => {
  if (!w.__nucleusSearchHandled) void open();
});
// The router takes the mark down while a navigation is under way (SearchDialog does too).
document.addEventListener('astro:before-preparation', () => delete root.dataset.searchReady);
document.addEventListener('astro:page-load', wire);
wire();
if (w.__nucleusSearchQueued) void open();
