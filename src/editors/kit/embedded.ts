/**
 * The catalogues each editor route embeds in its page at build time
 * (src/editors/EditorShell.astro): an editor then opens without loading
 * sql.js and the content database (see src/editors/catalogues.ts). Kept here, not read
 * from the editors' definitions, so the build does not load editor code;
 * `embedded.test.ts` checks that it covers each definition's `catalogues`
 * (a catalogue left out still works, read from the database, only slower).
 */
import type { Catalogues, DocumentKind } from '../../rules/engine';
import type { CatalogueName } from './catalogues';

/** The id of the route's `<script type="application/json">` of embedded catalogues (read by src/editors/catalogues.ts). */
export const EMBEDDED_CATALOGUES_ID = 'nucleus-editor-catalogues';

export const ROUTE_CATALOGUES: Record<DocumentKind, readonly CatalogueName[]> = {
  blueprint: ['blueprintFeatures', 'gear'],
  core: ['coreEffects', 'coreSideEffects'],
  character: ['features', 'gear', 'blueprintFeatures', 'coreEffects', 'coreSideEffects'],
  creature: ['creatureProperties', 'creatures'],
  encounter: ['creatures', 'creatureProperties', 'features', 'gear', 'blueprintFeatures', 'coreEffects', 'coreSideEffects'],
  // A pack's entries may require any official entry (docs/packs.md); no route edits packs yet.
  pack: ['features', 'blueprintFeatures', 'coreEffects', 'coreSideEffects', 'creatureProperties', 'gear', 'creatures'],
};

/**
 * The JSON a route embeds for `kind`, safe inside a `<script>` element
 * (every `<` escaped, so no entry text can close the element).
 */
export function embeddedCatalogueJson(kind: DocumentKind, all: Partial<Catalogues>): string {
  const picked = Object.fromEntries(ROUTE_CATALOGUES[kind].flatMap((n) => (all[n] ? [[n, all[n]]] : [])));
  return JSON.stringify(picked).replace(/</g, '\\u003c');
}
