/**
 * Preview mode (SPEC §2, DECISIONS.md "Preview mode"): on when the `preview`
 * query parameter is truthy or a token is stored; a falsy parameter turns it
 * off and removes a stored token.
 */
import { atom } from 'nanostores';

export const PREVIEW_TOKEN_KEY = 'previewToken';

export interface PreviewStorage {
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

export interface PreviewState {
  active: boolean;
  token: string | null;
}

/**
 * Applies the `preview` parameter of `search` to the stores and says whether
 * preview is on. Pure apart from the storages it is given.
 *
 * @example resolvePreview('?preview=true', s) ⇒ { active: true, token: null }
 * @example resolvePreview('?preview=0', s) ⇒ { active: false, token: null } (and the token is gone)
 */
export function resolvePreview(search: string, storage: PreviewStorage): PreviewState {
  const params = new URLSearchParams(search);
  if (params.has('preview')) {
    const value = params.get('preview')!;
    const v = value.toLowerCase();
    if (v === '0' || v === 'false') {
      storage.session?.removeItem(PREVIEW_TOKEN_KEY);
      storage.local?.removeItem(PREVIEW_TOKEN_KEY);
      return { active: false, token: null };
    }
    if (v === '' || v === '1' || v === 'true') {
      return { active: true, token: stored(storage) };
    }
    storage.session?.setItem(PREVIEW_TOKEN_KEY, value);
    return { active: true, token: value };
  }
  const token = stored(storage);
  return { active: token !== null, token };
}

function stored(storage: PreviewStorage): string | null {
  return storage.session?.getItem(PREVIEW_TOKEN_KEY) ?? storage.local?.getItem(PREVIEW_TOKEN_KEY) ?? null;
}

function browserStorage(): PreviewStorage {
  const safe = (get: () => Storage) => {
    try {
      return get();
    } catch {
      return null;
    }
  };
  return { session: safe(() => sessionStorage), local: safe(() => localStorage) };
}

export const $preview = atom<PreviewState>(
  typeof location === 'undefined' ? { active: false, token: null } : resolvePreview(location.search, browserStorage()),
);

/** Leaves preview: clears the tokens and reloads without the parameter. */
export function leavePreview(): void {
  const storage = browserStorage();
  storage.session?.removeItem(PREVIEW_TOKEN_KEY);
  storage.local?.removeItem(PREVIEW_TOKEN_KEY);
  $preview.set({ active: false, token: null });
}

/**
 * The `preview` value that keeps preview on in an address: the token when
 * there is one, else `true`.
 *
 * @example previewParam({ active: true, token: 'playtest' }) ⇒ 'playtest'
 * @example previewParam({ active: false, token: null }) ⇒ null
 */
export function previewParam(state: PreviewState): string | null {
  if (!state.active) return null;
  return state.token ?? 'true';
}
