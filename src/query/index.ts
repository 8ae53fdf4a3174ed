/**
 * The query engine: parameters, the reference matcher and sort, the builder,
 * and the canonical hash of parameters. Pure: no DOM, no Node.
 */
export { QueryError } from './errors';
export { QueryParams, parseQueryParams, PARAMETER_NAMES, type QueryParamsInput, type Condition, type SortSpec } from './params';
export { OPERATOR_NAMES, compileWhere } from './operators';
export { parseRegex, compileRegex, REGEX_LIMITS } from './regex';
export { QUERY_LIMITS } from './limits';
export { compareStems, comparatorFor, sortDocuments } from './sort';
export { runQuery, matcherFor, localeFilter, folderOf, projectDocument, surroundOf, finishQuery, type QueryOptions, type QueryResult } from './pipeline';
export { createQuery, type QueryBuilder, type QueryFetcher } from './builder';
export { canonicalParams, canonicalJson, hashParams, encodeParams, decodeParams } from './hash';
export { getPath, deepEqual, type Doc } from './values';
