/**
 * The content database: one sql.js file for the build and the browser, and
 * the static content API's paths.
 */
export { FORMAT_VERSION, SCHEMA_SQL, INDEXED_FIELDS, type ContentMeta, type IndexedColumn } from './schema';
export { buildContentDatabase, type ContentDatabaseInput } from './writer';
export { compileFilter, planQuery, type QueryPlan, type SqlFilter, type RegularColumns, type CompileOptions } from './compile';
export { openContentDatabase, ContentDatabaseError, type ContentDatabase, type ContentDatabaseOptions } from './client';
export { CONTENT_DATABASE_FILE, isGzip, unpackDatabaseFile } from './file';
export { queryApiPath, queryApiPathOfHash, navigationApiPath, parseContentApiPath, type ContentApiKind, type ContentApiRequest } from './api-paths';
