import { describe, it, expect, vi, afterEach } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from './load';
import { ContentError, ContentErrors } from './errors';
import { writeCorpus, page } from './testing';
import { ParseCache } from '../build/cache';
import { computeFacts, factsOf } from './recordFacts';
import { sectionsOf } from './sections';
import { pageHash } from '../build/info';

function errorsOf(files: Record<string, string>): string[] {
  try {
    loadSite(writeCorpus(files));
  } catch (e) {
    if (e instanceof ContentErrors) return e.all.map((x) => x.message);
    if (e instanceof ContentError) return [e.message];
    throw e;
  }
  return [];
}

const corpus = {
  'index.md': page({ title: 'Home', layout: 'full' }, 'Welcome.\n'),
  '2.rules/_dir.yml': 'title: Rules\n',
  '2.rules/index.md': page({ title: 'Rules', description: 'How to play.' }, '## Start\n\nIntro.\n\n<!-- more -->\n\nRest.\n'),
  '2.rules/10.later.md': page({ title: 'Later' }, '## Ten\n'),
  '2.rules/2.combat.md': page({ title: 'Combat' }, '## Attacks\n\nSee [the start](/rules#start).\n'),
  '2.rules/_snippet.md': page({ title: 'Snippet' }, 'Partial.\n'),
  '2.rules/3.hidden.md': page({ title: 'Hidden', navigation: false }, 'Not in the tree.\n'),
  '2.rules/4.draft.md': page({ title: 'Draft', draft: true }, 'Soon.\n'),
  '1.guide/index.md': page({ title: 'Guide' }, '# Ignored h1\n\nText.\n'),
  '1.guide/data.yml': 'title: Data\nvalue: 3\n',
};

describe('page records', () => {
  const site = loadSite(writeCorpus(corpus));
  const rec = (p: string) => site.records.find((r) => r._path === p && r._type === 'markdown' && !r.partial)!;

  it('gives every record the spec fields', () => {
    const combat = rec('/rules/combat');
    expect(combat).toMatchObject({
      _id: 'content:2.rules:2.combat.md',
      _path: '/rules/combat',
      path: '/rules/combat',
      stem: '2.rules/2.combat',
      _type: 'markdown',
      locale: 'en',
      title: 'Combat',
      partial: false,
      navigation: true,
      draft: false,
    });
    expect(combat.body.type).toBe('root');
    expect(combat.body.toc).toEqual([{ id: 'attacks', depth: 2, text: 'Attacks' }]);
  });

  it('strips numeric prefixes and maps index files to their folder', () => {
    expect(rec('/rules').stem).toBe('2.rules/index');
    expect(rec('/').stem).toBe('index');
    expect(rec('/rules/later').stem).toBe('2.rules/10.later');
  });

  it('keeps an excerpt only when the page has a more marker', () => {
    expect(rec('/rules').excerpt?.children).toHaveLength(2);
    expect(rec('/rules/combat').excerpt).toBeUndefined();
  });

  it('flags partials and drafts, and keeps them out of the published pages', () => {
    expect(site.records.find((r) => r.stem === '2.rules/_snippet')?.partial).toBe(true);
    expect(site.pages.has('/rules/draft')).toBe(false);
    expect(site.records.find((r) => r._path === '/rules/draft')?.draft).toBe(true);
  });

  it('moves a leading h1 out of the body (the layout renders the title)', () => {
    expect(rec('/guide').title).toBe('Guide');
    expect(rec('/guide').body.children[0]).toMatchObject({ tag: 'p' });
  });

  it('reads YAML files as data records', () => {
    expect(site.records.find((r) => r._type === 'yaml')).toMatchObject({ _path: '/guide/data', value: 3 });
  });

  it('orders records by stem, numerically, index first', () => {
    const stems = site.records.filter((r) => r.stem.startsWith('2.rules/') && !r.partial).map((r) => r.stem);
    expect(stems).toEqual(['2.rules/index', '2.rules/2.combat', '2.rules/3.hidden', '2.rules/4.draft', '2.rules/10.later']);
  });

  it('builds the navigation tree without hidden, partial or draft pages', () => {
    const rules = site.navigation.find((n) => n._path === '/rules')!;
    expect(rules.title).toBe('Rules');
    expect(rules.children!.map((c) => c._path)).toEqual(['/rules/combat', '/rules/later']);
    expect(site.navigation.map((n) => n._path)).toEqual(['/', '/guide', '/rules']);
  });

  it('gives each page its previous and next page in navigation order', () => {
    expect(site.surround.get('/rules/combat')).toEqual({
      prev: { title: 'Rules', _path: '/rules' },
      next: { title: 'Later', _path: '/rules/later' },
    });
    expect(site.surround.get('/')!.prev).toBeNull();
    expect(site.surround.get('/rules/later')!.next).toBeNull();
  });

  it('changes the integrity value exactly when content changes', () => {
    const again = loadSite(writeCorpus(corpus));
    const changed = loadSite(writeCorpus({ ...corpus, 'index.md': page({ title: 'Home!' }) }));
    expect(again.integrity).toBe(site.integrity);
    expect(changed.integrity).not.toBe(site.integrity);
  });
});

describe('pages from the parse cache', () => {
  const dir = writeCorpus({
    ...corpus,
    '2.rules/5.odd.md': page({ title: 'Odd', _lines: 'mine', custom: { depth: [1, 2] } }, '## One\n\nText with **bold**.\n\n### Two\n\nMore.\n'),
  });
  const cache = new ParseCache(null);
  const fresh = loadSite(dir, { cache });
  const again = loadSite(dir, { cache: cache.next() });

  it('reuses every parse the second time', () => {
    expect(cache.misses).toBe(0);
    expect(cache.hits).toBe(fresh.records.filter((r) => r._type === 'markdown').length);
  });

  it('gives the same records, to the order of their fields, as parsing does', () => {
    expect(again.records.map((r) => JSON.stringify(r))).toEqual(fresh.records.map((r) => JSON.stringify(r)));
    expect(again.records).toEqual(fresh.records);
  });

  it('keeps facts with each page that are what its record gives', () => {
    for (const r of again.records) {
      const kept = factsOf(r);
      expect(kept).toEqual(computeFacts(r));
      expect(JSON.parse(kept.document)).not.toHaveProperty('_lines');
    }
    const odd = again.pages.get('/rules/odd')!;
    expect(pageHash(odd)).toMatch(/^[0-9a-f]{12}$/);
    expect(factsOf(odd).sections.map((s) => s.heading)).toEqual([undefined, 'One', 'Two']);
    expect(sectionsOf(odd, 'Rules').map((s) => s.text)).toEqual(['', 'Text with bold.', 'More.']);
  });
});

describe("a file's parse key by its state on disk", () => {
  afterEach(() => vi.useRealTimers());
  const later = (seconds: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + seconds * 1000);
  };
  const combat = (word: string) => page({ title: 'Combat' }, `## Attacks\n\n${word} strikes.\n`);
  const textOf = (site: ReturnType<typeof loadSite>) => JSON.stringify(site.pages.get('/rules/combat')!.body);

  it('sees a file written again at once with the same size (one clock tick apart, as an editor saving twice)', () => {
    const dir = writeCorpus({ ...corpus, '2.rules/2.combat.md': combat('Alpha') });
    const cache = new ParseCache(null);
    const first = loadSite(dir, { cache });
    writeFileSync(join(dir, '2.rules/2.combat.md'), combat('Bravo'));
    const second = loadSite(dir, { cache: cache.next() });
    expect(textOf(first)).toContain('Alpha');
    expect(textOf(second)).toContain('Bravo');
    expect(second.integrity).not.toBe(first.integrity);
  });

  it('takes a settled, unchanged file from its state without parsing it, and reads a file changed since', () => {
    const dir = writeCorpus({ ...corpus, '2.rules/2.combat.md': combat('Alpha') });
    const cache = new ParseCache(null);
    later(10); // the files were written long ago
    const first = loadSite(dir, { cache });
    const again = loadSite(dir, { cache: cache.next() });
    expect([cache.hits, cache.misses]).toEqual([first.records.filter((r) => r._type === 'markdown').length, 0]);
    expect(again.integrity).toBe(first.integrity);
    expect(again.records).toEqual(first.records);
    vi.useRealTimers();
    writeFileSync(join(dir, '2.rules/2.combat.md'), combat('Bravo'));
    later(10);
    const changed = loadSite(dir, { cache: cache.next() });
    expect(cache.misses).toBe(1);
    expect(textOf(changed)).toContain('Bravo');
    // The content's hash is the same whether the keys came from the states, the texts or no cache at all.
    expect(changed.integrity).toBe(loadSite(dir).integrity);
    expect(changed.integrity).not.toBe(first.integrity);
  });
});

describe('bad content fails with file and line', () => {
  it('invalid frontmatter YAML', () => {
    const [msg] = errorsOf({ 'a.md': '---\ntitle: ok\nbad: [unclosed\n---\nText\n' });
    expect(msg).toMatch(/^a\.md:\d+: invalid YAML/);
  });

  it('a frontmatter field of the wrong type, at its line', () => {
    expect(errorsOf({ 'a.md': '---\ntitle: A\ndraft: "yes"\n---\n' })).toEqual([expect.stringMatching(/^a\.md:3: 'draft': /)]);
  });

  it('two files producing the same path', () => {
    const errors = errorsOf({ 'rules.md': page({ title: 'A' }), '1.rules.md': page({ title: 'B' }) });
    expect(errors).toEqual([expect.stringMatching(/rules\.md:1: path '\/rules' is already used by 1\.rules\.md/)]);
  });

  it('an unknown layout name', () => {
    expect(errorsOf({ 'a.md': '---\ntitle: A\nlayout: wide\n---\n' })).toEqual(["a.md:3: unknown layout 'wide' (known: default, full)"]);
  });

  it('every broken internal link, not just the first', () => {
    const errors = errorsOf({
      'a.md': page({ title: 'A' }, '## Here\n\n[x](/nowhere) and [y](/b#missing)\n\n[z](/also-nowhere) [ok](/b) [self](#here)\n'),
      'b.md': page({ title: 'B' }, '## There\n'),
    });
    expect(errors).toEqual([
      "a.md:6: broken link to '/nowhere': no page has the path '/nowhere'",
      "a.md:6: broken link to '/b#missing': 'b.md' has no heading with the id 'missing'",
      "a.md:8: broken link to '/also-nowhere': no page has the path '/also-nowhere'",
    ]);
  });

  it('an unknown embedded component', () => {
    expect(errorsOf({ 'a.md': page({ title: 'A' }, '\n::weapon-lsit\n') })).toEqual([
      expect.stringMatching(/^a\.md:5: unknown component '::weapon-lsit'/),
    ]);
  });

  it('an unknown route guard in frontmatter', () => {
    expect(errorsOf({ 'a.md': '---\ntitle: A\nmiddleware: admin\n---\n' })).toEqual(["a.md:3: unknown route guard 'admin' (known guards: auth)"]);
  });

  it('every wrong frontmatter field of a file, each at its own line, with the body\'s problems', () => {
    const source = '---\ntitle: 5\nlayout: wide\ndraft: "yes"\nmiddleware: [admin, auth]\nnavigation: "sometimes"\nredirect: "javascript:alert(1)"\n---\n\n::weapon-lsit\n';
    const errors = errorsOf({ 'a.md': source });
    expect(errors).toHaveLength(7);
    expect(errors).toEqual([
      "a.md:2: 'title': Invalid input: expected string, received number",
      "a.md:3: unknown layout 'wide' (known: default, full)",
      "a.md:4: 'draft': Invalid input: expected boolean, received string",
      "a.md:5: unknown route guard 'admin' (known guards: auth)",
      "a.md:6: 'navigation': Invalid input: expected boolean or object, received string",
      expect.stringMatching(/^a\.md:7: 'redirect': 'javascript:alert\(1\)' is not a link target content may use/),
      expect.stringMatching(/^a\.md:10: unknown component '::weapon-lsit'/),
    ]);
  });

  it('a nested field of _dir.yml at its own line, and a folder redirect content may not use', () => {
    const errors = errorsOf({
      'index.md': page({ title: 'Home' }),
      'rules/_dir.yml': 'title: Rules\nnavigation:\n  title: 3\n  layout: wide\n  redirect: "//elsewhere.example/x"\n',
    });
    expect(errors).toEqual([
      expect.stringMatching(/^rules\/_dir\.yml:3: 'navigation\.title': /),
      "rules/_dir.yml:4: unknown layout 'wide' (known: default, full)",
      expect.stringMatching(/^rules\/_dir\.yml:5: 'navigation\.redirect': '\/\/elsewhere\.example\/x' is not a link target content may use: a link starting with '\/\/' leads to another host/),
    ]);
  });

  it('every link, image and reference definition whose target could run script or leave for another host', () => {
    const body = [
      '[a](javascript:alert(1)) [b](&#106;avascript:alert(1)) [c](<java\tscript:alert(1)>)',
      '',
      '![d](data:image/svg+xml;base64,PHN2Zz4=) [e](//elsewhere.example/x) [f](vbscript:msgbox(1))',
      '',
      '[g](javascript%3Aalert(1)) [fine](https://example.org) [also fine](/b)',
      '',
      '[h]: javascript:alert(2)',
    ].join('\n');
    const errors = errorsOf({ 'a.md': page({ title: 'A' }, body), 'b.md': page({ title: 'B' }) });
    expect(errors).toEqual([
      expect.stringMatching(/^a\.md:4: link: 'javascript:alert\(1\)' is not a link target content may use: the scheme 'javascript:' is not allowed/),
      expect.stringMatching(/^a\.md:4: link: 'javascript:alert\(1\)' is not a link target content may use/),
      expect.stringMatching(/^a\.md:4: link: 'java\\tscript:alert\(1\)' is not a link target content may use: it contains a tab/),
      expect.stringMatching(/^a\.md:6: image: 'data:image\/svg\+xml;base64,PHN2Zz4=' is not a link target/),
      expect.stringMatching(/^a\.md:6: link: '\/\/elsewhere\.example\/x' is not a link target/),
      expect.stringMatching(/^a\.md:6: link: 'vbscript:msgbox\(1\)' is not a link target/),
      expect.stringMatching(/^a\.md:8: link: 'javascript%3Aalert\(1\)' is not a link target content may use: its percent-encoding hides a scheme/),
      expect.stringMatching(/^a\.md:10: link reference definition: 'javascript:alert\(2\)' is not a link target/),
    ]);
  });

  it('component attributes: unknown ones, missing ones, and names no catalogue has', () => {
    const features = '- { id: quick, name: Quick, tree: gunslinger, tier: 1, text: Fast. }\n- { id: tough, name: Tough, tree: brawler, tier: 1, text: Hard. }\n';
    const body = '::tree-chart{tree="nonexistent"}\n\n::tree-chart{tree="brawler"}\n\n::catalogue-list{of="spells"}\n\n::catalogue-list\n\n::bestiary{creature="gutter-hound"}\n';
    expect(errorsOf({ 'a.md': page({ title: 'A' }, body), 'data/features.yml': features })).toEqual([
      "a.md:4: '::tree-chart{tree}': unknown tree 'nonexistent' (trees in the features catalogue: gunslinger, brawler)",
      "a.md:8: '::catalogue-list{of}': unknown name 'spells' (known: core-effects, core-side-effects, creature-properties, blueprint-features)",
      "a.md:10: '::catalogue-list' needs the attribute 'of' (one of: core-effects, core-side-effects, creature-properties, blueprint-features), e.g. ::catalogue-list{of=\"…\"}",
      "a.md:12: unknown attribute 'creature' on '::bestiary' (it takes none)",
    ]);
  });

  it('an ::encounter naming a creature the bestiary lacks, or a bad crew, fails at its line', () => {
    const creatures =
      '- { kind: creature, id: scuttler-drone, schemaVersion: 1, name: Scuttler, createdAt: x, updatedAt: x, creatureKind: machine, threatRank: 1, attributes: { frame: 1, reflex: 2, logic: 2, nerve: 1, sync: 1 }, description: A drone. }\n';
    const body = '::encounter{creatures="scuttler-drone*2" crew="4@2"}\n\n::encounter{creatures="scuttler-drone*2, gutter-hound" crew="4 at 2"}\n';
    expect(errorsOf({ 'a.md': page({ title: 'A' }, body), 'data/creatures.yml': creatures })).toEqual([
      "a.md:6: '::encounter{creatures}': unknown creature 'gutter-hound' (the bestiary has: scuttler-drone)",
      "a.md:6: '::encounter{crew}': crew '4 at 2' is not a crew: write heroes@rank, e.g. crew=\"4@2\" for four heroes of rank 2.",
    ]);
  });

  it('a tree named where the content has no features catalogue', () => {
    expect(errorsOf({ 'a.md': page({ title: 'A' }, '::tree-chart{tree="medic"}\n') })).toEqual([
      "a.md:4: '::tree-chart{tree}': unknown tree 'medic' (the features catalogue has no trees)",
    ]);
  });

  it('links to app routes and external sites are fine', () => {
    expect(errorsOf({ 'a.md': page({ title: 'A' }, '[e](/nucleus/CoreEditor) [w](https://example.org) [m](mailto:a@b.c)\n') })).toEqual([]);
  });
});
