/**
 * Site search: the index format, its builder (build side) and the engine
 * that queries it (browser, build and benchmarks). Pure: no DOM, no Node.
 * The sections it indexes come from the content pipeline
 * (`src/content/sections.ts`, `catalogueSearch.ts`, `search.ts`).
 */
export { SearchEngine, fuzzyDistance, type SearchHit, type SearchResults, type QueryOptions } from './engine';
export {
  SEARCH_FORMAT_VERSION,
  SEARCH_MANIFEST_PATH,
  type IndexHead,
  type SearchManifest,
  type SearchPart,
} from './format';
export { createSearchIndex, groupOf, isTextsPart, type SearchFiles, type GroupCache } from './indexBuilder';
