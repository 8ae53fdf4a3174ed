import { describe, it, expect } from 'vitest';
import { highlight, excerptAround, groupResults, type Hit } from './results';
import { createSearchIndex, loadSearchIndex, searchOptions } from '../../content/searchIndex';
import { sectionsOf } from '../../content/sections';
import { parseMarkdown } from '../../content/markdown';
import type { PageRecord } from '../../content/types';

function record(path: string, title: string, md: string): PageRecord {
  return { _path: path, path, title, description: '', body: parseMarkdown(md).body, draft: false } as unknown as PageRecord;
}

describe('search sections', () => {
  it('splits a page at h2 and h3 headings with anchors and a breadcrumb', () => {
    const sections = sectionsOf(record('/rules/combat', 'Combat', 'Intro text.\n\n## Attacks\n\nRoll Reflex.\n\n### Damage\n\nHits hurt.\n'), 'Rules');
    expect(sections.map((s) => [s.id, s.heading, s.text, s.breadcrumb])).toEqual([
      ['/rules/combat', undefined, 'Intro text.', 'Rules'],
      ['/rules/combat#attacks', 'Attacks', 'Roll Reflex.', 'Rules'],
      ['/rules/combat#damage', 'Damage', 'Hits hurt.', 'Rules'],
    ]);
  });
});

describe('search ranking', () => {
  const sections = [
    ...sectionsOf(record('/rules/gear', 'Gear', '## Rifles\n\nThe plasma rifle fires superheated gas.\n'), 'Rules'),
    ...sectionsOf(record('/rules/plasma', 'Plasma', 'About plasma in general.\n'), 'Rules'),
    ...sectionsOf(record('/guide/history', 'History', 'Long ago, someone mentioned plasma once in passing.\n'), 'Guide'),
  ];
  const mini = loadSearchIndex(JSON.parse(JSON.stringify(createSearchIndex(sections, 'x'))));

  it('ranks title matches above body text', () => {
    const ids = mini.search('plasma', searchOptions).map((r) => r.id);
    expect(ids[0]).toBe('/rules/plasma');
    expect(ids).toContain('/guide/history');
  });

  it('finds words despite a typo, and by prefix', () => {
    expect(mini.search('plasmma', searchOptions).map((r) => r.id)).toContain('/rules/plasma');
    expect(mini.search('superhe', searchOptions).map((r) => r.id)).toEqual(['/rules/gear#rifles']);
  });

  it('needs every word of a two-word query', () => {
    expect(mini.search('plasma rifle', searchOptions).map((r) => r.id)).toEqual(['/rules/gear#rifles']);
  });
});

describe('results display', () => {
  it('groups catalogue entries by kind, apart from the page text', () => {
    const hit = (id: string, kind: string, pageTitle: string): Hit => ({ id, score: 1, terms: ['p'], path: '/rules/gear', anchor: id, pageTitle, breadcrumb: 'Gear', kind, text: '' });
    const groups = groupResults([hit('gear-a', 'weapon', 'Plasma rifle'), hit('x', 'page', 'Gear'), hit('gear-b', 'weapon', 'Plasma pistol')], (p) => p);
    expect(groups.map((g) => [g.pageTitle, g.items.map((i) => i.title.map((t) => t.text).join(''))])).toEqual([
      ['Weapons', ['Plasma rifle', 'Plasma pistol']],
      ['Gear', ['Gear']],
    ]);
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
    const hit = (id: string, path: string, anchor?: string): Hit => ({ id, score: 1, terms: ['x'], path, anchor, pageTitle: path, breadcrumb: '', kind: 'page', text: 'x' });
    const groups = groupResults([hit('/a#1', '/a', '1'), hit('/b', '/b'), hit('/a#2', '/a', '2')], (p) => '/base' + p);
    expect(groups.map((g) => [g.path, g.items.map((i) => i.href)])).toEqual([
      ['/a', ['/base/a#1', '/base/a#2']],
      ['/b', ['/base/b']],
    ]);
  });
});
