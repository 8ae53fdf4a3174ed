import { describe, it, expect } from 'vitest';
import { resolveLayout } from './resolveLayout';
import type { NavNode } from './types';

const navigation: NavNode[] = [
  {
    title: 'Guide',
    _path: '/guide',
    stem: '1.guide',
    page: true,
    layout: 'full',
    children: [{ title: 'Deep', _path: '/guide/deep', stem: '1.guide/1.deep', page: true }],
  },
  { title: 'Rules', _path: '/rules', stem: '2.rules', page: true, children: [] },
];
const fallbacks = [
  { pattern: '/rules/**', layout: 'full' },
  { pattern: '/**', layout: 'default' },
];

describe('resolveLayout, in the spec order', () => {
  it('1. the layout named on the page wins over everything', () => {
    expect(resolveLayout({ path: '/guide/deep', pageLayout: 'default', routeLayout: 'full', navigation, fallbacks })).toBe('default');
  });
  it('2. then the route metadata', () => {
    expect(resolveLayout({ path: '/guide/deep', routeLayout: 'default', navigation, fallbacks })).toBe('default');
  });
  it('3. then the nearest navigation node that sets one', () => {
    expect(resolveLayout({ path: '/guide/deep', navigation, fallbacks })).toBe('full');
  });
  it('4. then the first matching configured fallback', () => {
    expect(resolveLayout({ path: '/rules/combat', navigation, fallbacks })).toBe('full');
    expect(resolveLayout({ path: '/other', navigation, fallbacks: [{ pattern: '/x/**', layout: 'full' }] })).toBe('default');
  });
  it('5. and default last', () => {
    expect(resolveLayout({ path: '/anything' })).toBe('default');
  });
});
