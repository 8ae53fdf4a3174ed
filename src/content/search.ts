/**
 * Search sections of a whole site (build side): every page, split at its
 * headings, with the folder titles above it as a breadcrumb.
 */
import type { Site } from './load';
import { sectionsFrom, type SearchSection } from './sections';
import { trail } from './navigation';
import { factsOf } from './recordFacts';

/** What each page section was made from (see `sectionSource`). */
const sources = new WeakMap<SearchSection, string>();

export function siteSections(site: Pick<Site, 'records' | 'navigation'>): SearchSection[] {
  const out: SearchSection[] = [];
  for (const record of site.records) {
    if (record._type !== 'markdown' || record.partial || record.redirect) continue;
    const crumbs = trail(site.navigation, record._path)
      .filter((n) => n._path !== record._path)
      .map((n) => n.title)
      .join(' › ');
    // The sections' text comes with the parse (recordFacts.ts); the breadcrumb from the navigation.
    const facts = factsOf(record);
    const source = `${facts.digest}\0${crumbs}`;
    for (const section of sectionsFrom(record, facts.sections, crumbs)) {
      sources.set(section, source);
      out.push(section);
    }
  }
  return out;
}

/**
 * What a page's section was made from, as a short text: the same exactly
 * when the page's sections are (they are a function of its record, which
 * its digest hashes, and its breadcrumb). The build's search group cache
 * keys a group by these instead of the JSON of every section, which at
 * 20,000 pages meant serialising and hashing 130 MB on every rebuild.
 * Undefined for a section siteSections did not make.
 */
export function sectionSource(section: SearchSection): string | undefined {
  return sources.get(section);
}
