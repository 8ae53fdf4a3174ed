/**
 * Where a page's `redirect` sends the reader (SPEC §2 "Route behaviour"):
 * a site path navigates inside the site (under its base); an `http(s):` URL
 * or a `mailto:` address is an external navigation. A target content may not
 * use (linkTargets.ts: `javascript:`, `data:`, `//host`…) is refused here
 * too, where it would reach `location`: the content check already failed
 * on it, and this keeps any other way in (the route table, a database
 * record) from sending a reader there.
 *
 * @example resolveRedirect('/rules', '/guide/') ⇒ { external: false, href: '/guide/rules' }
 * @example resolveRedirect('https://example.org') ⇒ { external: true, href: 'https://example.org' }
 * @example resolveRedirect('javascript:alert(1)') ⇒ throws UnsafeRedirectError
 */
import { judgeLinkTarget, linkTargetProblem } from './linkTargets';

export interface ResolvedRedirect {
  external: boolean;
  href: string;
}

/** A redirect target that no page may send a reader to. */
export class UnsafeRedirectError extends Error {
  override readonly name = 'UnsafeRedirectError';
}

export function resolveRedirect(target: string, base = '/'): ResolvedRedirect {
  const verdict = judgeLinkTarget(target);
  if (!verdict.ok) throw new UnsafeRedirectError(`Refusing to redirect: ${linkTargetProblem(target)}`);
  if (verdict.kind !== 'site') return { external: true, href: target };
  const path = target.startsWith('/') ? target : `/${target}`;
  return { external: false, href: base.replace(/\/$/, '') + path };
}
