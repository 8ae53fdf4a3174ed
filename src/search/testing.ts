/**
 * Test helpers for search: pages from Markdown, and an engine loaded the way
 * the browser loads it (through the JSON files). Pure; tests only.
 */
import { fileURLToPath } from 'node:url';
import { parseMarkdown, loadSite, getCatalogues, siteSections, catalogueSections, siteGlossary } from '../content';
import { createSearchIndex, isTextsPart } from './indexBuilder';
import { SearchEngine, type QueryOptions, type SearchHit, type SearchResults } from './engine';
import { SEARCH_MANIFEST_PATH } from './format';
import type { SearchSection, PageRecord, GlossaryEntry } from '../content';

/** A published Markdown page at `path` (`/rules/combat`), as the loader would make it. */
export function pageRecord(path: string, title: string, md: string, extra: Partial<PageRecord> = {}): PageRecord {
  const stem = path.slice(1);
  return {
    _id: `content:${stem.replace(/\//g, ':')}.md`,
    _path: path,
    path,
    stem,
    _type: 'markdown',
    _file: `${stem}.md`,
    folder: path.replace(/\/[^/]*$/, '') || '/',
    locale: 'en',
    title,
    description: '',
    navigation: true,
    body: parseMarkdown(md).body,
    draft: false,
    partial: false,
    ...extra,
  };
}

/** An engine with every file of the index added, drafts included (texts too unless `texts: false`), with the glossary's aliases given. */
export function engineFor(sections: SearchSection[], options: { texts?: boolean; glossary?: readonly GlossaryEntry[] } = {}): SearchEngine {
  const { manifest, files } = createSearchIndex(sections, 'test', undefined, options.glossary);
  const engine = new SearchEngine();
  engine.addManifest(manifest, { drafts: true });
  for (const [path, text] of files) {
    if (path === SEARCH_MANIFEST_PATH || (options.texts === false && isTextsPart(path))) continue;
    engine.addPart(JSON.parse(text));
  }
  return engine;
}

/** Searches as the browser does: fetching (here, taking from `files`) the parts each search asks for, until it needs none. */
export function searchLoading(engine: SearchEngine, files: Map<string, string>, query: string, options: QueryOptions = {}): { results: SearchResults; fetched: string[] } {
  const fetched: string[] = [];
  for (;;) {
    const results = engine.search(query, options);
    if (results.missing.length === 0) return { results, fetched };
    for (const path of results.missing) {
      fetched.push(path);
      engine.addPart(JSON.parse(files.get(path)!));
    }
  }
}

/** "Page › Heading" for a page's section, "kind: Name" for a catalogue entry. */
export const hitLabel = (h: SearchHit) => (h.kind === 'page' ? (h.heading ? `${h.pageTitle} › ${h.heading}` : h.pageTitle) : `${h.kind}: ${h.pageTitle}`);

/**
 * The project's own content searched as the dialog searches it (the pages,
 * the catalogues and the glossary's aliases): `labels` gives the hits' labels
 * for every word, else for any word. Node only (reads content/).
 */
export function contentSearch(): { engine: SearchEngine; labels(query: string): string[] } {
  const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
  const site = loadSite(contentDir);
  const engine = engineFor([...siteSections(site), ...catalogueSections(site.records, { ...getCatalogues(contentDir) })], { glossary: siteGlossary(site.records) });
  return {
    engine,
    labels(query) {
      const all = engine.search(query, { limit: 40 });
      const found = all.hits.length > 0 ? all : engine.search(query, { limit: 40, combineWith: 'OR' });
      return found.hits.map(hitLabel);
    },
  };
}
