import { describe, it, expect } from 'vitest';
import { componentProblems, type CatalogueNames } from './components';

const names = (trees: string[] | null) => (): CatalogueNames => ({ trees });

describe('component attributes', () => {
  it('accepts what each component takes', () => {
    expect(componentProblems('tree-chart', {}, names(['medic']))).toEqual([]);
    expect(componentProblems('tree-chart', { tree: 'medic' }, names(['medic', 'gunslinger']))).toEqual([]);
    expect(componentProblems('catalogue-list', { of: 'core-effects' }, names([]))).toEqual([]);
    expect(componentProblems('weapon-list', {}, names([]))).toEqual([]);
  });

  it('asks the catalogues only when an attribute names something in them', () => {
    let asked = 0;
    const counting = () => (asked++, { trees: ['medic'] });
    componentProblems('catalogue-list', { of: 'core-effects' }, counting);
    componentProblems('bestiary', {}, counting);
    expect(asked).toBe(0);
    componentProblems('tree-chart', { tree: 'medic' }, counting);
    expect(asked).toBe(1);
  });

  it('leaves tree names alone when the catalogues cannot be read (their own check reports why)', () => {
    expect(componentProblems('tree-chart', { tree: 'medic' }, names(null))).toEqual([]);
  });

  it('checks an attribute that takes a link with the link rule', () => {
    const rules = { href: { holds: 'link' as const } };
    expect(componentProblems('bestiary', { href: '/rules' }, names([]), rules)).toEqual([]);
    expect(componentProblems('bestiary', { href: 'javascript:alert(1)' }, names([]), rules)).toEqual([
      "'::bestiary{href}': 'javascript:alert(1)' is not a link target content may use: the scheme 'javascript:' is not allowed (use a site path (/rules/combat), an http: or https: URL, or mailto:)",
    ]);
  });
});
