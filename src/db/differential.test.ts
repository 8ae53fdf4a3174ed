/**
 * D1: the content database returns exactly what the reference runQuery
 * returns, for random documents and random queries (SPEC.md D1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { runQuery, type QueryOptions } from '../query';
import { buildContentDatabase, openContentDatabase } from '.';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await initSqlJs();
});

const STRINGS = ['', 'a', 'A', 'b', 'B', 'ab', 'Ab', '2', '10', '1.5', 'alpha', 'Alpha', 'beta', 'é', 'É', 'zeta', 'x y', '/a', '1.a/10.b', 'Ünïcode', '\uE000', '😀'];
const STEMS = ['1.a/😀', '1.a/\uE000', 'index', '1.a/index', '1.a/2.c', '1.a/10.b', '1.a/2.c/1.d', '2.b', '10.c', '10.c/1.x', 'a', 'a/index', 'b/2', 'b/10'];
const PATHS = ['/😀', '/\uE000', '/', '/a', '/a/c', '/a/b', '/b', '/c', '/c/x', '/a/c/d'];

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom(1.5, -0.5, 100),
  fc.constantFrom(...STRINGS),
  fc.constantFrom(...STEMS, ...PATHS, 'en', 'fr'),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('x', 'y'), scalar, { maxKeys: 2 }) });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

/** Mostly the usual kind of value, sometimes another scalar or a list that holds usual values. */
const irregular = <T>(usual: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 8, arbitrary: usual }, { weight: 1, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(fc.oneof(usual, scalar), { minLength: 1, maxLength: 3 }) });

const docArb = fc.record(
  {
    stem: irregular(fc.constantFrom(...STEMS)),
    _path: irregular(fc.constantFrom(...PATHS)),
    locale: irregular(fc.constantFrom('en', 'fr')),
    draft: irregular(fc.boolean()),
    folder: irregular(fc.constantFrom('/', '/a', '/zz')),
    title: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...STRINGS) }, { weight: 1, arbitrary: value }),
    n: value,
    tags: fc.array(scalar, { maxLength: 4 }),
    nested: fc.record({ users: fc.array(fc.constantFrom(...STRINGS), { maxLength: 3 }), x: value, deep: fc.record({ y: scalar }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const docsArb = fc.array(docArb, { maxLength: 14 }).map((docs) => docs.map((d, i) => ({ _id: `content:${i}.md`, ...d })));

const FIELDS = ['title', 'n', 'tags', 'tags.1', 'nested', 'nested.users.0', 'nested.x', 'nested.x.y', 'nested.deep.y', 'stem', '_path', 'locale', 'draft', '_id', 'missing', 'folder'];
const field = fc.constantFrom(...FIELDS);
const operand = fc.oneof(scalar, fc.constantFrom(...STRINGS));

const { expr } = fc.letrec<{ expr: unknown }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(scalar, { maxLength: 2 }),
    fc.record({ $eq: value }),
    fc.record({ $ne: scalar }),
    fc.record({ $in: fc.oneof(scalar, fc.array(scalar, { maxLength: 4 })) }),
    fc.record({ $contains: fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }), fc.dictionary(fc.constantFrom('x', 'y'), scalar, { maxKeys: 2 })) }),
    fc.record({ $match: fc.dictionary(fc.constantFrom('x', 'y', 'users', 'users.0', 'deep.y', '0'), fc.oneof(scalar, fc.record({ $exists: fc.boolean() }), fc.record({ $regex: fc.constantFrom('^a', '/A/i') })), { maxKeys: 2 }) }),
    fc.record({ $icontains: fc.constantFrom(...STRINGS) }),
    fc.record({ $containsAny: fc.array(operand, { maxLength: 3 }) }),
    fc.record({ $exists: fc.boolean() }),
    fc.record({ $type: fc.constantFrom('string', 'number', 'boolean', 'object', 'undefined') }),
    fc.record({ $regex: fc.constantFrom('^a', '/A/i', '1', '^/a', '\\d', '/^b$/gi', 'é', '^$') }),
    fc.record({ $gt: fc.oneof(fc.integer({ min: -2, max: 11 }), fc.constantFrom(...STRINGS)) }),
    fc.record({ $gte: fc.oneof(fc.integer({ min: -2, max: 11 }), fc.constantFrom(...STRINGS)) }),
    fc.record({ $lt: fc.oneof(fc.integer({ min: -2, max: 11 }), fc.constantFrom(...STRINGS)) }),
    fc.record({ $lte: fc.oneof(fc.integer({ min: -2, max: 11 }), fc.constantFrom(...STRINGS)) }),
    fc.record({ $not: tie('expr') }),
    fc.record({ $and: fc.array(tie('expr'), { maxLength: 2 }) }),
    fc.record({ $or: fc.array(tie('expr'), { maxLength: 2 }) }),
  ),
}));

const { condition } = fc.letrec<{ condition: Record<string, unknown> }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.dictionary(field, expr, { minKeys: 1, maxKeys: 2 }),
    fc.record({ $and: fc.array(tie('condition'), { maxLength: 2 }) }),
    fc.record({ $or: fc.array(tie('condition'), { maxLength: 2 }) }),
    fc.record({ $not: tie('condition') }),
  ),
}));

const sortObject = fc
  .tuple(
    fc.uniqueArray(field, { minLength: 1, maxLength: 2 }),
    fc.array(fc.constantFrom(1 as const, -1 as const), { minLength: 2, maxLength: 2 }),
    fc.record({ $numeric: fc.boolean(), $sensitivity: fc.constantFrom('base', 'accent', 'case', 'variant'), $caseFirst: fc.constantFrom('upper', 'lower', 'false'), $locale: fc.constantFrom('en', 'fr', 'sv') }, { requiredKeys: [] }),
  )
  .map(([fields, dirs, options]) => ({ ...Object.fromEntries(fields.map((f, i) => [f, dirs[i]])), ...options }));

const paths = fc.oneof(fc.constantFrom(...FIELDS, 'nested.users', 'dirConfig', 'dirConfig.title', '_', '$'), fc.uniqueArray(fc.constantFrom(...FIELDS, 'dirConfig', '_', '$'), { maxLength: 3 }));

/** A parameter present `percent` % of the time. */
const sometimes = <T>(percent: number, arb: fc.Arbitrary<T>) => fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(undefined) }, { weight: percent, arbitrary: arb });

const queryArb = fc
  .record({
    where: sometimes(60, fc.oneof(condition, fc.array(condition, { maxLength: 3 }))),
    sort: sometimes(50, fc.oneof(sortObject, fc.array(sortObject, { maxLength: 2 }))),
    skip: sometimes(20, fc.integer({ min: 0, max: 4 })),
    limit: sometimes(30, fc.integer({ min: 0, max: 5 })),
    first: sometimes(10, fc.boolean()),
    count: sometimes(10, fc.boolean()),
    only: sometimes(25, paths),
    without: sometimes(20, paths),
    surround: sometimes(15, fc.record({ query: fc.oneof(fc.constantFrom(...PATHS), condition), before: fc.integer({ min: 0, max: 2 }), after: fc.integer({ min: 0, max: 2 }) }, { requiredKeys: ['query'] })),
    locale: sometimes(15, fc.constantFrom('en', 'fr', 'de')),
    dirConfig: sometimes(30, fc.boolean()),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)));
const queries = fc.array(queryArb, { minLength: 1, maxLength: 6 });

const optionsArb = fc.constantFrom<Pick<QueryOptions, 'locales' | 'defaultLocale'>>({}, { locales: ['en', 'fr'], defaultLocale: 'en' }, { locales: ['fr', 'en'] }, { locales: [] });

const dirConfigs = { '/': { title: 'Root' }, '/a': { title: 'A', navigation: { redirect: '/a/c' } } };

function outcome(f: () => unknown): unknown {
  try {
    return { ok: f() };
  } catch (e) {
    return { error: (e as Error).name, message: (e as Error).message };
  }
}

describe('content database against the reference runQuery', () => {
  it('D1 query(q) deep-equals runQuery(docs, q) for random documents and queries', () => {
    fc.assert(
      fc.property(docsArb, queries, optionsArb, (docs, qs, options) => {
        const bytes = buildContentDatabase(SQL, { documents: docs, dirConfigs, integrity: 'test' });
        const db = openContentDatabase(SQL, bytes, options);
        try {
          for (const q of qs) {
            const expected = outcome(() => runQuery(docs, q, { ...options, dirConfigs }));
            const actual = outcome(() => db.query(q));
            expect(actual).toEqual(expected);
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 400 },
    );
  });

  // Indexed fields from small pools, conditions only on them: the SQL filters decide a lot here.
  const FAST_STEMS = ['index', '1.a/index', '1.a/2.c', '1.a/10.b', '2.b', '1.a/😀', '1.a/\uE000'];
  const FAST_PATHS = ['/', '/a', '/a/c', '/b', '/😀', '/\uE000'];
  const fastValue = fc.constantFrom<unknown>(...FAST_STEMS, ...FAST_PATHS, '/a', '/b', 'en', 'fr', true, false, 1, 'a');
  const simpleExpr = fc.oneof(
    fastValue,
    fc.record({ $eq: fastValue }),
    fc.record({ $in: fc.oneof(fastValue, fc.array(fastValue, { maxLength: 3 })) }),
    fc.record({ $ne: fastValue }),
    fc.record({ $gt: fastValue.filter((v) => typeof v === 'string' || typeof v === 'number') }),
    fc.record({ $gte: fastValue.filter((v) => typeof v === 'string' || typeof v === 'number') }),
    fc.record({ $lt: fastValue.filter((v) => typeof v === 'string' || typeof v === 'number') }),
    fc.record({ $lte: fastValue.filter((v) => typeof v === 'string' || typeof v === 'number') }),
    fc.record({ $regex: fc.constantFrom('^/a', '/C/i', '\\d', '😀$') }),
    fc.record({ $contains: fc.constantFrom<unknown>('a', '/', ['1', 'a'], 2, true) }),
    fc.record({ $exists: fc.boolean() }),
    fc.record({ $type: fc.constantFrom('string', 'boolean', 'object') }),
    fc.record({ $not: fc.record({ $in: fc.array(fastValue, { maxLength: 2 }) }) }),
  );
  const fastCondition = fc.dictionary(fc.constantFrom('_path', 'stem', 'locale', 'draft', '_id', 'folder'), simpleExpr, { minKeys: 1, maxKeys: 2 });
  const fastQuery = fc
    .record({
      where: sometimes(80, fc.oneof(fastCondition, fc.record({ $or: fc.array(fastCondition, { maxLength: 2 }) }), fc.record({ $not: fastCondition }))),
      skip: sometimes(30, fc.integer({ min: 0, max: 3 })),
      limit: sometimes(40, fc.integer({ min: 0, max: 4 })),
      first: sometimes(15, fc.boolean()),
      count: sometimes(15, fc.boolean()),
      surround: sometimes(20, fc.record({ query: fc.constantFrom(...FAST_PATHS), before: fc.integer({ min: 0, max: 2 }), after: fc.integer({ min: 0, max: 2 }) })),
      only: sometimes(20, fc.constantFrom(['_path'], ['stem', 'dirConfig'])),
      dirConfig: sometimes(30, fc.boolean()),
      locale: sometimes(20, fc.constantFrom('en', 'fr')),
    })
    .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)));
  const fastDoc = (wrap: <T>(a: fc.Arbitrary<T>) => fc.Arbitrary<unknown>) =>
    fc.record({
      stem: wrap(fc.constantFrom(...FAST_STEMS)),
      _path: wrap(fc.constantFrom(...FAST_PATHS)),
      locale: wrap(fc.constantFrom('en', 'fr')),
      draft: wrap(fc.boolean()),
      folder: wrap(fc.constantFrom('/', '/a', '/b')),
      title: fc.constantFrom(...STRINGS),
    });
  const fastDocs = (wrap: <T>(a: fc.Arbitrary<T>) => fc.Arbitrary<unknown>) =>
    fc.array(fastDoc(wrap), { maxLength: 16 }).map((docs) => docs.map((d, i) => ({ _id: FAST_PATHS[i % 3] + String(i), ...d })));

  function agreeOnFastQueries(docsArb: fc.Arbitrary<Record<string, unknown>[]>): number {
    let fast = 0;
    fc.assert(
      fc.property(docsArb, fc.array(fastQuery, { minLength: 1, maxLength: 6 }), optionsArb, (docs, qs, options) => {
        const db = openContentDatabase(SQL, buildContentDatabase(SQL, { documents: docs, dirConfigs, integrity: 'test' }), options);
        try {
          for (const q of qs) {
            if (db.plan(q).kind !== 'scan') fast++;
            expect(outcome(() => db.query(q))).toEqual(outcome(() => runQuery(docs, q, { ...options, dirConfigs })));
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 300 },
    );
    return fast;
  }

  it('D2 content-like documents (string stems, paths and locales) take the SQL fast paths and still agree', () => {
    expect(agreeOnFastQueries(fastDocs((a) => a))).toBeGreaterThan(300);
  });

  it('D3 indexed fields that are sometimes lists or other types still agree', () => {
    agreeOnFastQueries(fastDocs((a) => fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(a, { minLength: 1, maxLength: 2 }) })));
  });

  it('D12 cold queries, pre-filtered through json_extract, agree on fields that are lists, objects, nulls or missing', () => {
    const pool = fc.constantFrom<unknown>('x', 'y', 'X', '😀', true, false, 1, 0, null);
    const field = (a: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: fc.array(a, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.record({ x: a }) });
    const doc = fc.record({ kind: field(pool), meta: fc.record({ tag: field(pool), 'odd key': pool }, { requiredKeys: [] }), stem: fc.constantFrom(...STEMS) }, { requiredKeys: ['stem'] });
    const docs = fc.array(doc, { maxLength: 12 }).map((ds) => ds.map((d, i) => ({ _id: String(i), ...d })));
    const expr = fc.oneof(
      pool,
      fc.record({ $eq: pool }),
      fc.record({ $in: fc.oneof(pool, fc.array(pool, { maxLength: 3 })) }),
      fc.record({ $exists: fc.boolean() }),
      fc.record({ $regex: fc.constantFrom('^x', '/x/i', '😀', '^$') }),
      fc.record({ $ne: pool }),
    );
    const where = fc.dictionary(fc.constantFrom('kind', 'meta.tag', 'meta', 'meta.odd key', 'kind.x', 'kind.0'), expr, { minKeys: 1, maxKeys: 2 });
    const q = fc.record({ where, count: sometimes(20, fc.boolean()), sort: sometimes(30, fc.constant({ kind: -1 as const })) }).map((x) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined)));
    fc.assert(
      fc.property(docs, q, (ds, query) => {
        const db = openContentDatabase(SQL, buildContentDatabase(SQL, { documents: ds, integrity: 'test' }));
        try {
          expect(outcome(() => db.query(query))).toEqual(outcome(() => runQuery(ds, query)));
        } finally {
          db.close();
        }
      }),
      { numRuns: 300 },
    );
  });
});
