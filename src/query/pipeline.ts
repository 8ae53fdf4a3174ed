/**
 * The reference implementation: `runQuery` over an array of documents, in the
 * order of nuxt/content v2's pipeline (SPEC.md P1–P10). Every other way of
 * running a query (the content database) must return exactly what this returns.
 */
import { compileCondition, compileWhere } from './operators';
import { parseQueryParams, type QueryParams, type QueryParamsInput } from './params';
import { comparatorFor } from './sort';
import { getPath, isPlainObject, onlyPaths, withoutPaths, type Doc } from './values';

export interface QueryOptions {
  /** The locale used when locales are configured and the query names none. Default: the first of `locales`. */
  defaultLocale?: string;
  /** Configured locales; when non-empty, queries filter by locale (P2). */
  locales?: readonly string[];
  /** Folder configurations by folder path (`/rules`), for `dirConfig: true`. */
  dirConfigs?: Readonly<Record<string, unknown>>;
}

export type QueryResult = Doc[] | Doc | null | number | (Doc | null)[];

/** The locale a query filters by, or undefined for none (P2). */
export function localeFilter(params: Pick<QueryParams, 'locale'>, options: QueryOptions = {}): string | undefined {
  if (params.locale !== undefined) return params.locale;
  if (options.locales && options.locales.length) return options.defaultLocale ?? options.locales[0];
  return undefined;
}

/** The test `where` plus the locale filter apply to each document (P1, P2). */
export function matcherFor(params: QueryParams, options: QueryOptions = {}): (doc: unknown) => boolean {
  const where = compileWhere(params.where ?? []);
  const locale = localeFilter(params, options);
  if (locale === undefined) return where;
  return (doc) => getPath(doc, 'locale') === locale && where(doc);
}

/**
 * The folder whose configuration applies to a document (P7): its `folder`
 * field when it is a string (content records: an index page's own folder),
 * else the parent of its `_path` (`/rules/combat` → `/rules`).
 */
export function folderOf(doc: unknown): string | undefined {
  const folder = getPath(doc, 'folder');
  if (typeof folder === 'string') return folder;
  const path = getPath(doc, '_path');
  if (typeof path !== 'string') return undefined;
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** dirConfig, then without, then only (P7–P9). Never mutates `doc`. */
export function projectDocument(doc: unknown, params: QueryParams, options: QueryOptions = {}): Doc {
  if (!isPlainObject(doc)) return doc as Doc;
  let out: Doc = doc;
  if (params.dirConfig) {
    const folder = folderOf(doc);
    const configs = options.dirConfigs ?? {};
    const config = folder !== undefined && Object.prototype.hasOwnProperty.call(configs, folder) ? configs[folder] : null;
    out = { ...out, dirConfig: config ?? null };
  }
  if (params.without?.length) out = withoutPaths(out, params.without);
  if (params.only?.length) out = onlyPaths(out, params.only);
  return out;
}

/**
 * The surround list (P4): the `before` previous documents (nearest last),
 * then the `after` next ones, `null` where there is none; all `null` when
 * the document is not among the matches.
 */
export function surroundOf(sorted: readonly unknown[], params: QueryParams, options: QueryOptions = {}): (Doc | null)[] {
  const { query, before, after } = params.surround!;
  const isTarget = typeof query === 'string' ? (d: unknown) => getPath(d, '_path') === query : compileCondition(query, 'surround');
  const index = sorted.findIndex(isTarget);
  const out: (Doc | null)[] = [];
  for (let i = -before; i <= after; i++) {
    if (i === 0) continue;
    const doc = index < 0 ? undefined : sorted[index + i];
    out.push(index < 0 || index + i < 0 || doc === undefined ? null : projectDocument(doc, params, options));
  }
  return out;
}

/** skip, limit, projection and first over already matched and sorted documents (P5–P10). */
export function finishQuery(sorted: readonly unknown[], params: QueryParams, options: QueryOptions = {}): QueryResult {
  const skip = params.skip ?? 0;
  const end = params.limit === undefined ? undefined : skip + params.limit;
  const page = sorted.slice(skip, end).map((d) => projectDocument(d, params, options));
  if (params.first) return page[0] ?? null;
  return page;
}

/** Runs a query over documents (JSON objects). Throws QueryError on invalid parameters. */
export function runQuery(docs: readonly unknown[], input: QueryParamsInput | QueryParams | unknown, options: QueryOptions = {}): QueryResult {
  const params = parseQueryParams(input);
  const matches = docs.filter(matcherFor(params, options));
  const sorted = matches.sort(comparatorFor(params.sort));
  if (params.surround) return surroundOf(sorted, params, options);
  if (params.count) return sorted.length;
  return finishQuery(sorted, params, options);
}
