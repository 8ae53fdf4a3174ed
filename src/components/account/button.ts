/**
 * The header's account button without React (issue 25). Signed out it says
 * "Sign in"; signed in it shows the avatar and the name. React and the
 * dialogs (AccountDialogs.tsx) load when one opens; the Firebase SDK loads
 * only when a session is stored here (at idle) or a dialog opens.
 *
 * 1. Before the SDK answers, a signed-in reader sees the name and photo
 *    kept from the last visit (PROFILE_KEY), so the button does not flicker.
 * 2. Every change of $user repaints the button and the footer's session
 *    link, and keeps the profile for the next page.
 * 3. Anything that opens an account dialog ($accountDialog) mounts them.
 */
import { readSignedInHint, SIGNED_IN_HINT_KEY } from '../../auth/hint';
import type { AccountUser, AuthStatus } from '../../auth/types';
import { withBase } from '../../config/base';
import { fetchBeforeImport, offline } from '../../stores/connection';
import { initialsOf } from './initials';
import { retrier } from './retry';

type Shown = Pick<AccountUser, 'displayName' | 'email' | 'photoURL'>;
type Stores = typeof import('../../stores/user');
const PROFILE_KEY = 'nucleus:account-profile';
/** Kept by stores/user for the next page: an "Account deleted" notice to show. */
const DELETED_KEY = 'nucleus:account-deleted';
const root = document.documentElement;
/** The person icon the static button is drawn with, kept for repaints once signed out. */
let person: Node | null = null;

/** The account stores, loaded when a session is stored here or someone uses the button; null until then (signed out). */
let stores: Stores | null = null;
let loadingStores: Promise<Stores> | null = null;
function keptProfile(): Shown | null {
  if (!readSignedInHint()) return null;
  try {
    const v = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as Shown | null;
    return v && typeof v === 'object' ? { displayName: v.displayName ?? null, email: v.email ?? null, photoURL: v.photoURL ?? null } : null;
  } catch {
    return null;
  }
}

function keepProfile(user: AccountUser | null): void {
  try {
    if (user) localStorage.setItem(PROFILE_KEY, JSON.stringify({ displayName: user.displayName, email: user.email, photoURL: user.photoURL }));
    else localStorage.removeItem(PROFILE_KEY);
  } catch {
    // No storage: the next page waits for the SDK.
  }
}

function avatar(user: Shown): HTMLElement {
  if (user.photoURL) {
    const img = document.createElement('img');
    img.className = 'avatar avatar-sm';
    img.alt = '';
    img.referrerPolicy = 'no-referrer';
    img.src = user.photoURL;
    img.addEventListener('error', () => img.replaceWith(avatar({ ...user, photoURL: null })), { once: true });
    return img;
  }
  const span = document.createElement('span');
  span.className = 'avatar avatar-sm avatar-initials';
  span.setAttribute('aria-hidden', 'true');
  span.textContent = initialsOf(user);
  return span;
}

function paint(): void {
  const status: AuthStatus = stores ? stores.$authStatus.get() : readSignedInHint() ? 'unknown' : 'signed-out';
  const user: Shown | null = stores?.$user.get() ?? (status === 'unknown' ? keptProfile() : null);
  const button = document.querySelector<HTMLButtonElement>('[data-account-button]');
  if (button) {
    button.dataset.authStatus = status;
    button.classList.toggle('is-signed-in', !!user);
    button.setAttribute('aria-label', user ? `Account: ${user.displayName || user.email || 'signed in'}` : 'Sign in');
    const label = document.createElement('span');
    label.className = 'account-btn-label';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = user ? user.displayName || 'Account' : 'Sign in';
    person ??= button.querySelector('svg')?.cloneNode(true) ?? null;
    const icon = user ? avatar(user) : person?.cloneNode(true);
    button.replaceChildren(...(icon ? [icon] : []), label);
  }
  // The footer's session link (static HTML says "Sign in").
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-session-link]')) {
    a.textContent = user ? 'Your library' : 'Sign in';
    a.href = withBase(user ? '/nucleus/library' : '/login');
  }
}

let dialogs: Promise<void> | null = null;
/** The plain sign-in dialog shown when the dialogs' code cannot be fetched (Header.astro). */
const fallback = () => document.querySelector<HTMLDialogElement>('dialog[data-signin-fallback]');

function mountDialogs(): void {
  const container = document.querySelector<HTMLElement>('[data-account-dialogs]');
  if (!container || dialogs) return;
  dialogs = import('./AccountDialogs')
    .then((m) => {
      m.mountAccountDialogs(container);
      fallback()?.close();
    })
    .catch((e: unknown) => {
      dialogs = null;
      // One message for both of the account's imports (fewer bytes in every page); the error names the file.
      console.error('[nucleus] the account code could not load:', e);
      if (stores && stores.$accountDialog.get() !== 'none') void showUnavailable();
    });
}

/**
 * The dialogs' code is fetched on first use, not precached, so a reader
 * offline who never opened them gets this plain dialog instead (no React):
 * why sign-in is unavailable, "Try again", and the real dialog by itself
 * once the code loads: tried again and again while the dialog is open and
 * the browser online (retry.ts), from the connection's return or, online,
 * from the dialog's opening.
 */
async function showUnavailable(): Promise<void> {
  const d = fallback();
  if (!d) return;
  // navigator.onLine can say online while the network is down (stores/connection.ts): a request tells.
  const off = await offline();
  for (const p of d.querySelectorAll<HTMLElement>('[data-why]')) p.hidden = (p.dataset.why === 'offline') !== off;
  if (d.open) return;
  d.showModal();
  // Also offline when the browser thinks it is online: it may never announce the connection's return.
  if (!off || navigator.onLine) retry();
}

/** Loads the account stores (once) and follows them; `initAuth` loads the SDK only for a stored session. */
function loadStores(): Promise<Stores> {
  loadingStores ??= import('../../stores/user').then((m) => {
    stores = m;
    m.$user.listen((user) => {
      if (m.$authStatus.get() === 'signed-in') keepProfile(user);
      paint();
    });
    m.$authStatus.listen((status) => {
      if (status === 'signed-in') keepProfile(m.$user.get());
      else if (status === 'signed-out') keepProfile(null);
      paint();
    });
    m.$accountDialog.subscribe((d) => {
      if (d !== 'none') mountDialogs();
    });
    m.initAuth();
    // An account deleted on the page before (a guarded one, left for /login).
    m.showAccountDeleted();
    paint();
    return m;
  });
  return loadingStores;
}

/** The status is settled (the SDK answered when a session is stored). */
async function settled(): Promise<Stores> {
  const m = await loadStores();
  if (m.$authStatus.get() !== 'unknown') return m;
  return new Promise((done) => {
    const stop = m.$authStatus.listen((s) => {
      if (s === 'unknown') return;
      stop();
      done(m);
    });
  });
}

async function onClick(): Promise<void> {
  // Not loaded yet: its files are fetched first, and a failure said without
  // trying the import. A browser that remembers a failed import (Chromium
  // 150, stores/connection.ts) would refuse it again once online.
  if (!stores && !loadingStores) {
    try {
      await fetchBeforeImport(import.meta.url, ['AccountDialogs', 'user']);
    } catch (e) {
      console.error('[nucleus] the account code could not load:', e);
      void showUnavailable();
      return;
    }
  }
  mountDialogs();
  let m: Stores;
  try {
    m = await settled();
  } catch (e) {
    // Offline before the account code was ever fetched: say why, and let a later click or the connection's return try again.
    loadingStores = null;
    console.error('[nucleus] the account code could not load:', e);
    void showUnavailable();
    return;
  }
  m.openAccountDialog();
}

/** Loads the sign-in code again and again while the fallback is open and the browser online (the first fetch can fail while the connection returns). */
const retry = retrier(onClick, () => navigator.onLine && fallback()?.open);

function wire(): void {
  const d = fallback();
  if (d && !d.dataset.wired) {
    d.dataset.wired = '';
    d.querySelector('[data-signin-retry]')?.addEventListener('click', () => void onClick());
    d.querySelector('[data-signin-close]')?.addEventListener('click', () => {
      d.close();
      stores?.$accountDialog.set('none');
    });
    window.addEventListener('online', retry);
  }
  const button = document.querySelector<HTMLButtonElement>('[data-account-button]');
  if (button && !button.dataset.wired) {
    button.dataset.wired = '';
    button.addEventListener('click', () => void onClick());
  }
  paint();
}

function deletedNoticeKept(): boolean {
  try {
    return !!sessionStorage.getItem(DELETED_KEY);
  } catch {
    return false;
  }
}

// Signed out here: nothing loads. A stored session loads the stores and the SDK when the page is idle;
// a notice kept by the page before loads them at once.
if (deletedNoticeKept()) void loadStores();
else if (readSignedInHint()) {
  if ('requestIdleCallback' in window) requestIdleCallback(() => void loadStores(), { timeout: 3000 });
  else setTimeout(() => void loadStores(), 1000);
}
// Another part of the page loaded the stores (the sign-in page, a guard, the library).
if ((window as Window & { __nucleusAccountStores?: boolean }).__nucleusAccountStores) void loadStores();
window.addEventListener('nucleus:account-stores', () => void loadStores());
// A sign-in in another tab (stores/user follows the tabs once loaded).
window.addEventListener('storage', (e) => {
  if (!stores && (e.key === SIGNED_IN_HINT_KEY || e.key === null) && readSignedInHint()) void loadStores();
});
const ready = () => {
  wire();
  root.dataset.accountReady = 'true';
};
// The router replaces the root's attributes on each page: say again that the button is ready.
document.addEventListener('astro:after-swap', ready);
ready();
