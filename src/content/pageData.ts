/**
 * Everything one page shows, computed once by a pure function from the site
 * (STYLE.md point 7). Astro components only read the result.
 */
import type { NavNode, PageRecord, Surround, TocEntry } from './types';
import { trail } from './navigation';
import { routeFor, type RouteMeta, type ColorMode } from '../config/routes';
import { siteConfig } from '../config/site';
import { resolveLayout } from './resolveLayout';

export interface PageData {
  path: string;
  title: string;
  description: string;
  layout: string;
  route: RouteMeta;
  /** Forced colour mode of the route, if any. */
  colorMode?: ColorMode;
  /** Show the right table-of-contents column. */
  rightDrawer: boolean;
  toc: TocEntry[];
  surround: Surround;
  /** Top-level section the page belongs to (its subtree feeds the sidebar). */
  section?: NavNode;
  /** Nodes from the top down to the page. */
  trail: NavNode[];
  record?: PageRecord;
}

export interface SiteView {
  navigation: NavNode[];
  surround: Map<string, Surround>;
}

export function pageData(site: SiteView, path: string, record?: PageRecord, overrides: Partial<Pick<PageData, 'title' | 'description'>> = {}): PageData {
  const route = routeFor(path);
  const chain = trail(site.navigation, path);
  const section = chain[0] && chain[0]._path !== '/' && chain[0].children ? chain[0] : undefined;
  const layout = resolveLayout({
    path,
    pageLayout: record?.layout,
    routeLayout: route.layout,
    navigation: site.navigation,
    fallbacks: siteConfig.layoutFallbacks,
  });
  return {
    path,
    title: overrides.title ?? record?.title ?? route.title ?? siteConfig.title,
    description: overrides.description ?? record?.description ?? siteConfig.description,
    layout,
    route,
    colorMode: route.colorMode ?? (record?.colorMode === 'dark' || record?.colorMode === 'light' ? record.colorMode : undefined),
    rightDrawer: route.rightDrawer !== false && (record?.body.toc.length ?? 0) > 0,
    toc: record?.body.toc ?? [],
    surround: site.surround.get(path) ?? { prev: null, next: null },
    section,
    trail: chain,
    record,
  };
}
