/**
 * The search index's one configuration, shared by the build (which writes the
 * index) and the browser (which loads and queries it). Pure.
 */
import MiniSearch, { type Options, type SearchOptions } from 'minisearch';
import type { SearchSection } from './sections';

/** Bumped when the stored shape changes; the client refuses other versions. */
export const SEARCH_FORMAT_VERSION = 1;

/** Stored text per section: enough for an excerpt around the match. */
export const STORED_TEXT_CHARS = 220;

export type StoredSection = Omit<SearchSection, 'text'> & { text: string };

export const indexOptions: Options<SearchSection> = {
  fields: ['pageTitle', 'heading', 'text', 'breadcrumb'],
  storeFields: ['path', 'anchor', 'pageTitle', 'heading', 'breadcrumb', 'kind', 'text', 'draft'],
  extractField: (doc, field) => {
    const value = (doc as unknown as Record<string, unknown>)[field];
    if (field === 'text' && typeof value === 'string') return value;
    return value == null ? '' : String(value);
  },
};

export const searchOptions: SearchOptions = {
  // Titles and headings above body text.
  boost: { pageTitle: 4, heading: 2.5, breadcrumb: 0.5 },
  prefix: true,
  // Typos: one edit in short words, about one in five in longer ones.
  fuzzy: (term) => (term.length <= 3 ? 0 : term.length <= 6 ? 1 : 0.2),
  combineWith: 'AND',
};

export interface SearchIndexFile {
  version: number;
  integrity: string;
  index: unknown;
}

/** Builds the index; section texts are trimmed for storage, not for indexing. */
export function createSearchIndex(sections: SearchSection[], integrity: string): SearchIndexFile {
  const mini = new MiniSearch<SearchSection>(indexOptions);
  mini.addAll(sections);
  const json = JSON.parse(JSON.stringify(mini)) as { storedFields: Record<string, { text?: string }> };
  for (const stored of Object.values(json.storedFields)) {
    if (stored.text && stored.text.length > STORED_TEXT_CHARS) stored.text = stored.text.slice(0, STORED_TEXT_CHARS) + '…';
  }
  return { version: SEARCH_FORMAT_VERSION, integrity, index: json };
}

export function loadSearchIndex(file: SearchIndexFile): MiniSearch<SearchSection> {
  if (file.version !== SEARCH_FORMAT_VERSION) {
    throw new Error(`Search index format ${file.version} is not supported (expected ${SEARCH_FORMAT_VERSION}); reload the page to get the current one.`);
  }
  return MiniSearch.loadJS(file.index as Parameters<typeof MiniSearch.loadJS>[0], indexOptions);
}
