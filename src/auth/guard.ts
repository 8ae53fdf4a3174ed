/**
 * The `auth` route guard (SPEC §2, §6) as one pure decision. GuardMount runs
 * it twice: at once from the local hint (so a signed-out reader never sees
 * guarded content), then again when Firebase has confirmed the session.
 *
 * Self-contained on purpose: GuardMount inlines its source into the page.
 */
export type GuardSession = 'signed-in' | 'signed-out' | 'unknown';

export type GuardDecision = { action: 'allow' } | { action: 'wait' } | { action: 'redirect'; to: string };

export function decideGuard(guards: readonly string[], session: GuardSession, currentPath: string): GuardDecision {
  if (!guards.includes('auth')) return { action: 'allow' };
  if (session === 'signed-in') return { action: 'allow' };
  if (session === 'unknown') return { action: 'wait' };
  const path = typeof currentPath === 'string' && currentPath.startsWith('/') && !currentPath.startsWith('//') ? currentPath : '/';
  if (path === '/login' || path.startsWith('/login?')) return { action: 'allow' };
  const target = encodeURIComponent(path).replace(/%2F/g, '/');
  return { action: 'redirect', to: path === '/' ? '/login' : '/login?redirect=' + target };
}
