import { describe, it, expect } from 'vitest';
import { sectionsOf, catalogueSections } from '../content';
import { createSearchIndex, groupOf, isTextsPart, SEARCH_MANIFEST_PATH } from './indexBuilder';
import { pageRecord } from './testing';
import { decodeNumbers, type PagesPart, type SearchManifest, type TextsPart } from './format';

const combat = pageRecord('/rules/combat', 'Combat', 'Intro text.\n\n## Attacks\n\nRoll Reflex.\n\n### Damage & Harm\n\nHits hurt.\n\n## Attacks\n\nAgain.\n');

describe('search sections', () => {
  it('splits a page at h2 and h3 headings with anchors and a breadcrumb', () => {
    expect(sectionsOf(combat, 'Rules').map((s) => [s.id, s.heading, s.text, s.breadcrumb])).toEqual([
      ['/rules/combat', undefined, 'Intro text.', 'Rules'],
      ['/rules/combat#attacks', 'Attacks', 'Roll Reflex.', 'Rules'],
      ['/rules/combat#damage--harm', 'Damage & Harm', 'Hits hurt.', 'Rules'],
      ['/rules/combat#attacks-1', 'Attacks', 'Again.', 'Rules'],
    ]);
  });

  it('gives each catalogue entry its own section at its anchor on the page that lists it', () => {
    const gear = pageRecord('/rules/gear', 'Gear and blueprints', 'Text.\n\n::weapon-list\n\n::armour-list\n');
    const props = pageRecord('/rules/creatures', 'Creatures', '::catalogue-list{of="creature-properties"}\n');
    const draft = pageRecord('/rules/old-gear', 'Old gear', '::weapon-list\n', { draft: true });
    const sections = catalogueSections([draft, gear, props], {
      gear: [
        { id: 'plasma-rifle', name: 'Plasma rifle', type: 'weapon', description: 'Fires superheated gas.' },
        { id: 'mesh-vest', name: 'Mesh vest', type: 'armour' },
      ],
      creatureProperties: [{ id: 'regeneration', name: 'Regeneration', template: 'Heals {potency} each round.' }],
    });
    expect(sections.map((s) => [s.id, s.pageTitle, s.breadcrumb, s.kind, s.text])).toEqual([
      ['/rules/gear#gear-plasma-rifle', 'Plasma rifle', 'Gear and blueprints', 'weapon', 'Fires superheated gas.'],
      ['/rules/gear#gear-mesh-vest', 'Mesh vest', 'Gear and blueprints', 'armour', ''],
      ['/rules/creatures#property-regeneration', 'Regeneration', 'Creatures', 'creature property', 'Heals X each round.'],
    ]);
  });
});

describe('search index files', () => {
  const sections = [
    ...sectionsOf(pageRecord('/', 'Nucleus', 'Welcome.'), ''),
    ...sectionsOf(combat, 'Rules'),
    ...sectionsOf(pageRecord('/rules/vehicles', 'Vehicles', '## Hover bikes\n\nFast.\n', { draft: true }), 'Rules').map((s) => ({ ...s, draft: true })),
    ...sectionsOf(pageRecord('/galacticguide/sectors', 'Sectors', 'Stars.'), 'Galactic Guide'),
    { id: '/rules/gear#gear-plasma-rifle', path: '/rules/gear', anchor: 'gear-plasma-rifle', pageTitle: 'Plasma rifle', text: 'Hot.', breadcrumb: 'Gear', kind: 'weapon' },
  ];
  const { manifest, files } = createSearchIndex(sections, 'abc');
  const part = <T,>(path: string) => JSON.parse(files.get(path)!) as T;

  it('has a site index and a drafts index, each with its head in the manifest', () => {
    expect(manifest.indexes.map((s) => [s.name, s.drafts, s.pages, s.sections])).toEqual([
      ['site', false, 4, 7],
      ['drafts', true, 1, 2],
    ]);
    expect(JSON.parse(files.get(SEARCH_MANIFEST_PATH)!) as SearchManifest).toEqual(manifest);
    expect(manifest.indexes[0]!.terms).toEqual([...manifest.indexes[0]!.terms].sort());
    expect(manifest.indexes[0]!.terms).toContain('reflex');
    expect([...files.keys()].sort()).toEqual([
      SEARCH_MANIFEST_PATH,
      '/search/drafts/pages-0.json',
      '/search/drafts/postings-0.json',
      '/search/drafts/texts-0.json',
      '/search/site/pages-0.json',
      '/search/site/postings-0.json',
      '/search/site/texts-0.json',
    ]);
    expect(groupOf({ path: '/drafts/x', kind: 'page' })).toBe('drafts-pages');
  });

  it('stores a page once and each section by heading; anchors only when the heading does not give them', () => {
    const pages = part<PagesPart>('/search/site/pages-0.json');
    // Groups in name order: catalogue, galacticguide, home, rules.
    expect([pages.paths, pages.titles, pages.crumbTable]).toEqual([
      ['/rules/gear', '/galacticguide/sectors', '/', '/rules/combat'],
      ['Plasma rifle', 'Sectors', 'Nucleus', 'Combat'],
      ['Gear', 'Galactic Guide', '', 'Rules'],
    ]);
    expect([pages.headings.slice(3), pages.anchors]).toEqual([
      ['', 'Attacks', 'Damage & Harm', 'Attacks'],
      ['gear-plasma-rifle', '', '', '', '', '', 'attacks-1'],
    ]);
    expect([pages.version, pages.integrity, pages.index, pages.part]).toEqual([manifest.version, 'abc', 'site', 0]);
  });

  it('keeps section texts out of the index, in parts of their own', () => {
    expect(files.get('/search/site/postings-0.json')).not.toContain('Roll Reflex');
    expect(files.get('/search/site/pages-0.json')).not.toContain('Roll Reflex');
    expect(part<TextsPart>('/search/site/texts-0.json').texts).toEqual(['Hot.', 'Stars.', 'Welcome.', 'Intro text.', 'Roll Reflex.', 'Hits hurt.', 'Again.']);
    expect(isTextsPart('/search/site/texts-0.json')).toBe(true);
    expect(isTextsPart('/search/site/pages-0.json')).toBe(false);
  });

  it('stores a catalogue entry as a page titled with its name, linking to its anchor', () => {
    const head = manifest.indexes[0]!;
    expect(head.kindTable[decodeNumbers(head.kinds)[0]!]).toBe('weapon');
  });
});

describe('search index with a group cache (the incremental build)', () => {
  const page = (path: string, text: string) => sectionsOf(pageRecord(path, path.split('/').pop()!, text), 'Crumbs');
  const site = (combatText: string) => [...page('/rules/combat', combatText), ...page('/rules/moves', 'Move twice.'), ...page('/guide/worlds', 'Planets "quoted" and "integrity":"x".')];
  const memory = () => {
    const map = new Map<string, unknown>();
    let built = 0;
    return {
      key: (sections: readonly unknown[]) => JSON.stringify(sections),
      // Through JSON, as the build cache stores them.
      get: <T,>(key: string) => (map.has(key) ? (JSON.parse(map.get(key) as string) as T) : undefined),
      set: (key: string, value: unknown) => {
        built++;
        map.set(key, JSON.stringify(value));
      },
      built: () => built,
    };
  };

  it('gives the files a build without the cache gives, and builds again only the groups whose sections changed', () => {
    const cache = memory();
    expect(createSearchIndex(site('Roll Reflex.'), 'aaaa11112222', cache).files).toEqual(createSearchIndex(site('Roll Reflex.'), 'aaaa11112222').files);
    expect(cache.built()).toBe(2); // the guide and rules groups
    // Another page of the rules changed, and with it the integrity of every file.
    const again = createSearchIndex(site('Roll Reflex twice.'), 'bbbb33334444', cache);
    expect(again.files).toEqual(createSearchIndex(site('Roll Reflex twice.'), 'bbbb33334444').files);
    expect(cache.built()).toBe(3);
    expect(JSON.parse(again.files.get('/search/site/texts-0.json')!).integrity).toBe('bbbb33334444');
    expect(JSON.parse(again.files.get('/search/site/texts-0.json')!).texts).toContain('Planets "quoted" and "integrity":"x".');
  });
});
