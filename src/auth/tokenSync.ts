/**
 * Token sync (SPEC §7): a configured same-origin address gets the user's ID
 * token (POST with a bearer header) while it is fresh, and a DELETE when
 * nobody is signed in. Decisions here are pure; `syncToken` does the call.
 */

/** Tokens older than this are not sent (SPEC §9: 5 minutes). */
export const TOKEN_MAX_AGE_S = 300;
/** Run-time override of the address, for tests and local checks. */
export const TOKEN_SYNC_OVERRIDE_KEY = 'nucleus:token-sync-url';

export type TokenSyncAction = 'post' | 'delete' | 'skip';

/**
 * @param issuedAt the token's `issuedAtTime` (a date string) or epoch ms; null = no user.
 * @example tokenSyncAction(new Date(now - 299_000).toUTCString(), now) ⇒ 'post'
 */
export function tokenSyncAction(issuedAt: string | number | null, now: number): TokenSyncAction {
  if (issuedAt === null) return 'delete';
  const at = typeof issuedAt === 'number' ? issuedAt : Date.parse(issuedAt);
  if (!Number.isFinite(at)) return 'skip';
  const ageSeconds = Math.floor((now - at) / 1000);
  return ageSeconds <= TOKEN_MAX_AGE_S ? 'post' : 'skip';
}

export type TokenSyncTarget = { ok: true; url: string } | { ok: false; reason: string } | { ok: false; reason: null };

/** The absolute address to sync to, or why not; `reason: null` means sync is off. */
export function resolveTokenSyncUrl(configured: string | null | undefined, pageHref: string): TokenSyncTarget {
  const raw = (configured ?? '').trim();
  if (!raw) return { ok: false, reason: null };
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageHref);
    url = new URL(raw, page);
  } catch {
    return { ok: false, reason: `Nucleus: token-sync address '${raw}' is not a valid URL; token sync is off.` };
  }
  if (url.origin !== page.origin) {
    return { ok: false, reason: `Nucleus: token-sync address '${raw}' is not on this site (${page.origin}); token sync is off.` };
  }
  return { ok: true, url: url.href };
}

/** Sends one sync; resolves to false (and logs) on failure, never throws. */
export async function syncToken(url: string, action: TokenSyncAction, token: string | null, fetcher: typeof fetch = fetch): Promise<boolean> {
  if (action === 'skip') return true;
  try {
    const res = await fetcher(url, {
      method: action === 'post' ? 'POST' : 'DELETE',
      headers: action === 'post' && token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return true;
  } catch (e) {
    console.warn(`[nucleus] token sync (${action}) failed; it is tried again on the next sign-in change:`, e);
    return false;
  }
}
