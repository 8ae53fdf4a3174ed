/**
 * The pages of the catch-all route (src/pages/[...slug].astro): every
 * published page that no app route claims, and the folders whose _dir.yml
 * names a redirect. The route's getStaticPaths and the content-only rebuild
 * (scripts/build.ts) both take them from here.
 */
import type { Site } from './load';
import { routeFor } from '../config/routes';

/** `/rules/combat` → `rules/combat/index.html`: where a content page's file goes in the output. */
export const pageFile = (path: string): string => `${path.slice(1)}/index.html`;

export interface ContentPagePath {
  params: { slug: string };
  props: { path: string; redirect?: string };
}

export function contentPagePaths(site: Site): ContentPagePath[] {
  const paths: ContentPagePath[] = [];
  for (const [path, record] of site.pages) {
    if (path === '/') continue; // the home page has its own route
    const route = routeFor(path);
    if (route.documentDriven === false || route.redirect) continue; // app routes win
    if (route.validate && !route.validate(path)) {
      console.warn(`[nucleus] ${record._file}: path '${path}' is not a valid page path (lower-case letters, digits, hyphens); not pre-rendered`);
      continue;
    }
    paths.push({ params: { slug: path.slice(1) }, props: { path } });
  }
  // Folders without an index page whose _dir.yml names a redirect.
  for (const folder of site.folders) {
    const nav = folder.config.navigation;
    if (nav && nav.redirect && !site.pages.has(folder.route) && folder.route !== '/') {
      paths.push({ params: { slug: folder.route.slice(1) }, props: { path: folder.route, redirect: nav.redirect } });
    }
  }
  return paths;
}
