import { describe, it, expect } from 'vitest';
import { resolveRedirect, UnsafeRedirectError } from './redirect';

describe('redirects', () => {
  it('keeps internal targets inside the site and its base', () => {
    expect(resolveRedirect('/rules')).toEqual({ external: false, href: '/rules' });
    expect(resolveRedirect('/rules', '/guide/')).toEqual({ external: false, href: '/guide/rules' });
    expect(resolveRedirect('rules/combat#attacks', '/guide/')).toEqual({ external: false, href: '/guide/rules/combat#attacks' });
  });

  it('treats http(s) URLs and mail addresses as external navigation', () => {
    expect(resolveRedirect('https://example.org/x')).toEqual({ external: true, href: 'https://example.org/x' });
    expect(resolveRedirect('mailto:gm@example.org')).toEqual({ external: true, href: 'mailto:gm@example.org' });
  });

  it('never hands location a target content may not use, however it is spelled', () => {
    for (const target of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', '&#106;avascript:alert(1)', 'data:text/html,x', '//cdn.example.org', '/\\cdn.example.org']) {
      expect(() => resolveRedirect(target, '/guide/')).toThrow(UnsafeRedirectError);
    }
    expect(() => resolveRedirect('javascript:alert(1)')).toThrow("Refusing to redirect: 'javascript:alert(1)' is not a link target content may use: the scheme 'javascript:' is not allowed");
  });
});
