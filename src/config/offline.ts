/**
 * The Cache Storage cache that keeps the pages a reader visited, for offline
 * reading. The service worker fills it (stale-while-revalidate); the page
 * adds the one the reader arrived on, and refreshes its own copy before a
 * reload into a new build.
 */
export const PAGES_CACHE = 'nucleus-pages';

/** Hashed scripts, styles, fonts and WebAssembly, cached as pages load them (an editor once opened works offline). */
export const ASSETS_CACHE = 'nucleus-assets';

/** The search files, the content database and its engine, cached when first fetched (network first). */
export const SEARCH_CACHE = 'nucleus-search';

/** The build's list of each editor's code by kind (src/build/precache.ts), which an open editor caches (src/editors/offline.ts). */
export const EDITOR_CODE_FILE = 'editors-offline.json';

/**
 * The reader's offline copy of the whole site ("Save for offline",
 * src/scripts/offline-copy.ts): a cache of its own, so the page cache's
 * limit of entries never evicts part of it, and one delete frees it all.
 */
export const OFFLINE_COPY_CACHE = 'nucleus-offline-copy';

/** The build's list of every file the offline copy holds, with sizes (src/build/offlineCopy.ts). */
export const OFFLINE_COPY_FILE = 'offline-copy.json';
