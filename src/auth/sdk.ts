/**
 * Everything that touches the Firebase SDK. Loaded only through a dynamic
 * import from client.ts, so pages that never need an account never fetch it.
 */
import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import {
  initializeAuth,
  indexedDBLocalPersistence,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  onIdTokenChanged,
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  sendPasswordResetEmail,
  sendEmailVerification,
  signInWithPopup,
  signInWithRedirect,
  getRedirectResult,
  GoogleAuthProvider,
  EmailAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  updateProfile,
  deleteUser,
  signOut,
  validatePassword,
  type Auth,
  type User,
} from 'firebase/auth';
import type { AuthConfig } from './config';
import type { AccountUser } from './types';
import { authErrorCode } from './errors';
import { newestOnly } from './newest';

let auth: Auth | null = null;

export function toAccountUser(u: User): AccountUser {
  return {
    uid: u.uid,
    email: u.email,
    displayName: u.displayName,
    photoURL: u.photoURL,
    emailVerified: u.emailVerified,
    providers: u.providerData.map((p) => p.providerId),
  };
}

export function init(config: AuthConfig): Auth {
  if (auth) return auth;
  const app: FirebaseApp = getApps()[0] ?? initializeApp(config.firebase);
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}

function current(): Auth {
  if (!auth) throw Object.assign(new Error('Auth is not started'), { code: 'auth/internal-error' });
  return auth;
}

function requireUser(): User {
  const u = current().currentUser;
  if (!u) throw Object.assign(new Error('Nobody is signed in'), { code: 'auth/user-token-expired' });
  return u;
}

export interface TokenChange {
  user: AccountUser | null;
  token: string | null;
  issuedAtTime: string | null;
}

async function tokenChange(u: User | null): Promise<TokenChange> {
  if (!u) return { user: null, token: null, issuedAtTime: null };
  try {
    const r = await u.getIdTokenResult();
    return { user: toAccountUser(u), token: r.token, issuedAtTime: r.issuedAtTime };
  } catch {
    return { user: toAccountUser(u), token: null, issuedAtTime: null };
  }
}

/** Calls back on every sign-in, sign-out and token refresh, newest last (a late token read never overrides a later change). */
export function watch(onChange: (change: TokenChange) => void): () => void {
  return onIdTokenChanged(current(), newestOnly(tokenChange, onChange));
}

export async function ready(): Promise<AccountUser | null> {
  const a = current();
  await a.authStateReady();
  return a.currentUser ? toAccountUser(a.currentUser) : null;
}

export async function signUp(email: string, password: string): Promise<AccountUser> {
  const cred = await createUserWithEmailAndPassword(current(), email, password);
  // The address is checked in the background; the account works at once.
  sendEmailVerification(cred.user).catch(() => {});
  return toAccountUser(cred.user);
}

export async function signIn(email: string, password: string): Promise<AccountUser> {
  const cred = await signInWithEmailAndPassword(current(), email, password);
  return toAccountUser(cred.user);
}

export function resetPassword(email: string): Promise<void> {
  return sendPasswordResetEmail(current(), email);
}

/**
 * Google by popup (the SDK opens it 500×600, centred, polls for a closed
 * window and rejects 8 s after it closes: SPEC §9). A blocked popup falls
 * back to a full-page redirect; `beforeRedirect` marks the pending return.
 */
export async function signInWithGoogle(beforeRedirect: () => void): Promise<AccountUser | 'redirecting'> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const cred = await signInWithPopup(current(), provider);
    return toAccountUser(cred.user);
  } catch (e) {
    if (authErrorCode(e) !== 'popup-blocked') throw e;
    beforeRedirect();
    await signInWithRedirect(current(), provider);
    return 'redirecting';
  }
}

export async function finishRedirect(): Promise<AccountUser | null> {
  const r = await getRedirectResult(current());
  return r ? toAccountUser(r.user) : null;
}

export async function checkPassword(password: string) {
  return validatePassword(current(), password);
}

export async function rename(displayName: string): Promise<AccountUser> {
  const u = requireUser();
  await updateProfile(u, { displayName: displayName.trim() || null });
  await u.reload();
  return toAccountUser(current().currentUser ?? u);
}

export async function resendVerification(): Promise<void> {
  await sendEmailVerification(requireUser());
}

/** The account re-read from the server; null when it was signed out (here or in another tab) meanwhile. */
export async function reload(): Promise<AccountUser | null> {
  const u = current().currentUser;
  if (!u) return null;
  await u.reload();
  const now = current().currentUser;
  return now?.uid === u.uid ? toAccountUser(now) : null;
}

/**
 * Asks Firebase for a new ID token now: null when it came (or nobody is
 * signed in), else the Auth error code. For a deleted or turned-off account
 * the SDK also signs this device out (`auth/user-token-expired`,
 * `auth/user-disabled`), which it would otherwise do only at the hourly refresh.
 */
export async function refreshToken(): Promise<string | null> {
  const u = current().currentUser;
  if (!u) return null;
  try {
    await u.getIdToken(true);
    return null;
  } catch (e) {
    return `auth/${authErrorCode(e) || 'unknown'}`;
  }
}

/**
 * Another tab signed out: end the session here too, at once, rather than
 * when the SDK's IndexedDB poll notices. Until then this tab still holds the
 * user, and a reload or token refresh finishing meanwhile would save it back
 * to IndexedDB (signing the other tab in again) and announce it here.
 */
export async function forget(): Promise<void> {
  if (current().currentUser) await signOut(current());
}

export function leave(): Promise<void> {
  return signOut(current());
}

/** When the signed-in user last signed in (the ID token's `authTime`), or null if unknown. */
export async function lastSignInTime(): Promise<string | null> {
  const r = await requireUser().getIdTokenResult();
  return r.authTime || null;
}

/** Deletes the account; throws `auth/requires-recent-login` when the provider wants a fresh sign-in. */
export async function remove(): Promise<void> {
  await deleteUser(requireUser());
}

/** Confirms who it is before a sensitive change: the password, or Google again. */
export async function reauthenticate(password: string | null): Promise<void> {
  const u = requireUser();
  if (password !== null) {
    if (!u.email) throw Object.assign(new Error('No e-mail'), { code: 'auth/missing-email' });
    await reauthenticateWithCredential(u, EmailAuthProvider.credential(u.email, password));
  } else {
    await reauthenticateWithPopup(u, new GoogleAuthProvider());
  }
}
