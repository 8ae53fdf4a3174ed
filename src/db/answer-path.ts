/**
 * The one place the static answer's address is spelled (DECISIONS.md
 * "Content API paths"). Imports nothing, so page scripts that only know a
 * query's hash (the prefetcher) need not load the query engine.
 */
export type ContentApiKind = 'query' | 'navigation';

/** `/api/content/{kind}/{hash}.{integrity}[.{params}].json` */
export function answerPath(kind: ContentApiKind, hash: string, integrity: string, encoded?: string): string {
  return `/api/content/${kind}/${[hash, integrity, ...(encoded === undefined ? [] : [encoded])].join('.')}.json`;
}
