/**
 * The Cache Storage cache that keeps the pages a reader visited, for offline
 * reading. The service worker fills it (stale-while-revalidate); the page
 * adds the one the reader arrived on, and refreshes its own copy before a
 * reload into a new build.
 */
export const PAGES_CACHE = 'nucleus-pages';
