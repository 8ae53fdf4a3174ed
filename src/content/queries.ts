/**
 * The content queries a page makes (SPEC §4 "Page loading"): the build
 * pre-renders their answers as static API files, and the browser asks for
 * the same queries, so both sides share these shapes. Pure.
 */

/** The page at a path, its body included: what preview and client-database mode render (on the local database). */
export function pageQuery(path: string) {
  return { where: [{ _path: path }, { _type: 'markdown' }], first: true, without: ['_lines'] };
}

/**
 * The page at a path without its body: the page query the build answers
 * statically and each page names (`<meta name="nucleus-page-query">`, which
 * prefetch warms). The body is the bulk of a record (5 of its 5.5 KB in the
 * benchmark corpus) and already in the page's HTML and in the database; as
 * a static answer as well it was 23 MB of a 5,000-page build. The full
 * page query has no static answer, so it runs on the local database.
 */
export function pageSummaryQuery(path: string) {
  return { where: [{ _path: path }, { _type: 'markdown' }], first: true, without: ['_lines', 'body'] };
}

/** The previous and next page of a path, in document order. */
export function surroundQuery(path: string, options: { drafts?: boolean } = {}) {
  const where: Record<string, unknown>[] = [{ _type: 'markdown' }, { partial: false }, { navigation: { $ne: false } }];
  if (!options.drafts) where.push({ draft: false });
  return { where, surround: { query: path }, only: ['_path', 'title'] };
}

/** The navigation tree. */
export const NAVIGATION_QUERY = {};

export const GLOBALS_ERROR = 'Globals must be a list of keys with QueryBuilderParams as a value.';

/**
 * The site's globals as name → query parameters. SPEC §5: they must be a
 * keyed map; a list is refused with a console message and ignored.
 */
export function globalQueries(globals: unknown, log: (message: string) => void = console.error): Record<string, unknown> {
  if (globals == null) return {};
  if (Array.isArray(globals) || typeof globals !== 'object') {
    log(GLOBALS_ERROR);
    return {};
  }
  return globals as Record<string, unknown>;
}
