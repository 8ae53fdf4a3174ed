/**
 * The account state: who is signed in ($user) and how sure we are
 * ($authStatus). Starts 'unknown'; `initAuth()` settles it from the local
 * hint without the SDK when nobody signed in here, else from Firebase.
 */
import { atom } from 'nanostores';
import { readSignedInHint, startAuth, type AccountUser, type AuthState, type AuthStatus } from '../auth';

export const $user = atom<AccountUser | null>(null);
export const $authStatus = atom<AuthStatus>('unknown');

/** Which account dialog is open. */
export const $accountDialog = atom<'none' | 'sign-in' | 'profile'>('none');

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
  if ($authStatus.get() !== 'unknown') return;
  if (readSignedInHint()) void confirmAuth();
  else $authStatus.set('signed-out');
}

/** After a profile change the SDK does not announce. */
export function setUser(user: AccountUser | null): void {
  $user.set(user);
  if (user) $authStatus.set('signed-in');
}

export function openAccountDialog(): void {
  $accountDialog.set($user.get() ? 'profile' : 'sign-in');
}
