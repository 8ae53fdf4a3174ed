/**
 * The query builder. It only collects parameters and hands them to the
 * fetcher it was given, so the same builder serves the build (runQuery over
 * records), the browser (the content database or the static API) and tests.
 */
import type { Condition, QueryParamsInput, SortSpec } from './params';
import type { Doc } from './values';

export type QueryFetcher = (params: QueryParamsInput) => unknown;

export interface QueryBuilder<T = Doc> {
  /** Adds conditions; all must hold. */
  where(condition: Condition | Condition[]): QueryBuilder<T>;
  /** Adds sort keys after those already given. */
  sort(spec: SortSpec | SortSpec[]): QueryBuilder<T>;
  only(paths: string | string[]): QueryBuilder<T>;
  without(paths: string | string[]): QueryBuilder<T>;
  limit(n: number): QueryBuilder<T>;
  skip(n: number): QueryBuilder<T>;
  locale(locale: string): QueryBuilder<T>;
  dirConfig(on?: boolean): QueryBuilder<T>;
  /** Asks for the neighbours of one document (a `_path` or a condition); `find()` then returns them. */
  surround(query: string | Condition, options?: { before?: number; after?: number }): QueryBuilder<T>;
  find(): Promise<T[]>;
  findOne(): Promise<T | null>;
  count(): Promise<number>;
  /** The parameters collected so far (a copy). */
  params(): QueryParamsInput;
}

const asList = <X>(v: X | X[]): X[] => (Array.isArray(v) ? v : [v]);

/** A builder over `fetcher`; each call returns a new builder, so partial queries can be shared. */
export function createQuery<T = Doc>(fetcher: QueryFetcher, initial: QueryParamsInput = {}): QueryBuilder<T> {
  const p = initial;
  const next = (change: QueryParamsInput): QueryBuilder<T> => createQuery<T>(fetcher, { ...p, ...change });
  const run = async <R>(params: QueryParamsInput): Promise<R> => (await fetcher(params)) as R;
  return {
    where: (c) => next({ where: [...(p.where === undefined ? [] : asList(p.where)), ...asList(c)] }),
    sort: (s) => next({ sort: [...(p.sort === undefined ? [] : asList(p.sort)), ...asList(s)] }),
    only: (paths) => next({ only: [...(p.only === undefined ? [] : asList(p.only)), ...asList(paths)] }),
    without: (paths) => next({ without: [...(p.without === undefined ? [] : asList(p.without)), ...asList(paths)] }),
    limit: (limit) => next({ limit }),
    skip: (skip) => next({ skip }),
    locale: (locale) => next({ locale }),
    dirConfig: (on = true) => next({ dirConfig: on }),
    surround: (query, options = {}) => next({ surround: { query, ...options } }),
    find: () => run<T[]>({ ...p }),
    findOne: () => run<T | null>({ ...p, first: true }),
    count: () => run<number>({ ...p, count: true }),
    params: () => ({ ...p }),
  };
}
