/**
 * Search sections of a whole site (build side): every page, split at its
 * headings, with the folder titles above it as a breadcrumb.
 */
import type { Site } from './load';
import { sectionsFrom, type SearchSection } from './sections';
import { trail } from './navigation';
import { factsOf } from './recordFacts';

export function siteSections(site: Pick<Site, 'records' | 'navigation'>): SearchSection[] {
  const out: SearchSection[] = [];
  for (const record of site.records) {
    if (record._type !== 'markdown' || record.partial || record.redirect) continue;
    const crumbs = trail(site.navigation, record._path)
      .filter((n) => n._path !== record._path)
      .map((n) => n.title)
      .join(' › ');
    // The sections' text comes with the parse (recordFacts.ts); the breadcrumb from the navigation.
    out.push(...sectionsFrom(record, factsOf(record).sections, crumbs));
  }
  return out;
}
