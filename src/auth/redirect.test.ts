import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/nucleus/library', '/nucleus/library'],
    ['/rules/combat?x=1#top', '/rules/combat?x=1#top'],
    ['/', '/'],
  ])('keeps the same-site path %s', (input, out) => {
    expect(safeRedirect(input)).toBe(out);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['nucleus/library'],
    ['//evil.example/path'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['/path\\with\\backslash'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['  //evil.example'],
    ['data:text/html,hi'],
  ])('refuses %j and falls back to /', (input) => {
    expect(safeRedirect(input as string | null | undefined)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//x', '/login')).toBe('/login');
  });
});

describe('loginPathFor', () => {
  it('keeps slashes readable in the redirect parameter', () => {
    expect(loginPathFor('/nucleus/library')).toBe('/login?redirect=/nucleus/library');
  });
  it('drops the parameter for the home page and unsafe paths', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
