import { describe, it, expect } from 'vitest';
import { sectionsOf, catalogueSections } from '../content';
import { createSearchIndex, shardOf, SEARCH_MANIFEST_PATH } from './indexBuilder';
import { pageRecord } from './testing';
import type { SearchManifest, SearchShard, SearchTexts } from './format';

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
  const shard = (name: string) => JSON.parse(files.get(`/search/${name}.json`)!) as SearchShard;

  it('shards by top-level section, with drafts and catalogue entries apart', () => {
    expect(manifest.shards.map((s) => [s.name, s.drafts, s.pages, s.sections])).toEqual([
      ['catalogue', false, 1, 1],
      ['drafts', true, 1, 2],
      ['galacticguide', false, 1, 1],
      ['home', false, 1, 1],
      ['rules', false, 1, 4],
    ]);
    expect(JSON.parse(files.get(SEARCH_MANIFEST_PATH)!) as SearchManifest).toEqual(manifest);
    expect([...files.keys()].sort()).toContain('/search/rules.text.json');
    expect(shardOf({ path: '/drafts/x', kind: 'page' })).toBe('drafts-pages');
  });

  it('stores a page once and each section by heading; anchors only when the heading does not give them', () => {
    const rules = shard('rules');
    expect([rules.paths, rules.titles, rules.crumbTable, rules.headings, rules.anchors]).toEqual([
      ['/rules/combat'],
      ['Combat'],
      ['Rules'],
      ['', 'Attacks', 'Damage & Harm', 'Attacks'],
      ['', '', '', 'attacks-1'],
    ]);
    expect(rules.version).toBe(manifest.version);
    expect(rules.integrity).toBe('abc');
  });

  it('keeps section texts out of the index, in a file of their own', () => {
    expect(files.get('/search/rules.json')).not.toContain('Roll Reflex');
    expect((JSON.parse(files.get('/search/rules.text.json')!) as SearchTexts).texts).toEqual(['Intro text.', 'Roll Reflex.', 'Hits hurt.', 'Again.']);
  });

  it('stores a catalogue entry as a page titled with its name, linking to its anchor', () => {
    const cat = shard('catalogue');
    expect([cat.paths, cat.titles, cat.kindTable, cat.anchors, cat.crumbTable]).toEqual([['/rules/gear'], ['Plasma rifle'], ['weapon'], ['gear-plasma-rifle'], ['Gear']]);
  });
});

describe('search index with a shard cache (the incremental build)', () => {
  const page = (path: string, text: string) => sectionsOf(pageRecord(path, path.split('/').pop()!, text), 'Crumbs');
  const site = (combatText: string) => [...page('/rules/combat', combatText), ...page('/rules/moves', 'Move twice.'), ...page('/guide/worlds', 'Planets "quoted" and "integrity":"x".')];
  const memory = () => {
    const map = new Map<string, unknown>();
    let built = 0;
    return {
      hash: (text: string) => String(text.length) + text.slice(0, 40),
      get: <T,>(key: string) => map.get(key) as T | undefined,
      set: (key: string, value: unknown) => {
        built++;
        map.set(key, value);
      },
      built: () => built,
    };
  };

  it('gives the files a build without the cache gives, and builds again only the shards whose sections changed', () => {
    const cache = memory();
    expect(createSearchIndex(site('Roll Reflex.'), 'aaaa11112222', cache).files).toEqual(createSearchIndex(site('Roll Reflex.'), 'aaaa11112222').files);
    expect(cache.built()).toBe(2); // the guide and rules shards
    // Another page of the rules changed, and with it the integrity of every shard.
    const again = createSearchIndex(site('Roll Reflex twice.'), 'bbbb33334444', cache);
    expect(again.files).toEqual(createSearchIndex(site('Roll Reflex twice.'), 'bbbb33334444').files);
    expect(cache.built()).toBe(3);
    expect(JSON.parse(again.files.get('/search/guide.json')!).integrity).toBe('bbbb33334444');
    expect(JSON.parse(again.files.get('/search/guide.text.json')!).texts).toContain('Planets "quoted" and "integrity":"x".');
  });
});
