import { describe, it, expect } from 'vitest';
import { componentProblems, type CatalogueNames } from './components';

const names = (trees: string[] | null, creatures: string[] | null = ['scuttler-drone', 'aegis-security-officer']) => (): CatalogueNames => ({ trees, creatures });

describe('component attributes', () => {
  it('accepts what each component takes', () => {
    expect(componentProblems('tree-chart', {}, names(['medic']))).toEqual([]);
    expect(componentProblems('tree-chart', { tree: 'medic' }, names(['medic', 'gunslinger']))).toEqual([]);
    expect(componentProblems('catalogue-list', { of: 'core-effects' }, names([]))).toEqual([]);
    expect(componentProblems('weapon-list', {}, names([]))).toEqual([]);
  });

  it('asks the catalogues only when an attribute names something in them', () => {
    let asked = 0;
    const counting = () => (asked++, { trees: ['medic'], creatures: [] });
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

  it('::encounter names bestiary creatures with counts and a crew; each mistake is a sentence', () => {
    const ok = { title: 'Lobby ambush', creatures: 'aegis-security-officer*2, scuttler-drone*2', crew: '4@2' };
    expect(componentProblems('encounter', ok, names([]))).toEqual([]);
    expect(componentProblems('encounter', { ...ok, creatures: 'aegis-security-officer*2, scutler-drone' }, names([]))).toEqual([
      "'::encounter{creatures}': unknown creature 'scutler-drone' (the bestiary has: scuttler-drone, aegis-security-officer)",
    ]);
    expect(componentProblems('encounter', { ...ok, creatures: 'scuttler-drone*0' }, names([]))).toEqual([
      "'::encounter{creatures}': 'scuttler-drone*0' has a bad count: a count is a whole number from 1 to 20.",
    ]);
    expect(componentProblems('encounter', { ...ok, crew: '4' }, names([]))).toEqual([
      "'::encounter{crew}': crew '4' is not a crew: write heroes@rank, e.g. crew=\"4@2\" for four heroes of rank 2.",
    ]);
    expect(componentProblems('encounter', { title: 'x' }, names([]))).toEqual([
      "'::encounter' needs the attribute 'creatures', e.g. ::encounter{creatures=\"…\"}",
      "'::encounter' needs the attribute 'crew', e.g. ::encounter{crew=\"…\"}",
    ]);
    // Ids are left alone when the catalogues cannot be read (their own check reports why).
    expect(componentProblems('encounter', { ...ok, creatures: 'nobody*2' }, names([], null))).toEqual([]);
  });
});
