/**
 * The rules' values that need no schema: the document schema version and
 * kinds, a new document's header, an empty set of catalogues and an effect's text at a potency. They live apart
 * from `schemas/` (which build zod objects when loaded) so that the browser's
 * editors can evaluate documents without loading zod (see `engine.ts`).
 * `schemas/` re-exports each of them where it always was.
 */
import type { Catalogues } from './schemas/catalogues';
import type { CoreEffectEntry } from './schemas/core-effect';

/** The document schema version this code writes and reads (older ones migrate). */
export const SCHEMA_VERSION = 1;

/** The kinds of editor document, in the editors' order. */
export const DOCUMENT_KINDS = ['blueprint', 'core', 'character', 'creature', 'encounter', 'pack'] as const;

export function emptyCatalogues(): Catalogues {
  return { features: [], blueprintFeatures: [], coreEffects: [], coreSideEffects: [], creatureProperties: [], gear: [], creatures: [] };
}

/**
 * An effect's rules text at a potency. A word written `round(s)` after a
 * number takes the number's form once the number is known: `1 round`,
 * `2 rounds`, never `1 round(s)`.
 * @example renderEffectText({ template: 'Push the target {potency*2} metres.' }, 3) ⇒ 'Push the target 6 metres.'
 * @example renderEffectText({ template: 'Stunned for {potency} round(s).' }, 1) ⇒ 'Stunned for 1 round.'
 */
export function renderEffectText(effect: Pick<CoreEffectEntry, 'template'>, potency: number): string {
  return effect.template
    .replace(/\{potency(?:\s*\*\s*(\d+))?\}/g, (_m, n: string | undefined) => String(n ? potency * Number(n) : potency))
    .replace(/\b(\d+)(\s+\p{L}+)\(s\)/gu, (_m, n: string, word: string) => `${n}${word}${Number(n) === 1 ? '' : 's'}`);
}

/**
 * The header of a new document (GAME.md §6): the current schema version,
 * created and updated at `now`, no tags. The caller brings the id (storage
 * makes it) and the time, so this stays pure; the kind and the kind's own
 * fields follow it in the caller's object.
 */
export function newDocumentFields(id: string, name: string, now: string) {
  return { id, schemaVersion: SCHEMA_VERSION, name, createdAt: now, updatedAt: now, tags: [] as string[] };
}
