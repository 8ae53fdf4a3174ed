/**
 * A cheap "someone is signed in here" hint in localStorage, written on every
 * auth change, so pages decide whether to load the Firebase SDK at all.
 * Firebase itself keeps the session in IndexedDB (`firebaseLocalStorageDb`).
 */
export const SIGNED_IN_HINT_KEY = 'nucleus:signed-in';
/** Set just before a redirect sign-in, so the page we come back to loads the SDK. */
export const REDIRECT_PENDING_KEY = 'nucleus:auth-redirect';

export function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1' || sessionStorage.getItem(REDIRECT_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // No storage: the SDK is then loaded only when a dialog opens.
  }
}
