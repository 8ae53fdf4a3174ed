/**
 * The site's base path (`/` or a sub-path such as `/guide/`), for every link
 * and asset URL the app writes.
 *
 * @example withBase('/rules') ⇒ '/guide/rules' when the base is '/guide/'
 */
export const BASE: string = (import.meta.env?.BASE_URL as string | undefined) ?? '/';

/** The site root with its base, always ending in '/' (`/`, `/guide/`): where its files are fetched from. */
export const SITE_ROOT: string = BASE.endsWith('/') ? BASE : `${BASE}/`;

export function withBase(path: string, base: string = BASE): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const b = base.replace(/\/$/, '');
  return b + path;
}

/** Removes the base from a browser path (`/guide/rules` → `/rules`). */
export function stripBase(path: string, base: string = BASE): string {
  const b = base.replace(/\/$/, '');
  if (b && (path === b || path.startsWith(b + '/'))) return path.slice(b.length) || '/';
  return path;
}
