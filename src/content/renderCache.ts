/**
 * Rendered page HTML, reused by the incremental build. A page's HTML is a
 * function of its record, the navigation (sidebar, trail, surround), the
 * catalogues (embedded lists) and the code; its key hashes exactly those, so
 * a page whose key is cached is not rendered again. Every page also names the
 * build id and content integrity, which change with any content change: the
 * cache stores the HTML with those two replaced by markers and fills them in.
 *
 * The page route and the build integration meet through one object on
 * globalThis: Astro renders pages in the process that runs the integration
 * hooks, but from its own bundle, so module state is not shared. Node only.
 */
import type { Site } from './load';
import type { PageRecord } from './types';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sha, cacheFolder, writeAtomic, handoff } from './buildCache';
import { buildId, getCodeVersion } from './buildInfo';
import { getCatalogues } from './catalogues';
import { catalogueHomeLinks } from './catalogueSearch';

export { handoff, type BuildHandoff, type PagePlan } from './buildCache';

export const INTEGRITY_MARK = '\u0000nucleus-integrity\u0000';
export const BUILD_MARK = '\u0000nucleus-build\u0000';

/** Rendered HTML → cacheable template (the build's own names replaced by markers). */
export function toTemplate(html: string, integrity: string, id: string): string {
  return html.split(integrity).join(INTEGRITY_MARK).split(id).join(BUILD_MARK);
}

export function fromTemplate(template: string, integrity: string, id: string): string {
  return template.split(INTEGRITY_MARK).join(integrity).split(BUILD_MARK).join(id);
}

const shared = new WeakMap<Site, string>();

/** What every page shares: code, navigation, folder settings, catalogues. */
export function sharedKey(site: Site): string {
  let key = shared.get(site);
  if (!key) {
    key = sha(getCodeVersion(), JSON.stringify(site.navigation), JSON.stringify(site.dirConfigs), JSON.stringify(getCatalogues(site.contentDir) ?? null));
    shared.set(site, key);
  }
  return key;
}

/** The key of one page's HTML. */
export function renderKey(site: Site, path: string, record: PageRecord | undefined): string {
  return sha(sharedKey(site), path, JSON.stringify(record ?? null), JSON.stringify(site.surround.get(path) ?? null));
}

/**
 * What the pages of the other routes show besides the shared part: the home
 * page's record, where each catalogue is listed (the editors link there) and
 * any published record at a path the catch-all route does not render.
 * `rendered` holds the catch-all route's paths.
 */
export function appKey(site: Site, rendered: Set<string>): string {
  const others = [...site.pages].filter(([path]) => !rendered.has(path));
  return sha(sharedKey(site), JSON.stringify(others), JSON.stringify(catalogueHomeLinks(site.records)));
}

/**
 * The incremental build's choice for the catch-all route: of `paths`, those
 * with cached HTML are left out (the integration copies them in) and the plan
 * is handed over. `has(key)` says whether HTML for a key is cached.
 */
export function planRenders<T extends { props: { path: string; redirect?: string } }>(site: Site, paths: T[], has: (key: string) => boolean): T[] {
  const h = handoff();
  h.integrity = site.integrity;
  h.buildId = buildId(site);
  h.pages = [];
  h.redirects = [];
  h.sharedKey = sharedKey(site);
  h.appKey = appKey(site, new Set(paths.map((p) => p.props.path)));
  const render: T[] = [];
  for (const p of paths) {
    // Folder redirects are few and tiny: always rendered.
    if (p.props.redirect) {
      h.redirects.push(p.props.path);
      render.push(p);
      continue;
    }
    const key = renderKey(site, p.props.path, site.pages.get(p.props.path));
    const reused = has(key);
    h.pages.push({ path: p.props.path, key, reused });
    if (!reused) render.push(p);
  }
  return render;
}

export interface HtmlCache {
  has(key: string): boolean;
  read(key: string): string;
  write(key: string, template: string): void;
  /** Removes every entry but `keep` (pages gone or changed leave the cache). */
  prune(keep: Set<string>): void;
}

/** The page HTML cache, or null when the build cache is off. */
export function htmlCache(): HtmlCache | null {
  const dir = cacheFolder('html');
  if (!dir) return null;
  const file = (key: string) => join(dir, `${key}.html`);
  return {
    has: (key) => existsSync(file(key)),
    read: (key) => readFileSync(file(key), 'utf8'),
    write: (key, template) => writeAtomic(file(key), template),
    prune: (keep) => {
      for (const name of readdirSync(dir)) if (!keep.has(name.replace(/\.html$/, ''))) rmSync(join(dir, name), { force: true });
    },
  };
}
