import { describe, it, expect } from 'vitest';
import { sectionsOf } from '../content';
import { createSearchIndex } from './indexBuilder';
import { SearchEngine, fuzzyDistance } from './engine';
import { engineFor, pageRecord, searchLoading } from './testing';
import type { SearchSection } from '../content';

const sections: SearchSection[] = [
  ...sectionsOf(pageRecord('/rules/gear', 'Gear', 'Things to carry.\n\n## Rifles\n\nThe plasma rifle fires superheated gas.\n\n## Knives\n\nSharp and quiet.\n'), 'Rules'),
  ...sectionsOf(pageRecord('/rules/plasma', 'Plasma', 'About plasma in general.\n\n## Containment\n\nMagnetic bottles hold it.\n'), 'Rules'),
  ...sectionsOf(pageRecord('/guide/history', 'History', 'Long ago, someone mentioned plasma once in passing.\n\n## Plasma wars\n\nBattles.\n'), 'Guide'),
  ...sectionsOf(pageRecord('/rules/vehicles', 'Vehicles', 'Hover bikes carry plasma cells.\n'), 'Rules').map((s) => ({ ...s, draft: true })),
  { id: '/rules/creatures#property-regeneration', path: '/rules/creatures', anchor: 'property-regeneration', pageTitle: 'Regeneration', text: 'Heals X each round.', breadcrumb: 'Creatures', kind: 'creature property' },
];
const engine = engineFor(sections);
const ids = (query: string, options = {}) => engine.search(query, options).hits.map((h) => h.id);

describe('search ranking', () => {
  it('ranks a title match above a heading match above body text', () => {
    const found = ids('plasma');
    expect(found[0]).toBe('/rules/plasma');
    expect(found.indexOf('/guide/history#plasma-wars')).toBeLessThan(found.indexOf('/guide/history'));
    expect(found.indexOf('/guide/history#plasma-wars')).toBeLessThan(found.indexOf('/rules/gear#rifles'));
  });

  it('lists a page whose title matches once, by its lead section, not every section of it', () => {
    expect(ids('containment')).toEqual(['/rules/plasma#containment']);
    expect(ids('plasma')).not.toContain('/rules/plasma#containment');
  });

  it('finds words despite a typo, and by prefix', () => {
    expect(ids('plasmma')).toContain('/rules/plasma');
    expect(ids('superhe')).toEqual(['/rules/gear#rifles']);
    expect(ids('regenreation')).toEqual(['/rules/creatures#property-regeneration']);
  });

  it('needs every word of a two-word query, in the section or its page title', () => {
    expect(ids('plasma rifle')).toEqual(['/rules/gear#rifles']);
    expect(ids('plasma magnetic')).toEqual(['/rules/plasma#containment']);
    expect(ids('plasma knives')).toEqual([]);
  });

  it('with OR, ranks sections with more of the words higher', () => {
    const found = ids('rifle sharp plasma', { combineWith: 'OR' });
    expect(found).toContain('/rules/gear#knives');
    expect(found[0]).toBe('/rules/gear#rifles');
    expect(found.indexOf('/rules/gear#rifles')).toBeLessThan(found.indexOf('/rules/gear#knives'));
  });

  it('ignores common words, except as the word being typed', () => {
    expect(ids('the plasma rifle')).toEqual(['/rules/gear#rifles']);
    expect(ids('plasma in')).toEqual(ids('plasma'));
  });

  it('finds catalogue entries by name and tells their kind', () => {
    const [hit] = engine.search('regeneration').hits;
    expect(hit).toMatchObject({ path: '/rules/creatures', anchor: 'property-regeneration', pageTitle: 'Regeneration', kind: 'creature property', breadcrumb: 'Creatures' });
  });

  it('searches drafts only when asked (preview mode)', () => {
    expect(ids('hover')).toEqual([]);
    expect(ids('hover', { drafts: true })).toEqual(['/rules/vehicles']);
    expect(engine.search('hover', { drafts: true }).hits[0]!.draft).toBe(true);
  });

  it('returns the best results only, up to the limit', () => {
    expect(ids('plasma', { limit: 2 })).toEqual(ids('plasma').slice(0, 2));
  });

  it('reports the words to highlight: typed words and the words their typos found', () => {
    expect(engine.search('plasmma rif').terms).toEqual(['plasmma', 'plasma', 'rif']);
  });

  it('allows no typo in short words, one in middling and two in long ones', () => {
    expect([fuzzyDistance('gun'), fuzzyDistance('edge'), fuzzyDistance('overcharge')]).toEqual([0, 1, 2]);
  });
});

describe('search loading', () => {
  it('gives texts for excerpts only once they are loaded', () => {
    const lean = engineFor(sections, { texts: false });
    const result = lean.search('superheated');
    expect(result.hits[0]!.text).toBe('');
    expect(result.missingTexts).toEqual(['/search/site/texts-0.json']);
    expect(engine.search('superheated').hits[0]!.text).toBe('The plasma rifle fires superheated gas.');
  });

  // Enough pages for many part files: each page has a word of its own and a few shared ones.
  const many: SearchSection[] = Array.from({ length: 600 }, (_, n) =>
    sectionsOf(pageRecord(`/guide/world-${n}`, `World ${n}`, `Orbit w${n}x and ${n % 7 === 0 ? 'plasma storms' : 'dust'} here${n === 417 ? ', a quasar' : ''}.\n\n## Moons of w${n}x\n\nSmall moons, ${'rocks '.repeat(n % 13)}rocks.\n`), 'Guide'),
  ).flat();
  const built = createSearchIndex(many, 'many');
  const full = engineFor(many);
  const fresh = () => {
    const e = new SearchEngine();
    e.addManifest(built.manifest);
    return e;
  };

  it('asks for its words\' postings first, then the page parts of the results on screen, and ends with what a loaded engine gives', () => {
    const e = fresh();
    const first = e.search('plasma storms');
    expect(first.hits).toEqual([]);
    expect(first.missing.length).toBeGreaterThan(0);
    expect(first.missing.every((p) => /^\/search\/site\/postings-\d+\.json$/.test(p))).toBe(true);
    const { results, fetched } = searchLoading(e, built.files, 'plasma storms', { limit: 40 });
    expect(fetched.some((p) => p.includes('/pages-'))).toBe(true);
    expect(results.hits.map((h) => [h.id, h.pageTitle, h.heading, h.breadcrumb])).toEqual(full.search('plasma storms', { limit: 40 }).hits.map((h) => [h.id, h.pageTitle, h.heading, h.breadcrumb]));
    expect(results.total).toBe(full.search('plasma storms').total);
  });

  it('fetches a small share of the index for a rare word', () => {
    const parts = [...built.files.keys()].filter((p) => !p.includes('/texts-') && p.startsWith('/search/'));
    expect(parts.length).toBeGreaterThan(10);
    const { results, fetched } = searchLoading(fresh(), built.files, 'quasar');
    expect(results.hits.map((h) => h.id)).toEqual(['/guide/world-417']);
    // One postings part and one page part.
    expect(fetched).toHaveLength(2);
  });

  it('answers a short prefix from its nearest word first, fetching its other words once those results show, and ends with what a loaded engine gives', () => {
    // "co" stands for five words common enough to fill a postings part each; "core", the nearest, answers first.
    const words = 'core colony convoy corsair contract';
    const ships = Array.from({ length: 1200 }, (_, n) =>
      sectionsOf(pageRecord(`/guide/ship-${n}`, `Ship ${n} ${words}`, `${n % 3 ? words : 'dust'} s${n}x.\n\n## Hold ${words}\n\n${words}.\n\n## Deck ${words}\n\n${words}.\n`), 'Guide'),
    ).flat();
    const index = createSearchIndex(ships, 'ships');
    const e = new SearchEngine();
    e.addManifest(index.manifest);
    const add = (paths: string[]) => paths.forEach((p) => e.addPart(JSON.parse(index.files.get(p)!)));
    const lead = e.search('co', { limit: 40 });
    expect(lead.missing).toHaveLength(1);
    add(lead.missing);
    const page = e.search('co', { limit: 40 });
    expect(page.hits).toEqual([]);
    expect(page.missing.every((p) => p.includes('/pages-'))).toBe(true);
    add(page.missing);
    const first = e.search('co', { limit: 40 });
    expect(first.hits.length).toBeGreaterThan(0);
    const later = first.missing.filter((p) => p.includes('/postings-'));
    expect(later.length).toBeGreaterThan(0);
    const { results, fetched } = searchLoading(e, index.files, 'co', { limit: 40 });
    expect(fetched).toEqual(expect.arrayContaining(later));
    const loaded = engineFor(ships).search('co', { limit: 40 });
    expect(results.hits.map((h) => h.id)).toEqual(loaded.hits.map((h) => h.id));
    expect(results.total).toBe(loaded.total);
  });

  it('shows the best results first while the page parts of later ones are still to come', () => {
    const e = fresh();
    for (const p of e.search('rocks').missing) e.addPart(JSON.parse(built.files.get(p)!));
    const partial = e.search('rocks', { limit: 200 });
    expect(partial.missing.length).toBeGreaterThan(0);
    expect(partial.missing.length).toBeLessThanOrEqual(8);
    const all = full.search('rocks', { limit: 200 }).hits.map((h) => h.id);
    expect(partial.hits.map((h) => h.id)).toEqual(all.slice(0, partial.hits.length));
  });

  it('names the page parts of the word being typed: the finished word then shows its first results without a fetch', () => {
    // "rifl" is also "rift" by typo, and pages with both words lead its results; "rifle" alone ranks other pages first.
    const sectors = Array.from({ length: 1500 }, (_, n) =>
      sectionsOf(pageRecord(`/guide/sector-${n}`, n % 3 ? `Sector ${n}` : `Rift ${n}`, `Patrols s${n}x ${'carry '.repeat(n % 17)}${n % 2 ? 'blades' : 'a rifle'}.`), 'Guide'),
    ).flat();
    const { manifest, files } = createSearchIndex(sectors, 'sectors');
    const typing = () => {
      const e = new SearchEngine();
      e.addManifest(manifest);
      searchLoading(e, files, 'rifl', { limit: 10 });
      return e;
    };
    const finished = (e: SearchEngine) => e.search('rifle', { limit: 10 }).hits.length;
    expect(finished(typing())).toBeLessThan(10);
    const e = typing();
    const ahead = e.partsAhead('rifl');
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.every((p) => /^\/search\/site\/pages-\d+\.json$/.test(p))).toBe(true);
    for (const p of ahead) e.addPart(JSON.parse(files.get(p)!));
    expect(finished(e)).toBe(10);
    expect(e.search('rifle', { limit: 10 }).missing).toEqual([]);
    expect(e.partsAhead('rifle')).toEqual([]);
  });

  it('refuses files of another format or another build, saying what to do', () => {
    const { manifest, files } = createSearchIndex(sections, 'one');
    const part = JSON.parse(files.get('/search/site/postings-0.json')!);
    const e = new SearchEngine();
    expect(() => e.addManifest({ ...manifest, version: 1 })).toThrow(/format 1.*reload the page/);
    e.addManifest(manifest);
    expect(() => e.addPart({ ...part, version: 3 })).toThrow(/format 3.*reload the page/);
    e.addPart(part);
    const other = JSON.parse(createSearchIndex(sections, 'two').files.get('/search/site/pages-0.json')!);
    expect(() => e.addPart(other)).toThrow(/changed while it was loading.*reload the page/);
  });

  it('leaves the drafts out unless asked for them', () => {
    const { manifest } = createSearchIndex(sections, 'one');
    const e = new SearchEngine();
    e.addManifest(manifest);
    expect(e.indexNames).toEqual(['site']);
    e.addManifest(manifest, { drafts: true });
    expect(e.indexNames).toEqual(['site', 'drafts']);
  });
});

describe('ranking rules (ranking.ts)', () => {
  const entry = (name: string, text: string, kind = 'gear feature'): SearchSection => ({
    id: `/rules/gear#feature-${name.toLowerCase().replace(/\W+/g, '-')}`,
    path: '/rules/gear',
    anchor: `feature-${name.toLowerCase().replace(/\W+/g, '-')}`,
    pageTitle: name,
    text,
    breadcrumb: 'Gear',
    kind,
  });
  const rules = engineFor([
    ...sectionsOf(pageRecord('/rules/core', 'Core mechanic', 'Roll dice.\n\n## Edge\n\nRoll one more die.\n\n## Plasmo storms\n\nWeather.\n'), 'Rules'),
    ...sectionsOf(pageRecord('/rules/gm', 'Game master', 'Advice.\n\n## Edge instead of bigger numbers\n\nGive edge, edge, edge.\n\n## Fuel\n\nThe plasma tanks run dry.\n'), 'Rules'),
    ...sectionsOf(pageRecord('/rules/ships', 'Ships', 'Hulls.\n\n## Cryogenic thruster\n\nCold.\n\n## Thruster mounts, cryogenic\n\nBolts.\n\n## Cryogenic tanks\n\nA thruster and a thruster.\n\n## Engines\n\nEvery cryogenic thruster, cryogenic thruster, cryogenic thruster.\n'), 'Rules'),
    entry('Monofilament Edge', 'An edge so fine it cuts edge on edge: edge, edge, edge.'),
    entry('Edge', 'A named edge.', 'feature'),
    entry('Tank Liner', 'Plasma plasma plasma plasma.'),
  ]);
  const order = (query: string) => rules.search(query).hits.map((h) => h.heading ?? h.pageTitle);

  it('[R1] a result found only through a typo never outranks one found as typed', () => {
    // "Plasmo storms" is a heading one typo from "plasma"; "Fuel" has the word in its text.
    const found = order('plasma');
    expect(found).toContain('Plasmo storms');
    expect(found.indexOf('Fuel')).toBeLessThan(found.indexOf('Plasmo storms'));
    expect(found.indexOf('Tank Liner')).toBeLessThan(found.indexOf('Plasmo storms'));
  });

  it('[R2] an exact heading match outranks headings that only contain the word, and body text', () => {
    const found = order('edge');
    expect(found[0]).toBe('Edge');
    expect(rules.search('edge').hits[0]!.kind).toBe('page');
    expect(found.indexOf('Edge instead of bigger numbers')).toBeLessThan(found.indexOf('Monofilament Edge'));
  });

  it('[R3] a heading with all the words outranks one with some, which outranks body text', () => {
    expect(order('cryogenic thruster')).toEqual(['Cryogenic thruster', 'Thruster mounts, cryogenic', 'Cryogenic tanks', 'Engines']);
  });

  it('[R4] at equal strength, a page section outranks a catalogue entry', () => {
    // Both named exactly "Edge"; and for body text, "Fuel" mentions plasma once, the entry four times.
    const edge = rules.search('edge').hits;
    expect(edge.slice(0, 2).map((h) => h.kind)).toEqual(['page', 'feature']);
    expect(edge[0]!.strength).toBe(edge[1]!.strength + 1);
    const plasma = order('plasma');
    expect(plasma.indexOf('Fuel')).toBeLessThan(plasma.indexOf('Tank Liner'));
  });

  it('[R5] at equal strength, the higher score comes first', () => {
    const hits = rules.search('thruster').hits.filter((h) => h.strength === rules.search('thruster').hits.at(-1)!.strength);
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('counts two swapped letters as one typo', () => {
    expect(order('egde')).toContain('Edge');
  });

  it('does not need a stop word typed last, but an exact heading still wins', () => {
    expect(order('edge in')[0]).toBe('Edge');
  });
});

describe('table rows', () => {
  it('ranks a section whose table names a row with the word above one that only mentions it', () => {
    const sections = [
      ...sectionsOf(pageRecord('/rules/skills', 'Skills', '## Skill list\n\n| Skill | Attribute |\n|---|---|\n| Athletics | Body |\n| Hacking | Sync |\n| Medicine | Logic |\n\nA long paragraph about skills in general, how they are rolled, raised and used at the table.\n'), 'Rules'),
      ...sectionsOf(pageRecord('/rules/core', 'Core', '## Pools\n\nSync + Hacking opens a maglock.\n'), 'Rules'),
    ];
    expect(sections.find((s) => s.heading === 'Skill list')!.labels).toBe('Athletics · Hacking · Medicine');
    expect(engineFor(sections).search('hacking').hits.map((h) => h.heading)).toEqual(['Skill list', 'Pools']);
  });
});

describe('questions (ranking.ts R6) and forms of a word', () => {
  const site: SearchSection[] = [
    ...sectionsOf(pageRecord('/rules/encounters', 'Encounters', 'Advice.\n\n## Bands\n\nA fight whose threat is twice the party rank is deadly.\n\n## Budget\n\nKnow your party before you plan a fight that is too long.\n'), 'Rules'),
    ...sectionsOf(pageRecord('/rules/skills', 'Skills', 'Lists.\n\n## Skill ranks\n\nEach skill has a rank from 0 to 5.\n\n## Healing\n\nA medic can heal a wound once per scene.\n'), 'Rules'),
  ];
  const small = engineFor(site);
  const idsOf = (query: string) => small.search(query).hits.map((h) => h.id);

  it('reads a long question by its telling words: question words do not use up its eight words', () => {
    // "deadly" is the tenth word typed; before, only the first eight were read and "deadly" was lost.
    expect(idsOf('how do I know if a fight is too deadly')).toContain('/rules/encounters#bands');
  });

  it('finds the section holding most of a question\'s weight, though it lacks a word, after those that have every word', () => {
    expect(idsOf('party fight too')).toEqual(['/rules/encounters#budget', '/rules/encounters#bands']);
    // Fewer than half of its words is not an answer.
    expect(idsOf('party plan long wound')).toEqual(['/rules/encounters#budget']);
  });

  it('does not let a word no section has empty a question', () => {
    expect(idsOf('deadly fight party zyzzyva')).toContain('/rules/encounters#bands');
  });

  it('still needs every word of a query of two words', () => {
    expect(idsOf('deadly medic')).toEqual([]);
  });

  it('finds the other forms of a word: a plural or -ing form finds the word the rules use', () => {
    expect(idsOf('skills ranks')).toContain('/rules/skills#skill-ranks');
    expect(idsOf('healing wounds')).toContain('/rules/skills#healing');
    expect(idsOf('heals wound')).toContain('/rules/skills#healing');
  });
});
