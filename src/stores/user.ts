/**
 * The account state: who is signed in ($user) and how sure we are
 * ($authStatus). Starts 'unknown'; `initAuth()` settles it from the local
 * hint without the SDK when nobody signed in here, else from Firebase.
 */
import { atom } from 'nanostores';
import { readSignedInHint, signedOutElsewhere, SIGNED_IN_HINT_KEY, startAuth, type AccountUser, type AuthState, type AuthStatus } from '../auth';

export const $user = atom<AccountUser | null>(null);
export const $authStatus = atom<AuthStatus>('unknown');

/** Which account dialog is open ('deleted': what deleting the account did). */
export const $accountDialog = atom<'none' | 'sign-in' | 'profile' | 'deleted'>('none');

/** The sentence the "Account deleted" dialog shows: what went, what stays. */
export const $accountDeleted = atom<string | null>(null);

/**
 * Document counts for the profile dialog ("stored locally" and "in the
 * cloud"). The storage work sets this; null hides the line.
 */
export const $accountDocumentCounts = atom<{ local: number; cloud: number | null } | null>(null);

function apply(state: AuthState): void {
  $user.set(state.user);
  $authStatus.set(state.status);
}

/** Confirms the session with Firebase (loads the SDK). */
export async function confirmAuth(): Promise<AuthStatus> {
  const state = await startAuth(apply);
  apply(state);
  return state.status;
}

/** Settles the status cheaply: only a stored session loads the SDK. */
export function initAuth(): void {
  followOtherTabs();
  if ($authStatus.get() !== 'unknown') return;
  if (readSignedInHint()) void confirmAuth();
  else $authStatus.set('signed-out');
}

let following = false;

/**
 * Another tab signed in or out (issue 23). The SDK tells tabs that loaded it
 * by polling IndexedDB, but a signed-out tab has not loaded it, and the poll
 * can take most of a second. Every tab writes the signed-in hint on each
 * change, and `storage` events reach the other tabs at once: a sign-in
 * loads the SDK here and confirms it; a sign-out is shown at once.
 */
function followOtherTabs(): void {
  if (following || typeof window === 'undefined') return;
  following = true;
  window.addEventListener('storage', (e) => {
    // key null: the other tab cleared all of this site's storage.
    if (e.key !== SIGNED_IN_HINT_KEY && e.key !== null) return;
    if (readSignedInHint()) {
      if (!$user.get()) void confirmAuth();
    } else if ($user.get() || $authStatus.get() === 'unknown') {
      apply(signedOutElsewhere());
    }
  });
}

/** After a profile change the SDK does not announce. */
export function setUser(user: AccountUser | null): void {
  $user.set(user);
  if (user) $authStatus.set('signed-in');
}

/**
 * A re-read of the shown account (a reload, a rename) that comes back over
 * the network: it updates that account only. If the account was signed out
 * meanwhile, here or in another tab, the answer is stale and must not sign
 * the page back in.
 */
export function refreshUser(user: AccountUser | null): void {
  if (user && $user.get()?.uid === user.uid) $user.set(user);
}

/** Session key of the "Account deleted" notice, so it outlives a guarded page's redirect to /login. */
const DELETED_KEY = 'nucleus:account-deleted';

/** Keeps the notice for the next page, before the account goes (a guarded page leaves at once). */
export function rememberAccountDeleted(sentence: string | null): void {
  try {
    if (sentence) sessionStorage.setItem(DELETED_KEY, sentence);
    else sessionStorage.removeItem(DELETED_KEY);
  } catch {
    // No storage: the notice shows on this page only.
  }
}

/** Opens the "Account deleted" dialog with `sentence`, or with the one a previous page kept. */
export function showAccountDeleted(sentence?: string): void {
  let text = sentence ?? null;
  try {
    text ??= sessionStorage.getItem(DELETED_KEY);
  } catch {
    // No storage: nothing was kept.
  }
  if (!text) return;
  $accountDeleted.set(text);
  $accountDialog.set('deleted');
}

/** Closes the notice for good. */
export function dismissAccountDeleted(): void {
  rememberAccountDeleted(null);
  $accountDeleted.set(null);
  if ($accountDialog.get() === 'deleted') $accountDialog.set('none');
}

// The header's account button (components/account/button.ts) follows these
// stores only once they are loaded: tell it when some other part of the page
// (the sign-in page, a guard, the library) loads them first.
if (typeof window !== 'undefined') {
  (window as Window & { __nucleusAccountStores?: boolean }).__nucleusAccountStores = true;
  window.dispatchEvent(new Event('nucleus:account-stores'));
}

export function openAccountDialog(): void {
  $accountDialog.set($user.get() ? 'profile' : 'sign-in');
}
