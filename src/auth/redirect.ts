/**
 * Where /login sends the reader after signing in: a path on this site only.
 *
 * @example safeRedirect('/nucleus/library') ⇒ '/nucleus/library'
 * @example safeRedirect('//evil.example') ⇒ '/'
 * @example safeRedirect('https://evil.example/') ⇒ '/'
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (typeof raw !== 'string') return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // A backslash becomes a slash in browsers (`/\evil.example`); control
  // characters are stripped by URL parsing and can hide either.
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  // Whatever a URL parser makes of it, it must stay on this site.
  try {
    const url = new URL(value, 'https://nucleus.invalid');
    if (url.origin !== 'https://nucleus.invalid') return fallback;
  } catch {
    return fallback;
  }
  return value;
}

/** `/login?redirect=…` for a site path, with slashes kept readable. */
export function loginPathFor(path: string): string {
  const target = safeRedirect(path);
  if (target === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(target).replace(/%2F/g, '/')}`;
}
