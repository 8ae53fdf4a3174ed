/**
 * Reads a content database (browser and Node alike, through sql.js). `query`
 * returns exactly what the reference `runQuery` returns over all documents.
 */
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { compileRegex, finishQuery, matcherFor, surroundOf, parseQueryParams, projectDocument, runQuery, type Doc, type QueryOptions, type QueryParams, type QueryParamsInput, type QueryResult } from '../query';
import { compileFilter, planQuery, type QueryPlan, type RegularColumns, type SqlFilter } from './compile';
import { FORMAT_VERSION, INDEXED_FIELDS, type ContentMeta, type IndexedColumn } from './schema';
import { unpackBody, type PackedBody } from './packedBody';

export interface ContentDatabase {
  /** Runs a query; throws QueryError on invalid parameters. */
  query(params: QueryParamsInput | unknown): QueryResult;
  /** The plan `query` uses (count, page and surround run in SQL); a scan may add json_extract pre-filters while documents are unparsed. */
  plan(params: QueryParamsInput | unknown): QueryPlan;
  /** The navigation tree of a locale (default: the default locale, else the only/first one), or null. */
  navigation(locale?: string): unknown;
  dirConfigs(): Record<string, unknown>;
  /** A catalogue's entries in their original order ([] when there is no such catalogue). */
  catalogue(name: string): Record<string, unknown>[];
  /** A search file by name (`main`: the index manifest), or null. */
  search(name: string): string | null;
  meta(): ContentMeta;
  close(): void;
}

export type ContentDatabaseOptions = Pick<QueryOptions, 'defaultLocale' | 'locales'>;

/** Thrown when the bytes are not a content database this code can read. */
export class ContentDatabaseError extends Error {
  override readonly name = 'ContentDatabaseError';
}

function rows(db: Database, sql: string, args: SqlValue[] = []): SqlValue[][] {
  const st = db.prepare(sql);
  try {
    st.bind(args);
    const out: SqlValue[][] = [];
    while (st.step()) out.push(st.get());
    return out;
  } finally {
    st.free();
  }
}

function readMeta(db: Database): ContentMeta {
  let entries: SqlValue[][];
  try {
    entries = rows(db, 'SELECT key, value FROM meta');
  } catch {
    throw new ContentDatabaseError('This file is not a Nucleus content database (it has no meta table).');
  }
  const m = new Map(entries.map(([k, v]) => [String(k), String(v)]));
  const version = m.get('formatVersion');
  if (version !== String(FORMAT_VERSION)) {
    throw new ContentDatabaseError(
      version === undefined
        ? 'This file is not a Nucleus content database (it has no format version).'
        : `This content database has format version ${version}, but this version of Nucleus reads only version ${FORMAT_VERSION}; rebuild the site to get a matching database.`,
    );
  }
  const known = new Set<string>(Object.values(INDEXED_FIELDS));
  const regular = (JSON.parse(m.get('regular') ?? '[]') as string[]).filter((c): c is IndexedColumn => known.has(c));
  return { integrity: m.get('integrity') ?? '', formatVersion: FORMAT_VERSION, builtFrom: m.get('builtFrom') ?? '', regular };
}

/** Opens database bytes built by `buildContentDatabase`; refuses unknown format versions. */
export function openContentDatabase(SQL: SqlJsStatic, bytes: Uint8Array, options: ContentDatabaseOptions = {}): ContentDatabase {
  let db: Database;
  try {
    db = new SQL.Database(bytes);
  } catch {
    throw new ContentDatabaseError('This file is not a Nucleus content database (it is not an SQLite file).');
  }
  let meta: ContentMeta;
  try {
    meta = readMeta(db);
  } catch (e) {
    db.close();
    if (e instanceof ContentDatabaseError) throw e;
    throw new ContentDatabaseError('This file is not a Nucleus content database (it is not an SQLite file).');
  }
  const regular: RegularColumns = new Set(meta.regular);

  // The same linear-time matcher as the reference engine (which keeps the compiled
  // patterns); they were checked when the query was parsed.
  db.create_function('regexp', (pattern: string, flags: string, value: unknown) => (typeof value === 'string' && compileRegex(pattern, flags)(value) ? 1 : 0));

  const dirConfigs: Record<string, unknown> = {};
  for (const [folder, data] of rows(db, 'SELECT folder, data FROM dir_configs')) dirConfigs[String(folder)] = JSON.parse(String(data));
  const queryOptions: QueryOptions = { ...options, dirConfigs };

  // Parsed documents by input position: each document's JSON is read and parsed once.
  const parsed = new Map<number, Doc>();
  const ordsOf = (sql: string, args: SqlValue[]): number[] => rows(db, sql, args).map(([ord]) => Number(ord));
  const load = (ords: number[]): Doc[] => {
    const missing = ords.filter((o) => !parsed.has(o));
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      for (const [ord, data, body] of rows(db, `SELECT ord, data, body FROM documents WHERE ord IN (${chunk.map(() => '?').join(', ')})`, chunk)) {
        const doc = JSON.parse(String(data)) as Doc;
        // A packed body goes back in the place its 0 kept (writer.ts).
        if (body !== null) doc.body = unpackBody(JSON.parse(String(body)) as PackedBody);
        parsed.set(Number(ord), doc);
      }
    }
    return ords.map((o) => parsed.get(o)!);
  };
  const docs = (sql: string, args: SqlValue[]): Doc[] => load(ordsOf(sql, args));

  /**
   * Candidates of a scan in `order`: the indexed filter alone when at most a
   * quarter of its rows still need parsing (the reference matcher over parsed
   * documents is faster than SQLite re-reading every JSON text); else the
   * filter with json_extract pre-filters, so fewer rows are parsed.
   */
  const candidates = (params: QueryParams, filter: SqlFilter, order: string): Doc[] => {
    const ords = ordsOf(`SELECT ord FROM documents WHERE ${filter.sql} ORDER BY ${order}`, filter.args);
    const unparsed = ords.reduce((n, o) => (parsed.has(o) ? n : n + 1), 0);
    if (unparsed * 4 <= ords.length) return load(ords);
    const withJson = compileFilter(params, regular, queryOptions, { json: true });
    if (withJson.sql === filter.sql) return load(ords);
    return docs(`SELECT ord FROM documents WHERE ${withJson.sql} ORDER BY ${order}`, withJson.args);
  };

  const run = (params: QueryParams): QueryResult => {
    const plan = planQuery(params, regular, queryOptions, { json: false });
    const where = plan.filter.sql;
    const args = plan.filter.args;
    switch (plan.kind) {
      case 'count':
        return Number(rows(db, `SELECT count(*) FROM documents WHERE ${where}`, args)[0]![0]);
      case 'page':
        return finishQuery(docs(`SELECT ord FROM documents WHERE ${where} ORDER BY stem_rank LIMIT ? OFFSET ?`, [...args, plan.limit, plan.offset]), { ...params, skip: 0, limit: undefined }, queryOptions);
      case 'surround': {
        const found = rows(db, `SELECT stem_rank FROM documents WHERE (${where}) AND path = ? ORDER BY stem_rank LIMIT 1`, [...args, plan.path]);
        const out: (Doc | null)[] = new Array(plan.before + plan.after).fill(null);
        if (!found.length) return out;
        const rank = Number(found[0]![0]);
        const before = docs(`SELECT ord FROM documents WHERE (${where}) AND stem_rank < ? ORDER BY stem_rank DESC LIMIT ?`, [...args, rank, plan.before]);
        const after = docs(`SELECT ord FROM documents WHERE (${where}) AND stem_rank > ? ORDER BY stem_rank LIMIT ?`, [...args, rank, plan.after]);
        before.forEach((d, i) => (out[plan.before - 1 - i] = projectDocument(d, params, queryOptions)));
        after.forEach((d, i) => (out[plan.before + i] = projectDocument(d, params, queryOptions)));
        return out;
      }
      case 'scan': {
        if (params.sort?.length) return runQuery(candidates(params, plan.filter, 'ord'), params, queryOptions);
        // Default order: stem_rank is already the stable stem order, so filtering keeps it sorted.
        const sorted = candidates(params, plan.filter, 'stem_rank').filter(matcherFor(params, queryOptions));
        if (params.surround) return surroundOf(sorted, params, queryOptions);
        if (params.count) return sorted.length;
        return finishQuery(sorted, params, queryOptions);
      }
    }
  };

  return {
    plan: (input) => planQuery(parseQueryParams(input), regular, queryOptions, { json: false }),
    query: (input) => run(parseQueryParams(input)),
    navigation(locale) {
      const wanted = locale ?? options.defaultLocale;
      const found = wanted === undefined ? rows(db, 'SELECT data FROM navigation ORDER BY locale LIMIT 1') : rows(db, 'SELECT data FROM navigation WHERE locale = ?', [wanted]);
      return found.length ? JSON.parse(String(found[0]![0])) : null;
    },
    dirConfigs: () => structuredClone(dirConfigs),
    catalogue: (name) => rows(db, 'SELECT data FROM catalogues WHERE name = ? ORDER BY ord', [name]).map(([d]) => JSON.parse(String(d)) as Record<string, unknown>),
    search(name) {
      const found = rows(db, 'SELECT data FROM search WHERE name = ?', [name]);
      return found.length ? String(found[0]![0]) : null;
    },
    meta: () => ({ ...meta, regular: [...meta.regular] }),
    close: () => db.close(),
  };
}
