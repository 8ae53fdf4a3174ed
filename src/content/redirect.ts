/**
 * Where a page's `redirect` sends the reader (SPEC §2 "Route behaviour"):
 * an internal path navigates inside the site (under its base); any URL with a
 * scheme is an external navigation.
 *
 * @example resolveRedirect('/rules', '/guide/') ⇒ { external: false, href: '/guide/rules' }
 * @example resolveRedirect('https://example.org') ⇒ { external: true, href: 'https://example.org' }
 */
export interface ResolvedRedirect {
  external: boolean;
  href: string;
}

export function resolveRedirect(target: string, base = '/'): ResolvedRedirect {
  const t = target.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//')) return { external: true, href: t };
  const path = t.startsWith('/') ? t : `/${t}`;
  return { external: false, href: base.replace(/\/$/, '') + path };
}
