/**
 * Rendered page HTML, reused by the incremental build. A page's HTML is a
 * function of its record, the navigation (sidebar, trail, surround), the
 * catalogues (embedded lists), the code and the security policy's inputs
 * (each page's <meta> carries the policy); its key hashes exactly those, so
 * a page whose key is cached is not rendered again. Pages do not name the
 * build id or the content integrity (they load builds/current.js), so the
 * cache holds each page's HTML exactly as it is written.
 *
 * The page route and the build integration meet through one object on
 * globalThis: Astro renders pages in the process that runs the integration
 * hooks, but from its own bundle, so module state is not shared. Node only.
 */
import type { Site, PageRecord } from '../content';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sha, cacheFolder, writeAtomic } from './cache';
import type { BuildContext } from './context';
import { getCodeVersion } from './info';
import { getCatalogues, catalogueHomeLinks, factsOf } from '../content';


const shared = new WeakMap<Site, SharedParts>();

/** The hashes of what every page shares (the content-only rebuild names the one that changed). */
export interface SharedParts {
  code: string;
  navigation: string;
  folders: string;
  catalogues: string;
  /** The Content-Security-Policy's inputs (Astro's scripts, the Firebase configuration) every page's <meta> is made from. */
  security: string;
}

export function sharedParts(site: Site, security: BuildContext['security']): SharedParts {
  let parts = shared.get(site);
  if (!parts) {
    parts = {
      code: getCodeVersion(),
      navigation: sha(JSON.stringify(site.navigation)),
      folders: sha(JSON.stringify(site.dirConfigs)),
      catalogues: sha(JSON.stringify(getCatalogues(site.contentDir) ?? null)),
      security: sha(JSON.stringify(security ? [security.astroScriptHashes, security.services] : null)),
    };
    shared.set(site, parts);
  }
  return parts;
}

const sharedKeys = new WeakMap<Site, string>();

/** What every page shares: code, navigation, folder settings, catalogues. */
export function sharedKey(site: Site, security: BuildContext['security']): string {
  let key = sharedKeys.get(site);
  if (key === undefined) {
    const parts = sharedParts(site, security);
    sharedKeys.set(site, (key = sha(parts.code, parts.navigation, parts.folders, parts.catalogues, parts.security)));
  }
  return key;
}

/** The key of one page's HTML: the shared part, its path, its whole record (by its digest) and its neighbours. */
export function renderKey(site: Site, security: BuildContext['security'], path: string, record: PageRecord | undefined): string {
  return sha(sharedKey(site, security), path, record ? factsOf(record).digest : 'null', JSON.stringify(site.surround.get(path) ?? null));
}

/**
 * What the pages of the other routes show besides the shared part: the home
 * page's record, where each catalogue is listed (the editors link there) and
 * any published record at a path the catch-all route does not render.
 * `rendered` holds the catch-all route's paths.
 */
export function appKey(site: Site, security: BuildContext['security'], rendered: Set<string>): string {
  const others = [...site.pages].filter(([path]) => !rendered.has(path));
  return sha(sharedKey(site, security), JSON.stringify(others), JSON.stringify(catalogueHomeLinks(site.records)));
}

/**
 * The incremental build's choice for the catch-all route: of `paths`, those
 * with cached HTML are left out (the integration copies them in) and the plan
 * is handed over. `has(key)` says whether HTML for a key is cached.
 */
export function planRenders<T extends { props: { path: string; redirect?: string } }>(h: BuildContext, site: Site, paths: T[], has: (key: string) => boolean): T[] {
  h.pages = [];
  h.redirects = [];
  h.sharedKey = sharedKey(site, h.security);
  h.sharedParts = { ...sharedParts(site, h.security) };
  h.appKey = appKey(site, h.security, new Set(paths.map((p) => p.props.path)));
  const render: T[] = [];
  for (const p of paths) {
    // Folder redirects are few and tiny: always rendered.
    if (p.props.redirect) {
      h.redirects.push(p.props.path);
      render.push(p);
      continue;
    }
    const key = renderKey(site, h.security, p.props.path, site.pages.get(p.props.path));
    const reused = has(key);
    h.pages.push({ path: p.props.path, key, reused });
    if (!reused) render.push(p);
  }
  return render;
}

export interface HtmlCache {
  has(key: string): boolean;
  read(key: string): string;
  /** Copies the cached HTML of `key` to `file` (the folder must exist). */
  copyTo(key: string, file: string): void;
  /** Caches the page `file` under `key`. */
  adopt(key: string, file: string): void;
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
    copyTo: (key, to) => copyFileSync(file(key), to),
    adopt: (key, from) => writeAtomic(file(key), readFileSync(from)),
    prune: (keep) => {
      for (const name of readdirSync(dir)) if (!keep.has(name.replace(/\.html$/, ''))) rmSync(join(dir, name), { force: true });
    },
  };
}
