/**
 * The site index (/site-index): every page and its headings, by section, on
 * one static page, so a reader without JavaScript searches the guide with the
 * browser's own find. Built from the navigation tree and the page records
 * (the same data the sidebar and search use), never from a hand list.
 */
import type { Site } from './load';
import type { NavNode, TocEntry } from './types';

export interface IndexedPage {
  title: string;
  path: string;
  /** The page's h2/h3 headings, in order, with their anchors. */
  headings: TocEntry[];
  /** Folders between the section and the page ("Galactic Guide › Sectors" has none). */
  depth: number;
}

export interface IndexedSection {
  title: string;
  /** The section's own page, when it has one. */
  path?: string;
  /** The h2/h3 headings of the section's own page (none without one). */
  headings: TocEntry[];
  pages: IndexedPage[];
}

/** The site index's anchor of a section (`#si-rules`), for links from elsewhere such as the sidebar. */
export function siteIndexAnchor(sectionTitle: string): string {
  return `si-${sectionTitle.toLowerCase().replace(/\W+/g, '-')}`;
}

/** Sections in navigation order, each with its published pages depth first; redirects left out. */
export function siteIndex(site: Pick<Site, 'navigation' | 'pages'>): IndexedSection[] {
  const pageOf = (node: NavNode) => (node.page && !node.redirect ? site.pages.get(node._path) : undefined);
  const out: IndexedSection[] = [];
  const loose: IndexedPage[] = [];
  for (const top of site.navigation) {
    if (!top.children?.length) {
      const record = pageOf(top);
      if (record) loose.push({ title: top.title, path: top._path, headings: record.body.toc, depth: 0 });
      continue;
    }
    const pages: IndexedPage[] = [];
    const visit = (nodes: readonly NavNode[], depth: number) => {
      for (const node of nodes) {
        const record = pageOf(node);
        if (record) pages.push({ title: node.title, path: node._path, headings: record.body.toc, depth });
        if (node.children) visit(node.children, record ? depth + 1 : depth);
      }
    };
    visit(top.children, 0);
    const own = pageOf(top);
    if (pages.length || own) out.push({ title: top.title, path: own ? top._path : undefined, headings: own?.body.toc ?? [], pages });
  }
  // Pages at the top level with nothing under them (the home page) come first, as one section.
  return loose.length ? [{ title: 'Start', headings: [], pages: loose }, ...out] : out;
}
