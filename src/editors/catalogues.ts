/**
 * Catalogues for the editors: the loader each editor's island hands to the
 * kit's `EditorApp` (kept out of src/editors/kit, which holds no app state). The editor route embeds the ones its editor
 * needs at build time (EditorShell.astro, the same entries the content
 * database holds), so an editor opens without sql.js and the 650 KB
 * database and works offline with its page. In preview mode, and for a
 * catalogue the page did not embed, they are read from the local content
 * database (sql.js over content.sqlite.gz, through src/db), which shows a
 * preview's drafts. Loaded once per page and shared by every editor.
 */
import type { Catalogues } from '../rules/engine';
import type { ContentClient } from '../db/content-client';
import { runningBuild } from '../db/running-build';
import { SITE_ROOT } from '../config/base';
import { siteConfig } from '../config/site';
import { $preview } from '../stores/preview';
import { EMBEDDED_CATALOGUES_ID } from './kit/embedded';
import type { CatalogueLoader, CatalogueName } from './kit/catalogues';

let embedded: Partial<Catalogues> | undefined;

/** The catalogues this page embedded (none in preview mode: the database has the drafts). */
function embeddedCatalogues(): Partial<Catalogues> {
  if (embedded) return embedded;
  embedded = {};
  const el = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_CATALOGUES_ID);
  if (el?.textContent && !$preview.get().active) {
    try {
      embedded = JSON.parse(el.textContent) as Partial<Catalogues>;
    } catch {
      // A damaged page: the database answers instead.
    }
  }
  return embedded;
}

let client: Promise<ContentClient> | null = null;

function contentClient(): Promise<ContentClient> {
  client ??= Promise.all([import('../db/content-client'), runningBuild()]).then(([{ createContentClient }, build]) =>
    createContentClient({
      root: SITE_ROOT,
      integrity: build?.integrity ?? '',
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
  const inPage = embeddedCatalogues()[name];
  if (!p && inPage) {
    p = Promise.resolve(inPage);
    cache.set(name, p);
  }
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
export const loadCatalogues: CatalogueLoader = async (names) => {
  const entries = await Promise.all(names.map(async (n) => [n, await loadCatalogue(n)] as const));
  return Object.fromEntries(entries) as Partial<Catalogues>;
};
