/**
 * The account service for the browser. Cheap to import: the Firebase SDK
 * (sdk.ts) is fetched on the first call that needs it, never before.
 */
import { resolveAuthConfig, type AuthConfig } from './config';
import { resolveTokenSyncUrl, syncToken, tokenSyncAction, TOKEN_SYNC_OVERRIDE_KEY } from './tokenSync';
import { REDIRECT_PENDING_KEY, writeSignedInHint } from './hint';
import type { AccountUser, AuthStatus } from './types';

type Sdk = typeof import('./sdk');

export const authConfig: AuthConfig = resolveAuthConfig({
  PUBLIC_FIREBASE_API_KEY: import.meta.env.PUBLIC_FIREBASE_API_KEY,
  PUBLIC_FIREBASE_AUTH_DOMAIN: import.meta.env.PUBLIC_FIREBASE_AUTH_DOMAIN,
  PUBLIC_FIREBASE_PROJECT_ID: import.meta.env.PUBLIC_FIREBASE_PROJECT_ID,
  PUBLIC_FIREBASE_APP_ID: import.meta.env.PUBLIC_FIREBASE_APP_ID,
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: import.meta.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
  PUBLIC_TOKEN_SYNC_URL: import.meta.env.PUBLIC_TOKEN_SYNC_URL,
});

export interface AuthState {
  status: AuthStatus;
  user: AccountUser | null;
}

let sdkPromise: Promise<Sdk> | null = null;
let started: Promise<AuthState> | null = null;
/**
 * The newest state the SDK reported. `started` keeps the first one, which a
 * sign-in or sign-out (here or in another tab) has since made stale.
 */
let latest: AuthState | null = null;
let watching = false;
let reachableNow = true;

/** The SDK, loaded once. A failed load (offline) may be retried later. */
export function loadSdk(): Promise<Sdk> {
  if (!sdkPromise) {
    sdkPromise = import('./sdk').then(
      (sdk) => {
        sdk.init(authConfig);
        return sdk;
      },
      (e) => {
        sdkPromise = null;
        throw e;
      },
    );
  }
  return sdkPromise;
}

/** Whether the sign-in service answers at all (the emulator may not be running). */
async function reachable(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false && !authConfig.emulatorUrl) return false;
  if (!authConfig.emulatorUrl) return true;
  try {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), 3000);
    await fetch(authConfig.emulatorUrl + '/', { mode: 'no-cors', cache: 'no-store', signal: ctl.signal });
    clearTimeout(timer);
    return true;
  } catch {
    return false;
  }
}

function tokenSyncTarget(): string | null {
  let configured = authConfig.tokenSyncUrl;
  try {
    configured = localStorage.getItem(TOKEN_SYNC_OVERRIDE_KEY) || configured;
  } catch {
    // No storage: the build's address only.
  }
  const target = resolveTokenSyncUrl(configured, location.href);
  if (target.ok) return target.url;
  if (target.reason) console.error(target.reason);
  return null;
}

/**
 * Starts the account service once: loads the SDK, confirms the session,
 * keeps the local hint and the token sync up to date, and reports every
 * change to `onChange`. Resolves with the current confirmed state.
 */
export function startAuth(onChange: (state: AuthState) => void): Promise<AuthState> {
  const first = started ?? begin(onChange);
  return first.then((state) => latest ?? state);
}

/**
 * Another tab signed out: the page follows at once, and so does this tab's
 * SDK if it is loaded, instead of on its next IndexedDB poll (see sdk.forget).
 */
export function signedOutElsewhere(): AuthState {
  latest = { status: reachableNow ? 'signed-out' : 'unavailable', user: null };
  void sdkPromise?.then((sdk) => sdk.forget()).catch(() => {});
  return latest;
}

function begin(onChange: (state: AuthState) => void): Promise<AuthState> {
  started = (async (): Promise<AuthState> => {
    const [sdk, ok] = await Promise.all([loadSdk().catch(() => null), reachable()]);
    if (!sdk) {
      started = null; // try again when a dialog opens next time
      latest = { status: 'unavailable', user: null };
      return latest;
    }
    const syncUrl = watching ? null : tokenSyncTarget();
    let redirected: AccountUser | null = null;
    try {
      if (sessionStorage.getItem(REDIRECT_PENDING_KEY)) {
        sessionStorage.removeItem(REDIRECT_PENDING_KEY);
        redirected = await sdk.finishRedirect();
      }
    } catch (e) {
      console.warn('[nucleus] sign-in by redirect did not complete:', e);
    }
    let known = true;
    const user = redirected ?? (await sdk.ready().catch(() => ((known = false), null)));
    reachableNow = ok;
    const stateOf = (u: AccountUser | null): AuthState => ({ status: u ? 'signed-in' : reachableNow ? 'signed-out' : 'unavailable', user: u });
    if (!watching) {
      watching = true;
      sdk.watch((change) => {
        writeSignedInHint(!!change.user);
        if (syncUrl) {
          const action = tokenSyncAction(change.user ? (change.issuedAtTime ?? 'unknown') : null, Date.now());
          // Never awaited: a slow or failing sync must not hold up the page.
          void syncToken(syncUrl, action, change.token);
        }
        latest = stateOf(change.user);
        onChange(latest);
      });
    }
    // A failed read says nothing about the account: writing "signed out" would
    // sign the other open tabs out (they follow the hint at once).
    if (known) writeSignedInHint(!!user);
    // Unreachable: ask again next time (the emulator may have been started since).
    if (!user && !ok) started = null;
    latest = stateOf(user);
    return latest;
  })();
  return started;
}

/** Calls the SDK, starting it first if needed. */
export async function withSdk<T>(fn: (sdk: Sdk) => Promise<T>): Promise<T> {
  const sdk = await loadSdk();
  return fn(sdk);
}

/** Before leaving for a redirect sign-in: load the SDK when we come back. */
export function markRedirectPending(): void {
  try {
    sessionStorage.setItem(REDIRECT_PENDING_KEY, '1');
  } catch {
    // Without storage the result is picked up once a dialog is opened.
  }
}
