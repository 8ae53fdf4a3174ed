/**
 * sitemap.xml and robots.txt, written by the build (src/pages/sitemap.xml.ts,
 * src/pages/robots.txt.ts). @astrojs/sitemap is not a dependency here, and
 * the content model already knows which pages are published: this is a
 * small pure function of it.
 *
 * 1. Listed: the home page, every published content page that is not a
 *    redirect and that the catch-all route pre-renders, and the editors' home.
 * 2. Not listed: drafts (never built), redirect pages (noindex), the sign-in,
 *    not-found, error and offline pages.
 * 3. Every address is absolute: the site's origin, then its base path.
 * 4. The pages of rule 2 that are built once for any address (not-found,
 *    error, offline) or say nothing of their own (sign-in), and the site
 *    index (a list of links, duplicating every page's headings), are
 *    `noindex` and name no canonical address of their own.
 */
import type { Site } from './load';
import { contentPagePaths } from './pagePaths';
import { withBase } from '../config/base';
import { escapeHtml } from './render';

/** Pages outside the content tree a reader may land on from a search engine. */
const APP_PAGES = ['/nucleus'];

/** Pages a search engine should not list (rule 4). */
const NOT_INDEXED = new Set(['/404', '/500', '/offline', '/login', '/site-index']);

/** Whether a page may be listed by search engines and name itself canonical (rule 4). */
export function isIndexable(path: string): boolean {
  return !NOT_INDEXED.has(path.replace(/\/+$/, '') || '/');
}

export function sitemapPaths(site: Site): string[] {
  const paths = ['/'];
  for (const p of contentPagePaths(site)) {
    if (p.props.redirect) continue;
    if (site.pages.get(p.props.path)?.redirect) continue;
    paths.push(p.props.path);
  }
  return [...paths, ...APP_PAGES];
}

/** An absolute address for a site path: `/rules` → `https://host/guide/rules`. */
export function absoluteUrl(path: string, origin: URL | string, base?: string): string {
  return new URL(withBase(path, base), origin).href;
}

export function sitemapXml(paths: readonly string[], origin: URL | string, base?: string): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(absoluteUrl(p, origin, base))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: URL | string, base?: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap.xml', origin, base)}\n`;
}
