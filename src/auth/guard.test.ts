import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard';
import { safeRedirect } from './redirect';

describe('decideGuard (auth)', () => {
  it('lets a signed-in visitor pass', () => {
    expect(decideGuard(['auth'], 'signed-in', '/nucleus/library')).toEqual({ action: 'allow' });
  });

  it('sends a signed-out visitor to /login with the current path', () => {
    expect(decideGuard(['auth'], 'signed-out', '/nucleus/library')).toEqual({ action: 'redirect', to: '/login?redirect=/nucleus/library' });
  });

  it('keeps the query of the current page, encoded', () => {
    const d = decideGuard(['auth'], 'signed-out', '/rules/secret?tab=2&x=a b');
    expect(d).toEqual({ action: 'redirect', to: '/login?redirect=/rules/secret%3Ftab%3D2%26x%3Da%20b' });
    const back = new URLSearchParams((d as { to: string }).to.split('?')[1]).get('redirect');
    expect(safeRedirect(back)).toBe('/rules/secret?tab=2&x=a b');
  });

  it('waits while the session is not known yet', () => {
    expect(decideGuard(['auth'], 'unknown', '/nucleus/library')).toEqual({ action: 'wait' });
  });

  it('ignores pages without the auth guard', () => {
    expect(decideGuard([], 'signed-out', '/rules')).toEqual({ action: 'allow' });
    expect(decideGuard(['other'], 'signed-out', '/rules')).toEqual({ action: 'allow' });
  });

  it('never loops on /login and never redirects off-site', () => {
    expect(decideGuard(['auth'], 'signed-out', '/login')).toEqual({ action: 'allow' });
    expect(decideGuard(['auth'], 'signed-out', '//evil.example')).toEqual({ action: 'redirect', to: '/login' });
    expect(decideGuard(['auth'], 'signed-out', '/')).toEqual({ action: 'redirect', to: '/login' });
  });

  it('is self-contained, so GuardMount can inline its source', () => {
    const inlined = new Function(`return (${decideGuard.toString()})`)() as typeof decideGuard;
    expect(inlined(['auth'], 'signed-out', '/nucleus/library')).toEqual({ action: 'redirect', to: '/login?redirect=/nucleus/library' });
  });
});
