/**
 * The kit's side of the catalogues: their names, how an editor asks for them
 * and where the rules pages describe an entry. Pure: the loader that reads
 * the page's embedded catalogues or the content database (app state: the
 * preview store, the site config) is src/editors/catalogues.ts, and each
 * editor's island hands it to `EditorApp`.
 */
import type { Catalogues } from '../../rules/engine';

export type CatalogueName = keyof Catalogues;

/** Loads several catalogues at once, as the partial `Catalogues` that `evaluate` takes. */
export type CatalogueLoader = (names: readonly CatalogueName[]) => Promise<Partial<Catalogues>>;

/**
 * Where the rules pages describe catalogue entries: per catalogue (gear: per
 * list), the page's address (the site's base path included) and the anchor
 * prefix. The editor route computes it at build time
 * (src/editors/EditorShell.astro) and hands it to the island.
 */
export type RulesLinks = Record<string, { path: string; prefix: string } | undefined>;

/** The rules-page address of one entry, or undefined when no page lists it. */
export function rulesHref(links: RulesLinks | undefined, key: string, id: string): string | undefined {
  const home = links?.[key];
  return home ? `${home.path}#${home.prefix}-${id}` : undefined;
}
