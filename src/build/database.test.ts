import { describe, it, expect } from 'vitest';
import { loadSite, pageQuery, pageSummaryQuery, surroundQuery, siteSections } from '../content';
import { buildDatabase, searchGroupKey } from './database';
import { queryApiPath, navigationApiPath, isGzip, unpackDatabaseFile } from '../db';
import { writeCorpus, page } from '../content/testing';

describe('static content API', () => {
  it('answers every page and surround query exactly as the database does', async () => {
    const site = loadSite(
      writeCorpus({
        'index.md': page({ title: 'Home' }),
        '1.a/index.md': page({ title: 'A' }),
        '1.a/1.one.md': page({ title: 'One' }),
        '1.a/2.hidden.md': page({ title: 'Hidden', navigation: false }),
        '1.a/3.draft.md': page({ title: 'Draft', draft: true }),
        '1.a/10.ten.md': page({ title: 'Ten' }),
        '1.a/_part.md': page({ title: 'Part' }),
        '2.b/1.two.md': page({ title: 'Two' }),
      }),
    );
    const { answers, db } = await buildDatabase(site, {});
    for (const path of site.pages.keys()) {
      for (const q of [pageSummaryQuery(path), surroundQuery(path)]) {
        expect(JSON.parse(answers.get(queryApiPath(q, site.integrity))!), `${path} ${JSON.stringify(q)}`).toEqual(db.query(q));
      }
      // The body is in the page and the database, not in a static answer: the full page query runs on the database.
      if (db.query(pageQuery(path))) expect(JSON.parse(answers.get(queryApiPath(pageSummaryQuery(path), site.integrity))!)).not.toHaveProperty('body');
      expect(answers.has(queryApiPath(pageQuery(path), site.integrity))).toBe(false);
    }
    expect(JSON.parse(answers.get(queryApiPath(pageSummaryQuery('/a/one'), site.integrity))!)).toMatchObject({ _path: '/a/one', title: 'One' });
    expect(JSON.parse(answers.get(queryApiPath(surroundQuery('/a/one'), site.integrity))!)).toEqual([
      { _path: '/a', title: 'A' },
      { _path: '/a/ten', title: 'Ten' },
    ]);
    expect(JSON.parse(answers.get(navigationApiPath({}, site.integrity))!)).toEqual(site.navigation);
    // Drafts are in the database (for preview) but get no static answer.
    expect(db.query({ where: [{ draft: true }], only: ['title'] })).toEqual([{ title: 'Draft' }]);
    expect(answers.has(queryApiPath(pageSummaryQuery('/a/draft'), site.integrity))).toBe(false);
  });
});

describe('the database file a build writes', () => {
  it('F1 F2 is the SQLite bytes gzipped, and the same file for the same content', async () => {
    const site = loadSite(writeCorpus({ 'index.md': page({ title: 'Home' }), '1.a/1.one.md': page({ title: 'One' }) }));
    const first = await buildDatabase(site, {});
    const file = await first.file;
    expect(isGzip(file)).toBe(true);
    expect(file.length).toBeLessThan(first.bytes.length / 2);
    expect(Buffer.from(await unpackDatabaseFile(file)).equals(Buffer.from(first.bytes))).toBe(true);
    // No time or file name in the header (RFC 1952: flags byte 3, MTIME bytes 4–7): a rebuild writes the same bytes.
    expect([file[3], ...file.subarray(4, 8)]).toEqual([0, 0, 0, 0, 0]);
    const again = await buildDatabase(site, {});
    expect(Buffer.from(await again.file).equals(Buffer.from(file))).toBe(true);
  });
});

describe("the search group cache's key", () => {
  const files = {
    '1.rules/_dir.yml': 'title: Rules\n',
    '1.rules/1.combat.md': page({ title: 'Combat' }, '## Attacks\n\nRoll Reflex.\n'),
    '1.rules/2.moves.md': page({ title: 'Moves' }, 'Move twice.\n'),
  };
  const keyOf = (corpus: Record<string, string>) => searchGroupKey(siteSections(loadSite(writeCorpus(corpus))));

  it('is the same for the same pages, and changes with a page\'s text, a heading or a breadcrumb', () => {
    const key = keyOf(files);
    expect(keyOf(files)).toBe(key);
    expect(keyOf({ ...files, '1.rules/2.moves.md': page({ title: 'Moves' }, 'Move thrice.\n') })).not.toBe(key);
    expect(keyOf({ ...files, '1.rules/1.combat.md': page({ title: 'Combat' }, '## Strikes\n\nRoll Reflex.\n') })).not.toBe(key);
    expect(keyOf({ ...files, '1.rules/_dir.yml': 'title: Rulebook\n' })).not.toBe(key);
  });

  it('hashes the sections themselves when it does not know what they were made from (catalogue entries)', () => {
    const entry = { id: 'x#y', path: '/x', anchor: 'y', pageTitle: 'Blade', text: 'Sharp.', breadcrumb: 'Gear', kind: 'weapon' };
    expect(searchGroupKey([entry])).toBe(searchGroupKey([{ ...entry }]));
    expect(searchGroupKey([entry])).not.toBe(searchGroupKey([{ ...entry, text: 'Blunt.' }]));
  });
});
