import { beforeAll, describe, expect, it } from 'vitest';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { runQuery, type Doc } from '../query';
import * as db from '.';
import { buildContentDatabase, openContentDatabase, ContentDatabaseError, FORMAT_VERSION } from '.';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await initSqlJs();
});

const page = (stem: string, path: string, extra: Doc = {}): Doc => ({
  _id: `content:${stem.replace(/\//g, ':')}.md`,
  _path: path,
  path,
  stem,
  _type: 'markdown',
  locale: 'en',
  folder: path === '/' ? '/' : path.slice(0, path.lastIndexOf('/')) || '/',
  title: path,
  draft: false,
  partial: false,
  navigation: true,
  ...extra,
});
const docs: Doc[] = [
  page('index', '/'),
  page('1.rules/index', '/rules', { folder: '/rules' }),
  page('1.rules/2.combat', '/rules/combat', { tags: ['core', 'dice'] }),
  page('1.rules/10.later', '/rules/later'),
  page('1.rules/3.draft', '/rules/draft', { draft: true }),
  page('1.rules/_snippet', '/rules/_snippet', { partial: true }),
  page('fr/1.rules/2.combat', '/fr/rules/combat', { locale: 'fr', folder: '/fr/rules' }),
];
const dirConfigs = { '/rules': { title: 'Rules' } };
const input = {
  documents: docs,
  navigation: { en: [{ title: 'Rules', _path: '/rules' }], fr: [{ title: 'Règles', _path: '/fr/rules' }] },
  dirConfigs,
  catalogues: { weapons: [{ id: 'laser', cost: 3 }, { id: 'blade', cost: 1 }], armour: [] },
  search: { en: '{"index":1}' },
  integrity: 'abc123',
  builtFrom: 'test',
};
const open = (options = {}) => openContentDatabase(SQL, buildContentDatabase(SQL, input), options);

describe('content database', () => {
  it('D4 the writer fills every table and the meta keys', () => {
    const raw = new SQL.Database(buildContentDatabase(SQL, input));
    const count = (table: string) => raw.exec(`SELECT count(*) FROM ${table}`)[0]!.values[0]![0];
    expect([count('documents'), count('navigation'), count('dir_configs'), count('catalogues'), count('search')]).toEqual([7, 2, 1, 2, 1]);
    const row = raw.exec("SELECT id, path, stem, locale, folder, draft FROM documents WHERE path = '/rules'")[0]!.values[0];
    expect(row).toEqual(['content:1.rules:index.md', '/rules', '1.rules/index', 'en', '/rules', 0]);
    expect(Object.fromEntries(raw.exec('SELECT key, value FROM meta')[0]!.values)).toEqual({
      integrity: 'abc123',
      formatVersion: '2',
      builtFrom: 'test',
      regular: '["draft","folder","id","locale","path","stem"]',
    });
    raw.close();
  });

  it('D4 documents, navigation, folder configs, catalogues and search read back unchanged', () => {
    const c = open({ defaultLocale: 'en' });
    expect(c.query({ sort: { _id: 1 } })).toEqual([...docs].sort((a, b) => ((a._id as string) < (b._id as string) ? -1 : 1)));
    expect(c.navigation()).toEqual(input.navigation.en);
    expect(c.navigation('fr')).toEqual(input.navigation.fr);
    expect(c.navigation('de')).toBeNull();
    expect(open().navigation()).toEqual(input.navigation.en); // no default locale: the first by name
    expect(c.dirConfigs()).toEqual(dirConfigs);
    expect(c.catalogue('weapons')).toEqual(input.catalogues.weapons);
    expect(c.catalogue('armour')).toEqual([]);
    expect(c.catalogue('nope')).toEqual([]);
    expect(c.search('en')).toBe('{"index":1}');
    expect(c.search('fr')).toBeNull();
    expect(c.meta()).toEqual({ integrity: 'abc123', formatVersion: FORMAT_VERSION, builtFrom: 'test', regular: ['draft', 'folder', 'id', 'locale', 'path', 'stem'] });
  });

  it('D4 the room made for the file beforehand changes no byte of the database, whether it is too big or too small', () => {
    // Thousands of documents, so the file grows well past what the room guesses when the JSON is not handed over.
    const many = Array.from({ length: 3000 }, (_, i) => page(`2.lore/${i}.entry`, `/lore/entry-${i}`, { body: 'x'.repeat(i % 8000) }));
    for (const documents of [docs, many]) {
      const without = buildContentDatabase(SQL, { ...input, documents }, { room: false });
      const json = buildContentDatabase(SQL, { ...input, documents, documentJson: documents.map((d) => JSON.stringify(d)) });
      const guessed = buildContentDatabase(SQL, { ...input, documents });
      // Compared as Buffers: toEqual walks megabytes byte by byte.
      expect(Buffer.from(json).equals(Buffer.from(without))).toBe(true);
      expect(Buffer.from(guessed).equals(Buffer.from(without))).toBe(true);
      const raw = new SQL.Database(json);
      expect(raw.exec('PRAGMA integrity_check')[0]!.values).toEqual([['ok']]);
      expect(json.length).toBe(Number(raw.exec('PRAGMA page_count')[0]!.values[0]![0]) * Number(raw.exec('PRAGMA page_size')[0]!.values[0]![0]));
      raw.close();
    }
  });

  it('D5 a database of an unknown format version is refused with a plain sentence', () => {
    const raw = new SQL.Database(buildContentDatabase(SQL, input));
    raw.run("UPDATE meta SET value = '3' WHERE key = 'formatVersion'");
    const bytes = raw.export();
    raw.close();
    expect(() => openContentDatabase(SQL, bytes)).toThrow(
      new ContentDatabaseError('This content database has format version 3, but this version of Nucleus reads only version 2; rebuild the site to get a matching database.'),
    );
  });

  it('D5 bytes that are no content database are refused with a plain sentence', () => {
    expect(() => openContentDatabase(SQL, new TextEncoder().encode('not a database at all, just text'))).toThrow(/^This file is not a Nucleus content database/);
    const empty = new SQL.Database();
    empty.run('CREATE TABLE t (x)');
    expect(() => openContentDatabase(SQL, empty.export())).toThrow('This file is not a Nucleus content database (it has no meta table).');
  });

  it('D6 the writer refuses documents without a unique string _id, and catalogue entries without a unique id', () => {
    expect(() => buildContentDatabase(SQL, { documents: [{ title: 'x' }], integrity: 'i' })).toThrow('Document 0 has no string _id');
    expect(() => buildContentDatabase(SQL, { documents: [{ _id: 'a' }, { _id: 'a' }], integrity: 'i' })).toThrow("Two documents have the _id 'a'");
    expect(() => buildContentDatabase(SQL, { documents: [], catalogues: { w: [{ id: 'a' }, { id: 'a' }] }, integrity: 'i' })).toThrow("Catalogue 'w' has two entries with the id 'a'.");
    expect(() => buildContentDatabase(SQL, { documents: [], catalogues: { w: [{ name: 'a' }] }, integrity: 'i' })).toThrow("Entry 0 of catalogue 'w' has no string id.");
  });

  it('D7 the common page queries agree with runQuery, with and without locales', () => {
    const queries: unknown[] = [
      { where: [{ _path: '/rules/combat' }, { _type: 'markdown' }], first: true, without: ['_lines'] },
      { where: [{ _type: 'markdown' }, { partial: false }, { navigation: { $ne: false } }, { draft: false }], surround: { query: '/rules/combat' }, only: ['_path', 'title'] },
      { where: { folder: '/rules' }, limit: 20 },
      { where: { _path: { $regex: '^/rules/' } }, count: true },
      { where: { tags: 'dice' }, only: '_path' },
      { dirConfig: true, only: ['_path', 'dirConfig'] },
      { locale: 'fr', first: true },
    ];
    for (const options of [{}, { locales: ['en', 'fr'], defaultLocale: 'en' }]) {
      const c = open(options);
      for (const q of queries) expect(c.query(q)).toEqual(runQuery(docs, q, { ...options, dirConfigs }));
    }
  });

  it('D8 page by path, folder listing, count and surround run in SQL on the indexes', () => {
    const c = open({ locales: ['en', 'fr'], defaultLocale: 'en' });
    const byPath = c.plan({ where: { _path: '/rules/combat' }, first: true });
    expect(byPath).toMatchObject({ kind: 'page', filter: { args: ['/rules/combat', 'en'], exact: true }, limit: 1, offset: 0 });
    expect(byPath.filter.sql.replace(/[()]/g, '')).toBe('path = ? AND locale = ?');
    expect(c.plan({ where: { folder: '/rules', draft: false }, limit: 20 })).toMatchObject({ kind: 'page', limit: 20 });
    expect(c.plan({ where: { draft: false }, count: true }).kind).toBe('count');
    expect(c.plan({ where: { draft: false }, surround: { query: '/rules/combat' } }).kind).toBe('surround');
    // Conditions on other fields: an indexed pre-filter, then the reference matcher.
    const mixed = c.plan({ where: [{ _path: '/rules/combat' }, { _type: 'markdown' }] });
    expect(mixed.kind).toBe('scan');
    expect(mixed.filter.sql).toContain('path = ?');

    const raw = new SQL.Database(buildContentDatabase(SQL, input));
    const explain = (sql: string, args: (string | number)[]) => JSON.stringify(raw.exec(`EXPLAIN QUERY PLAN ${sql}`, args));
    // The statements the client runs for these plans (client.ts).
    expect(explain(`SELECT ord FROM documents WHERE ${byPath.filter.sql} ORDER BY stem_rank LIMIT ? OFFSET ?`, [...byPath.filter.args, 1, 0])).toContain('USING INDEX documents_path');
    const listing = c.plan({ where: { folder: '/rules' }, limit: 20 });
    expect(explain(`SELECT ord FROM documents WHERE ${listing.filter.sql} ORDER BY stem_rank LIMIT ? OFFSET ?`, [...listing.filter.args, 20, 0])).toMatch(/USING INDEX documents_(folder|locale)/);
    raw.close();
  });

  it('D8 the default order in SQL is the stem order, numerically', () => {
    const c = open({ locales: ['en'] });
    expect((c.query({ where: { folder: '/rules' }, only: 'stem' }) as Doc[]).map((d) => d.stem)).toEqual(['1.rules/index', '1.rules/_snippet', '1.rules/2.combat', '1.rules/3.draft', '1.rules/10.later']);
    expect(c.query({ where: { folder: '/rules' }, only: 'stem', skip: 1, limit: 2 })).toEqual([{ stem: '1.rules/_snippet' }, { stem: '1.rules/2.combat' }]);
    expect(c.query({ surround: { query: '/rules/later', before: 2, after: 1 }, only: '_path' })).toEqual([{ _path: '/rules/combat' }, { _path: '/rules/draft' }, null]);
    expect(c.query({ surround: { query: '/', before: 1, after: 2 }, only: '_path' })).toEqual([null, { _path: '/rules' }, { _path: '/rules/_snippet' }]);
  });

  it('D9 a folder field that is missing or not a string on some documents is read from the JSON', () => {
    const odd = [{ _id: 'a', _path: '/b/x', folder: ['/a'] }, { _id: 'b', _path: '/a/y' }, { _id: 'c', _path: '/a/z', folder: '/a' }];
    const c = openContentDatabase(SQL, buildContentDatabase(SQL, { documents: odd, integrity: 'i' }));
    for (const q of [{ where: { folder: '/a' } }, { where: { folder: { $in: ['/a'] } } }, { where: { folder: { $exists: false } } }, { dirConfig: true }]) {
      expect(c.query(q)).toEqual(runQuery(odd, q));
    }
    expect((c.query({ where: { folder: '/a' } }) as Doc[]).map((d) => d._id)).toEqual(['a', 'c']);
  });

  it('D10 repeated queries give equal answers and never change the stored documents', () => {
    const c = open();
    const first = c.query({ where: { _path: '/rules/combat' }, first: true });
    c.query({ where: { _path: '/rules/combat' }, without: 'tags', dirConfig: true });
    expect(c.query({ where: { _path: '/rules/combat' }, first: true })).toEqual(first);
    expect(first).toEqual(docs[2]);
  });

  it('D4 documents are stored as JSON text (non-ASCII too), the same with or without the caller\'s JSON', () => {
    const documents = [...docs, page('1.rules/4.stars', '/rules/stars', { title: 'Étoiles ✦ 🚀', note: 'line\u2028sep "quoted"' })];
    const built = buildContentDatabase(SQL, { ...input, documents });
    const raw = new SQL.Database(built);
    const rows = raw.exec('SELECT typeof(data), data FROM documents ORDER BY ord')[0]!.values;
    expect(rows.map((r) => r[0])).toEqual(documents.map(() => 'text'));
    expect(rows.map((r) => JSON.parse(r[1] as string))).toEqual(documents);
    raw.close();
    const withJson = buildContentDatabase(SQL, { ...input, documents, documentJson: documents.map((d) => JSON.stringify(d)) });
    expect(Buffer.from(withJson).equals(Buffer.from(built))).toBe(true);
    expect(() => buildContentDatabase(SQL, { ...input, documents, documentJson: [] })).toThrow('documentJson has 0 entries');
  });

  it('D11 invalid parameters throw the same QueryError as runQuery', () => {
    const c = open();
    expect(() => c.query({ limit: -1 })).toThrow("'limit' must be a whole number ≥ 0 (got -1)");
    expect(() => c.query({ where: { a: { $nope: 1 } } })).toThrow("unknown operator '$nope'");
  });

  it('D13 a $or of 2,000 paths, a $and of 1,500 and an $in of 40,000 answer as runQuery does, without SQL', () => {
    const c = open();
    const paths = Array.from({ length: 40_000 }, (_, i) => (i % 1000 === 7 ? '/rules/combat' : `/none/${i}`));
    for (const where of [
      { $or: paths.slice(0, 2000).map((p) => ({ _path: p })) },
      { $and: paths.slice(0, 1500).map((p) => ({ _path: { $ne: p } })) },
      { _path: { $in: paths } },
      { title: { $in: paths } }, // a field read through json_extract
    ]) {
      expect(c.plan({ where }).filter).toEqual({ sql: '1', args: [], exact: false });
      expect(c.query({ where })).toEqual(runQuery(docs, { where }));
    }
    expect(c.plan({ where: { _path: { $in: paths.slice(0, 400) } } }).filter.exact).toBe(true); // narrower lists stay in SQL
  });

  it('D13 $regex in SQL runs on the linear-time matcher: ^(a+)+$ over a 31-character title answers', () => {
    const c = openContentDatabase(SQL, buildContentDatabase(SQL, { documents: [page('a', '/a', { title: 'a'.repeat(30) + '!' }), page('b', '/b', { title: 'a'.repeat(31) })], integrity: 't' }));
    expect(c.plan({ where: { _path: { $regex: '^(a+)+$' } } }).filter.sql).toContain('regexp(');
    expect((c.query({ where: { title: { $regex: '^(a+)+$' } }, only: '_path' }) as Doc[]).map((d) => d._path)).toEqual(['/b']);
    expect(c.query({ where: { _path: { $regex: '^/(a+)+$' } }, count: true })).toBe(1);
  });

  it('X2 index.ts exports exactly the public surface', () => {
    expect(Object.keys(db).sort()).toEqual([
      'CONTENT_DATABASE_FILE',
      'ContentDatabaseError',
      'FORMAT_VERSION',
      'INDEXED_FIELDS',
      'SCHEMA_SQL',
      'buildContentDatabase',
      'compileFilter',
      'isGzip',
      'navigationApiPath',
      'openContentDatabase',
      'parseContentApiPath',
      'planQuery',
      'queryApiPath',
      'queryApiPathOfHash',
      'unpackDatabaseFile',
    ]);
  });
});
