/**
 * Catalogues for the editors, read from the local content database (sql.js
 * over content.sqlite, through src/db), so pickers work offline and show a
 * preview build's drafts. Loaded once per page and shared by every editor.
 */
import type { Catalogues } from '../../rules';
import type { ContentClient } from '../../db/content-client';
import { BASE, withBase } from '../../config/base';
import { siteConfig } from '../../config/site';

export type CatalogueName = keyof Catalogues;

let client: Promise<ContentClient> | null = null;

function contentClient(): Promise<ContentClient> {
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  client ??= import('../../db/content-client').then(({ createContentClient }) =>
    createContentClient({
      root: BASE.endsWith('/') ? BASE : `${BASE}/`,
      integrity: meta('nucleus-integrity'),
      // The editors always read catalogues from the database itself.
      preview: () => true,
      defaultLocale: siteConfig.defaultLocale,
      locales: siteConfig.locales,
    }),
  );
  return client;
}

const cache = new Map<string, Promise<unknown[]>>();

/** One catalogue's entries, in their published order. */
export function loadCatalogue<K extends CatalogueName>(name: K): Promise<Catalogues[K]> {
  let p = cache.get(name);
  if (!p) {
    p = contentClient()
      .then((c) => c.database())
      .then((db) => db.catalogue(name) as unknown[]);
    p.catch(() => cache.delete(name));
    cache.set(name, p);
  }
  return p as Promise<Catalogues[K]>;
}

/** Several catalogues at once, as the partial `Catalogues` that `evaluate` takes. */
export async function loadCatalogues(names: readonly CatalogueName[]): Promise<Partial<Catalogues>> {
  const entries = await Promise.all(names.map(async (n) => [n, await loadCatalogue(n)] as const));
  return Object.fromEntries(entries) as Partial<Catalogues>;
}

/**
 * Where the rules pages describe catalogue entries: per catalogue (gear: per
 * list), the page path and the anchor prefix. The editor route computes it at
 * build time (src/components/EditorShell.astro) and hands it to the island.
 */
export type RulesLinks = Record<string, { path: string; prefix: string } | undefined>;

/** The rules-page address of one entry, or undefined when no page lists it. */
export function rulesHref(links: RulesLinks | undefined, key: string, id: string): string | undefined {
  const home = links?.[key];
  return home ? `${withBase(home.path)}#${home.prefix}-${id}` : undefined;
}
