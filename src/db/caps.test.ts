/**
 * L7: the table of query caps in docs/security.md is the code's. Each row's
 * value is the constant's; every constant has a row; and one over a cap that
 * refuses is a QueryError naming the parameter in runQuery and the content
 * database alike, while a database cap answers the same as runQuery.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import initSqlJs from 'sql.js';
import { expect, it } from 'vitest';
import { QUERY_LIMITS, QueryError, REGEX_LIMITS, runQuery, type Doc } from '../query';
import { buildContentDatabase, openContentDatabase } from '.';
import { MAX_FILTER_ARGS, MAX_FILTER_SQL } from './compile';

const doc = readFileSync(resolve(__dirname, '../../docs/security.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Query limits'));
const rows = [...section.matchAll(/^\| `([A-Za-z_.]+)` \| (\d+) \| (refused|answered the same): /gm)].map(([, name, value, over]) => ({ name: name!, value: Number(value), refuses: over === 'refused' }));

const constants: Record<string, number> = {
  ...Object.fromEntries(Object.entries(QUERY_LIMITS).map(([k, v]) => [`QUERY_LIMITS.${k}`, v])),
  ...Object.fromEntries(Object.entries(REGEX_LIMITS).map(([k, v]) => [`REGEX_LIMITS.${k}`, v])),
  MAX_FILTER_SQL,
  MAX_FILTER_ARGS,
};

const list = (n: number, f: (i: number) => unknown = (i) => `/none/${i}`) => Array.from({ length: n }, (_, i) => f(i));
/** A condition `levels` levels of objects and lists deep. */
const nest = (levels: number): unknown => (levels === 1 ? { body: 'x' } : { $and: [nest(levels - 2)] });
/** A $or of `n` paths, '/a' first: 16 characters of SQL each. */
const paths = (n: number) => ({ where: { $or: list(n, (i) => ({ _path: i ? `/${i}` : '/a' })) } });

/** For each cap, parameters just at it and just over it, and the parameter an error must name. */
const probes: Record<string, { at: unknown; over: unknown; parameter?: string }> = {
  'QUERY_LIMITS.depth': { at: { where: nest(63) }, over: { where: nest(65) }, parameter: 'where' },
  // The condition, its operator object and the list count too.
  'QUERY_LIMITS.values': { at: { where: { _path: { $in: list(99_997) } } }, over: { where: { _path: { $in: list(99_998) } } }, parameter: 'where' },
  'QUERY_LIMITS.surround': { at: { surround: { query: '/a', after: 1000 } }, over: { surround: { query: '/a', after: 1001 } }, parameter: 'surround' },
  'QUERY_LIMITS.paths': { at: { without: list(1000, (i) => `f${i}`) }, over: { without: list(1001, (i) => `f${i}`) }, parameter: 'without' },
  'QUERY_LIMITS.sortKeys': { at: { sort: list(100, (i) => ({ [`f${i}`]: 1 })) }, over: { sort: list(101, (i) => ({ [`f${i}`]: 1 })) }, parameter: 'sort' },
  'REGEX_LIMITS.length': { at: { where: { _path: { $regex: 'a'.repeat(256) } } }, over: { where: { _path: { $regex: 'a'.repeat(257) } } }, parameter: 'where' },
  'REGEX_LIMITS.repeat': { at: { where: { _path: { $regex: '(?:a{2}){200}' } } }, over: { where: { _path: { $regex: '(?:a{2}){501}' } } }, parameter: 'where' },
  'REGEX_LIMITS.program': { at: { where: { _path: { $regex: 'a{498}' } } }, over: { where: { _path: { $regex: 'a{499}' } } }, parameter: 'where' },
  'REGEX_LIMITS.total': {
    at: { where: { $or: [{ _path: { $regex: 'a{498}' } }, { title: { $regex: 'a{498}' } }] } },
    over: { where: { $or: [{ _path: { $regex: 'a{498}' } }, { title: { $regex: 'a{498}' } }, { body: { $regex: 'a{10}' } }] } },
    parameter: 'where',
  },
  // Long and wide filters leave SQL: the same answer, read from every row.
  MAX_FILTER_SQL: { at: paths(250), over: paths(251) },
  MAX_FILTER_ARGS: { at: { where: { _path: { $in: ['/a', ...list(499)] } } }, over: { where: { _path: { $in: ['/a', ...list(500)] } } } },
};

const docs: Doc[] = ['a', 'b', 'c'].map((n, i) => ({ _id: `content:${n}.md`, _path: `/${n}`, stem: n, title: n.toUpperCase(), body: 'x', order: i }));

function answer(run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    if (e instanceof QueryError) return { error: e.parameter, message: e.message };
    throw e;
  }
}

it('L7 docs/security.md lists every query cap of src/query and src/db, each with the value of the code', () => {
  expect(rows.length).toBeGreaterThan(0);
  expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual(constants);
  expect(Object.keys(probes).sort()).toEqual(Object.keys(constants).sort());
});

it('L7 each cap holds as the table says: at it a result, over it a QueryError naming the parameter, or the same answer by another path', async () => {
  const SQL = await initSqlJs();
  const db = openContentDatabase(SQL, buildContentDatabase(SQL, { documents: docs, integrity: 'caps' }));
  for (const row of rows) {
    const probe = probes[row.name]!;
    const at = answer(() => runQuery(docs, probe.at));
    expect(at, `${row.name} at the cap`).not.toHaveProperty('error');
    expect(answer(() => db.query(probe.at)), `${row.name} at the cap, database`).toEqual(at);
    const over = answer(() => runQuery(docs, probe.over));
    if (row.refuses) expect(over, `${row.name} over the cap`).toMatchObject({ error: probe.parameter });
    else expect(over, `${row.name} over the cap`).not.toHaveProperty('error');
    expect(answer(() => db.query(probe.over)), `${row.name} over the cap, database`).toEqual(over);
  }
  for (const name of ['MAX_FILTER_SQL', 'MAX_FILTER_ARGS']) {
    expect(db.plan(probes[name]!.at as object).filter.exact, `${name} at the cap stays in SQL`).toBe(true);
    expect(db.plan(probes[name]!.over as object).filter.exact, `${name} over the cap leaves SQL`).toBe(false);
  }
});
