/**
 * Static content API paths (DECISIONS.md "Content API paths"). The build
 * writes `/api/content/query/{hash}.{integrity}.json` for every query it
 * pre-renders; the long form adds the encoded parameters so the development
 * server can answer any query.
 */
import { decodeParams, encodeParams, hashParams, QueryError, type QueryParamsInput } from '../query';
import { answerPath, type ContentApiKind } from './answer-path';

export type { ContentApiKind };

const INTEGRITY = /^[A-Za-z0-9_-]+$/;

function checkIntegrity(integrity: string): string {
  if (!INTEGRITY.test(integrity)) throw new QueryError('integrity', `'integrity' must be letters, digits, '-' or '_' (got '${integrity}')`);
  return integrity;
}

function apiPath(kind: ContentApiKind, params: unknown, integrity: string, long: boolean): string {
  return answerPath(kind, hashParams(params), checkIntegrity(integrity), long ? encodeParams(params) : undefined);
}

/**
 * `/api/content/query/{hash}.{integrity}.json` from an already computed
 * `hashParams` of the parameters: the build keeps the hashes of its
 * per-page queries between builds (the hash costs tens of microseconds, the
 * build makes two per page).
 */
export function queryApiPathOfHash(hash: string, integrity: string): string {
  return answerPath('query', hash, checkIntegrity(integrity));
}

/** `/api/content/query/{hash}.{integrity}.json`; with `long`, `{hash}.{integrity}.{params}.json`. */
export function queryApiPath(params: QueryParamsInput | unknown, integrity: string, options: { long?: boolean } = {}): string {
  return apiPath('query', params, integrity, options.long ?? false);
}

/** `/api/content/navigation/{hash}.{integrity}.json` (params: the navigation query). */
export function navigationApiPath(params: QueryParamsInput | unknown, integrity: string, options: { long?: boolean } = {}): string {
  return apiPath('navigation', params, integrity, options.long ?? false);
}

export interface ContentApiRequest {
  kind: ContentApiKind;
  hash: string;
  integrity: string;
  /** Present in the long form: the canonical parameters. */
  params?: QueryParamsInput;
}

/**
 * Reads a content API path (short or long form); null when the path is not
 * one. Throws QueryError when the long form's parameters are not valid or do
 * not match its hash.
 */
export function parseContentApiPath(path: string): ContentApiRequest | null {
  const m = /^\/api\/content\/(query|navigation)\/([0-9a-z]{13})\.([A-Za-z0-9_-]+)(?:\.([A-Za-z0-9_-]*))?\.json$/.exec(path.split(/[?#]/)[0]!);
  if (!m) return null;
  const [, kind, hash, integrity, encoded] = m;
  const request: ContentApiRequest = { kind: kind as ContentApiKind, hash: hash!, integrity: integrity! };
  if (encoded !== undefined) {
    const params = decodeParams(encoded);
    if (hashParams(params) !== hash) throw new QueryError('_params', `the parameters in '${path}' do not match its hash ${hash}`);
    request.params = params;
  }
  return request;
}
