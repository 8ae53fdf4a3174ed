/**
 * "What refers to this" before a delete: characters carry copies of
 * blueprints (gear) and cores, each marked with the `originId` it was
 * copied from. Deleting the original orphans nothing (the copies are full
 * documents), but the player should know.
 */
import type { StoredDocument } from './types';

export interface Reference {
  /** The character that carries a copy. */
  character: StoredDocument;
  /** 'gear' or 'cores', and the copy's name there. */
  slot: 'gear' | 'cores';
  name: string;
}

/** Live characters among `documents` that carry a copy of document `id`. */
export function referencesTo(documents: readonly StoredDocument[], id: string): Reference[] {
  const found: Reference[] = [];
  for (const d of documents) {
    if (d.kind !== 'character' || d.deletedAt || d.id === id) continue;
    const doc = d.document as { gear?: { originId?: string; name: string }[]; cores?: { originId?: string; name: string }[] };
    for (const slot of ['gear', 'cores'] as const) {
      for (const item of doc[slot] ?? []) if (item.originId === id) found.push({ character: d, slot, name: item.name });
    }
  }
  return found;
}
