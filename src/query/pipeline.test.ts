import { describe, expect, it } from 'vitest';
import { runQuery, parseQueryParams, QueryError, type Doc } from '.';

const page = (stem: string, path: string, extra: Doc = {}): Doc => ({ _id: `content:${stem}.md`, _path: path, path, stem, locale: 'en', title: path, ...extra });
const docs: Doc[] = [
  page('1.rules/10.later', '/rules/later'),
  page('1.rules/2.combat', '/rules/combat', { body: { toc: [1, 2], text: 'x' }, meta: { a: 1, b: { c: 2, d: 3 } } }),
  page('1.rules/index', '/rules', { folder: '/rules' }),
  page('index', '/'),
  page('fr/1.rules/2.combat', '/fr/rules/combat', { locale: 'fr' }),
  page('1.rules/3.draft', '/rules/draft', { draft: true }),
];
const paths = (r: unknown) => (r as Doc[]).map((d) => (d === null ? null : d._path));
const dirConfigs = { '/rules': { title: 'Rules', navigation: { redirect: '/rules/combat' } }, '/': { title: 'Home' } };

describe('pipeline', () => {
  it('P1 where filters before anything else', () => {
    expect(paths(runQuery(docs, { where: { draft: true } }))).toEqual(['/rules/draft']);
    expect(runQuery(docs, { where: { draft: { $ne: true } }, count: true })).toBe(5);
  });

  it('P2 with configured locales the default locale is the filter unless the query names one', () => {
    const options = { locales: ['en', 'fr'], defaultLocale: 'en' };
    expect(runQuery(docs, { count: true }, options)).toBe(5);
    expect(paths(runQuery(docs, { locale: 'fr' }, options))).toEqual(['/fr/rules/combat']);
    expect(runQuery(docs, { count: true }, { locales: ['fr', 'en'] })).toBe(1); // default: the first locale
    expect(runQuery(docs, { count: true })).toBe(6); // no locales configured: no filter
    expect(runQuery(docs, { count: true, locale: 'fr' })).toBe(1); // an explicit locale always filters
    expect(runQuery(docs, { count: true }, { locales: [] })).toBe(6);
  });

  it('P3 results are sorted (default: stem order) before skip and limit', () => {
    expect(paths(runQuery(docs, { where: { locale: 'en' }, limit: 3 }))).toEqual(['/', '/rules', '/rules/combat']);
    expect(paths(runQuery(docs, { where: { locale: 'en' }, sort: { _path: -1 }, skip: 1, limit: 2 }))).toEqual(['/rules/draft', '/rules/combat']);
  });

  it('P4 surround returns before previous (nearest last) and after next documents, null where there is none', () => {
    const en = { where: { locale: 'en' } };
    expect(paths(runQuery(docs, { ...en, surround: { query: '/rules/combat' } }))).toEqual(['/rules', '/rules/draft']);
    expect(paths(runQuery(docs, { ...en, surround: { query: '/rules/combat', before: 2, after: 3 } }))).toEqual(['/', '/rules', '/rules/draft', '/rules/later', null]);
    expect(paths(runQuery(docs, { ...en, surround: { query: '/', before: 2, after: 0 } }))).toEqual([null, null]);
    expect(paths(runQuery(docs, { ...en, surround: { query: '/nowhere', before: 1, after: 2 } }))).toEqual([null, null, null]);
    expect(paths(runQuery(docs, { ...en, surround: { query: { title: '/rules/later' } } }))).toEqual(['/rules/draft', null]);
  });

  it('P4 surround ignores count, skip, limit and first but projects its entries', () => {
    const r = runQuery(docs, { where: { locale: 'en' }, surround: { query: '/rules' }, count: true, skip: 3, limit: 0, first: true, only: ['title'], dirConfig: true });
    expect(r).toEqual([{ title: '/' }, { title: '/rules/combat' }]);
    const withConfig = runQuery(docs, { where: { locale: 'en' }, surround: { query: '/rules' }, only: ['dirConfig.title'], dirConfig: true }, { dirConfigs });
    expect(withConfig).toEqual([{ dirConfig: { title: 'Home' } }, { dirConfig: { title: 'Rules' } }]);
  });

  it('P5 count is the number of matches, whatever skip and limit say', () => {
    expect(runQuery(docs, { where: { locale: 'en' }, count: true, skip: 2, limit: 1 })).toBe(5);
  });

  it('P6 skip drops the first results', () => {
    expect(paths(runQuery(docs, { skip: 5 }))).toEqual(['/fr/rules/combat']);
    expect(runQuery(docs, { skip: 50 })).toEqual([]);
  });

  it('P7 limit keeps at most that many results; 0 keeps none', () => {
    expect(runQuery(docs, { limit: 2 })).toHaveLength(2);
    expect(runQuery(docs, { limit: 0 })).toEqual([]);
    expect(runQuery(docs, { limit: 0, first: true })).toBeNull();
  });

  it("P8 dirConfig attaches the folder's configuration or null", () => {
    const r = runQuery(docs, { dirConfig: true, only: ['_path', 'dirConfig'], where: { locale: 'en' } }, { dirConfigs }) as Doc[];
    expect(r).toEqual([
      { _path: '/', dirConfig: { title: 'Home' } },
      { _path: '/rules', dirConfig: dirConfigs['/rules'] }, // index page: its own folder (folder field)
      { _path: '/rules/combat', dirConfig: dirConfigs['/rules'] },
      { _path: '/rules/draft', dirConfig: dirConfigs['/rules'] },
      { _path: '/rules/later', dirConfig: dirConfigs['/rules'] },
    ]);
    expect(runQuery([{ stem: 'x' }], { dirConfig: true, first: true }, { dirConfigs })).toEqual({ stem: 'x', dirConfig: null });
    expect(runQuery([{ _path: '/x/y' }], { dirConfig: true, first: true })).toEqual({ _path: '/x/y', dirConfig: null });
  });

  it('P9 without removes dot paths, nested ones too', () => {
    const r = runQuery(docs, { where: { _path: '/rules/combat' }, without: ['body', 'meta.b.c', 'nope.x', 'title.x'], first: true }) as Doc;
    expect(r.body).toBeUndefined();
    expect(r.meta).toEqual({ a: 1, b: { d: 3 } });
    expect(r.title).toBe('/rules/combat');
    expect(runQuery(docs, { where: { _path: '/' }, without: 'title', first: true })).not.toHaveProperty('title');
  });

  it('P10 only keeps the listed dot paths, nested as in the document', () => {
    const r = runQuery(docs, { where: { _path: '/rules/combat' }, only: ['title', 'meta.b.c', 'body.toc', 'missing', 'title.length'], first: true });
    expect(r).toEqual({ title: '/rules/combat', meta: { b: { c: 2 } }, body: { toc: [1, 2] } });
    expect(runQuery(docs, { where: { _path: '/rules/combat' }, only: ['meta.b.c', 'meta'], first: true })).toEqual({ meta: { a: 1, b: { c: 2, d: 3 } } });
    expect(runQuery(docs, { where: { _path: '/' }, only: [], first: true })).toEqual(docs[3]);
  });

  it('P9 P10 without applies before only', () => {
    expect(runQuery(docs, { where: { _path: '/rules/combat' }, without: 'meta.b', only: ['meta'], first: true })).toEqual({ meta: { a: 1 } });
  });

  // nuxt/content v2's own case: records with id, name and _deleted (test/features/query/query.test.ts).
  const records: Doc[] = [
    { id: 1, name: 'a', _deleted: false, to: 'a', $meta: { x: 1 }, nested: { _inner: 1, keep: 2 } },
    { id: 2, name: 'b', _deleted: true, to: 'b', category: 'c1' },
  ];

  it("P13 only: '_' keeps every top-level key starting with '_', beside the listed paths", () => {
    const r = runQuery(records, { where: { id: { $in: [1, 2] } }, only: ['name', 'id', '_'], sort: { id: 1 } }) as Doc[];
    expect(r).toEqual([{ id: 1, name: 'a', _deleted: false }, { id: 2, name: 'b', _deleted: true }]);
    expect(runQuery(records, { only: '$', first: true, sort: { id: 1 } })).toEqual({ $meta: { x: 1 } });
    expect(runQuery(records, { only: ['_', '$'], first: true, sort: { id: 1 } })).toEqual({ _deleted: false, $meta: { x: 1 } });
  });

  it("P13 without: '_' drops every top-level key starting with '_'; deeper keys are not touched", () => {
    const [first] = runQuery(records, { where: { id: { $in: [1, 2] } }, without: ['name', '_'], sort: { id: 1 } }) as Doc[];
    expect(first).toEqual({ id: 1, to: 'a', $meta: { x: 1 }, nested: { _inner: 1, keep: 2 } });
    expect(runQuery(records, { without: ['$', '_'], first: true, sort: { id: 1 } })).toEqual({ id: 1, name: 'a', to: 'a', nested: { _inner: 1, keep: 2 } });
  });

  it("P13 only '_' or '$' as a whole path is a wildcard: 'nested._inner' and '_x' stay dot paths", () => {
    expect(runQuery(records, { only: ['nested._inner', '_x'], first: true, sort: { id: 1 } })).toEqual({ nested: { _inner: 1 } });
    expect(runQuery(records, { without: ['nested._'], first: true, sort: { id: 1 } })).toHaveProperty('nested', { _inner: 1, keep: 2 });
    expect(runQuery([{ _: 1, a: 2 }], { only: '_', first: true })).toEqual({ _: 1 });
  });

  it('P11 first returns the first result or null', () => {
    expect(runQuery(docs, { first: true, only: '_path' })).toEqual({ _path: '/' });
    expect(runQuery(docs, { where: { _path: '/none' }, first: true })).toBeNull();
    expect(runQuery(docs, { first: true, skip: 1, only: '_path' })).toEqual({ _path: '/rules' });
  });

  it('P12 input documents are never mutated', () => {
    const snapshot = JSON.stringify(docs);
    runQuery(docs, { dirConfig: true, without: ['meta.b.c', 'body'], only: ['meta.b', 'title'], sort: { title: -1 } }, { dirConfigs });
    runQuery(docs, { surround: { query: '/rules' }, dirConfig: true, without: 'meta.b.d' }, { dirConfigs });
    expect(JSON.stringify(docs)).toBe(snapshot);
  });
});

describe('parameters', () => {
  const fail = (params: unknown): QueryError => {
    try {
      parseQueryParams(params);
    } catch (e) {
      expect(e).toBeInstanceOf(QueryError);
      return e as QueryError;
    }
    throw new Error('accepted');
  };

  it('V1 unknown parameters are named; nothing means no parameters', () => {
    const e = fail({ limit: 1, wher: {} });
    expect(e.parameter).toBe('wher');
    expect(e.message).toBe("unknown query parameter 'wher' (known: where, only, without, sort, limit, skip, first, count, surround, locale, dirConfig)");
    expect(parseQueryParams(undefined)).toEqual({});
    expect(parseQueryParams(null)).toEqual({});
    expect(fail([]).message).toBe('query parameters must be an object (got [])');
  });

  it('V2 single values normalise to lists', () => {
    expect(parseQueryParams({ where: { a: 1 }, only: 'a', without: 'b', sort: { a: 1 } })).toEqual({ where: [{ a: 1 }], only: ['a'], without: ['b'], sort: [{ a: 1 }] });
    expect(parseQueryParams({ surround: { query: '/a' } })).toEqual({ surround: { query: '/a', before: 1, after: 1 } });
  });

  it('V3 invalid values are QueryErrors naming the parameter and quoting the value', () => {
    const cases: [unknown, string, string][] = [
      [{ limit: -1 }, 'limit', "'limit' must be a whole number ≥ 0 (got -1)"],
      [{ limit: 1.5 }, 'limit', "'limit' must be a whole number ≥ 0 (got 1.5)"],
      [{ skip: '2' }, 'skip', '\'skip\' must be a whole number ≥ 0 (got "2")'],
      [{ first: 'yes' }, 'first', '\'first\' must be true or false (got "yes")'],
      [{ count: 1 }, 'count', "'count' must be true or false (got 1)"],
      [{ dirConfig: null }, 'dirConfig', "'dirConfig' must be true or false (got null)"],
      [{ only: [1] }, 'only', "'only' must be a dot path or a list of dot paths (got [1])"],
      [{ without: {} }, 'without', "'without' must be a dot path or a list of dot paths (got {})"],
      [{ where: 'draft' }, 'where', '\'where\' must be a condition object or a list of them (got "draft")'],
      [{ locale: 1 }, 'locale', "'locale' must be a string such as 'en' (got 1)"],
      [{ surround: '/a' }, 'surround', '\'surround\' must be an object such as {"query": "/rules/combat"} (got "/a")'],
      [{ surround: { query: '/a', before: -2 } }, 'surround', "'surround.before' must be a whole number ≥ 0 (got -2)"],
      [{ surround: { query: '/a', around: 1 } }, 'surround', "'surround': unknown key 'around' (known: query, before, after)"],
    ];
    for (const [params, parameter, message] of cases) {
      const e = fail(params);
      expect([e.parameter, e.message]).toEqual([parameter, message]);
      expect(String(e)).toBe(`QueryError: ${message}`);
    }
  });

  it('V4 undefined values in where are refused: JSON cannot carry them', () => {
    expect(fail({ where: { a: undefined } }).message).toBe('\'where\' has no value at \'0.a\' (use {"$exists": false} for missing fields)');
    expect(fail({ where: [{ a: { $in: [1, undefined] } }] }).message).toContain("no value at '0.a.$in.1'");
    expect(fail({ surround: { query: { b: undefined } } }).parameter).toBe('surround');
  });

  it('V4 problems deep inside where are found without any document', () => {
    expect(fail({ where: [{ a: 1 }, { $or: [{ b: { $regex: '*' } }] }] }).message).toContain('$regex pattern "*" is not a valid regular expression');
  });
});
