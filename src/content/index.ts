/**
 * src/content: the Markdown-to-records pipeline (docs/architecture.md, layer 4).
 * `content/` (Markdown, `_dir.yml`, `data/*.yml`) in; page records,
 * navigation, surround, catalogues and the search sections of each page out.
 * This is the folder's public surface; every other file in it is internal
 * (scripts/layers.cjs enforces it). Node code (the build, Astro pages at
 * build time, scripts/) imports from here. Two narrower surfaces exist:
 * `browser.ts` (the pure pieces a browser bundle may take; everything in it
 * is re-exported here too) and `testing.ts` (scratch directories and corpora
 * for tests).
 */

export * from './browser';

/** Loading a site: every page record, the navigation tree and surround, from a content directory (Node: reads files). */
export { loadSite, contentDirFromEnv, contentFiles, markdownEntry, parseKey, type Site, type LoadOptions, type ParseStore } from './load';

/** Errors a content author can cause, with file and line. */
export { ContentError, ContentErrors } from './errors';

/** Markdown to a body tree, with its links, components and problems (unified/remark; Node side). */
export { parseMarkdown, type ParsedMarkdown, type FoundLink, type FoundComponent, type FoundProblem } from './markdown';

/** Navigation: the tree of pages, a page's trail, its neighbours. */
export { buildNavigation, flattenNavigation, surroundAll, trail, sidebarLevel, folderHref, SIDEBAR_LEVEL_MAX, type SidebarLevel } from './navigation';

/** What a route renders: the page's data for the layouts, its layout, the pages to pre-render and their files. */
export { pageData, type PageData, type SiteView } from './pageData';
export { resolveLayout, layoutFromNavigation, type LayoutInputs } from './resolveLayout';
export { contentPagePaths, pageFile, type ContentPagePath } from './pagePaths';

/** The game's catalogues from `content/data/`: validated for the build (with file and line), read plainly for scripts and tests, and where the rules pages list them. */
export { getCatalogues, loadCatalogues, forgetCatalogues } from './catalogues';
export { readCatalogues, readCatalogueFile, CATALOGUE_FILES } from './catalogueReader';
export { CATALOGUE_HOMES, gearListFor, type CatalogueHome } from './catalogueHomes';
export { catalogueSections, catalogueHomeLinks } from './catalogueSearch';

/** The search sections of the pages and catalogues, and the per-record facts (hash, sections) the caches key on. */
export { sectionsOf, sectionsFrom, sectionParts, type SearchSection, type SectionPart } from './sections';
export { siteSections, sectionSource } from './search';

/** The glossary's terms and the plain words a reader types for them ("Also called"), for search. */
export { siteGlossary, glossaryEntries, splitAliases, ALSO_CALLED, type GlossaryEntry } from './glossary';
export { factsOf, computeFacts, type RecordFacts } from './recordFacts';

/** The sitemap and robots.txt of the pages, and absolute addresses for them. */
export { sitemapPaths, sitemapXml, robotsTxt, absoluteUrl, isIndexable } from './sitemap';

/** The site index page: every page and its headings, by section (the no-JavaScript search). */
export { siteIndex, siteIndexAnchor, type IndexedSection, type IndexedPage } from './siteIndex';
