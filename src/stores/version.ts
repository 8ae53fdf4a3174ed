/**
 * New-version notice (SPEC §7, DECISIONS.md "Build manifest"): open tabs poll
 * `builds/latest.json?{timestamp}`; when its id differs from the running
 * build's, they fetch that build's manifest and say whether the page being
 * read has changed. Never reloads by itself. Failures are only logged.
 */
import { atom } from 'nanostores';

export interface VersionNotice {
  id: string;
  /** true: this page changed; false: unchanged; null: unknown (manifest missing). */
  pageChanged: boolean | null;
}

export const $versionNotice = atom<VersionNotice | null>(null);

export const DEFAULT_POLL_MS = 60 * 60 * 1000;

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface VersionContext {
  buildId: string;
  pageHash: string | null;
  path: string;
  /** URL of the site root (with its base), ending in '/'. */
  root: string;
  fetch: Fetch;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** One check: resolves to a notice, or null when this build is current (or on failure). */
export async function checkForUpdate(ctx: VersionContext): Promise<VersionNotice | null> {
  const log = ctx.log ?? ((m, e) => console.warn(`[nucleus] ${m}`, e ?? ''));
  let latest: { id?: unknown };
  try {
    const r = await ctx.fetch(`${ctx.root}builds/latest.json?${(ctx.now ?? Date.now)()}`, { cache: 'no-store' });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    latest = await r.json();
  } catch (e) {
    log('version check failed', e);
    return null;
  }
  if (typeof latest.id !== 'string' || latest.id === ctx.buildId) return null;
  try {
    const r = await ctx.fetch(`${ctx.root}builds/meta/${latest.id}.json`, { cache: 'no-store' });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    const meta = (await r.json()) as { pages?: Record<string, string> };
    const next = meta.pages?.[ctx.path];
    return { id: latest.id, pageChanged: ctx.pageHash === null ? null : next !== ctx.pageHash };
  } catch (e) {
    log('build manifest fetch failed', e);
    return { id: latest.id, pageChanged: null };
  }
}
