import { describe, it, expect } from 'vitest';
import { highlight, excerptAround, groupResults, plural, type Hit } from './results';
import { sectionsOf } from '../../content';
import { engineFor, pageRecord } from '../../search/testing';

describe('results display', () => {
  it('groups catalogue entries by kind, apart from the page text', () => {
    const hit = (id: string, kind: string, pageTitle: string): Hit => ({ id, path: '/rules/gear', anchor: id, pageTitle, breadcrumb: 'Gear', kind, text: '' });
    const groups = groupResults([hit('gear-a', 'weapon', 'Plasma rifle'), hit('x', 'page', 'Gear'), hit('gear-b', 'weapon', 'Plasma pistol')], ['p'], (p) => p);
    expect(groups.map((g) => [g.pageTitle, g.items.map((i) => i.title.map((t) => t.text).join(''))])).toEqual([
      ['Weapons', ['Plasma rifle', 'Plasma pistol']],
      ['Gear', ['Gear']],
    ]);
  });

  it('names a group of catalogue entries in the plural', () => {
    expect(['weapon', 'creature property', 'armour', 'cyberware', 'side effect'].map(plural)).toEqual(['Weapons', 'Creature properties', 'Armour', 'Cyberware', 'Side effects']);
  });

  it('marks matched words, case-insensitively', () => {
    expect(highlight('Plasma rifle', ['plasma'])).toEqual([
      { text: 'Plasma', mark: true },
      { text: ' rifle', mark: false },
    ]);
  });

  it('cuts an excerpt around the first match', () => {
    const text = 'a'.repeat(300) + ' target ' + 'b'.repeat(300);
    const ex = excerptAround(text, ['target'], 100);
    expect(ex).toContain('target');
    expect(ex.startsWith('…')).toBe(true);
    expect(ex.endsWith('…')).toBe(true);
  });

  it('groups hits by page in score order, linking to the section anchor', () => {
    const hit = (id: string, path: string, anchor?: string): Hit => ({ id, path, anchor, pageTitle: path, breadcrumb: '', kind: 'page', text: 'x' });
    const groups = groupResults([hit('/a#1', '/a', '1'), hit('/b', '/b'), hit('/a#2', '/a', '2')], ['x'], (p) => '/base' + p);
    expect(groups.map((g) => [g.path, g.items.map((i) => i.href)])).toEqual([
      ['/a', ['/base/a#1', '/base/a#2']],
      ['/b', ['/base/b']],
    ]);
  });
});

describe('results from the index', () => {
  const engine = engineFor([
    ...sectionsOf(pageRecord('/rules/gear', 'Gear', '## Rifles\n\n' + 'Filler words here. '.repeat(20) + 'The plasma rifle fires superheated gas.\n'), 'Rules'),
  ]);

  it('marks a typo’s real word and cuts the excerpt around it', () => {
    const { hits, terms } = engine.search('superheatd');
    const [group] = groupResults(hits, terms, (p) => p);
    const item = group!.items[0]!;
    expect(item.href).toBe('/rules/gear#rifles');
    expect(item.excerpt.filter((p) => p.mark).map((p) => p.text)).toEqual(['superheated']);
    expect(item.excerpt[0]!.text.startsWith('…')).toBe(true);
  });
});
