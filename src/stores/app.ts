/**
 * App-level state: the page-loading indicator and the app error (SPEC §4).
 */
import { atom } from 'nanostores';

/** True while a page's data is loading (client navigation, preview). */
export const $loading = atom(false);

export interface AppError {
  statusCode: number;
  message: string;
  description?: string;
}

/** The error that broke the app or one of its islands, shown by the error page. */
export const $appError = atom<AppError | null>(null);

export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'nucleus:reload-guard';

/**
 * After a lazily loaded piece failed to load: reload once, unless this path
 * was already reloaded for that reason within the last 10 s (SPEC §4, §8).
 * The guard lives in session storage, one timestamp per path.
 */
export function shouldReloadAfterChunkError(
  path: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now = Date.now(),
): boolean {
  if (!storage) return false;
  let guards: Record<string, number> = {};
  try {
    guards = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '{}') as Record<string, number>;
  } catch {
    guards = {};
  }
  const last = guards[path];
  if (typeof last === 'number' && now - last < RELOAD_GUARD_MS) return false;
  guards[path] = now;
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(guards));
  } catch {
    // Without storage we cannot guard, so we do not reload at all.
    return false;
  }
  return true;
}

/** Errors browsers give when a dynamically imported module cannot be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}
