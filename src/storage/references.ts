/**
 * "What refers to this" before a delete: characters carry copies of
 * blueprints (gear) and cores, each marked with the `originId` it was
 * copied from. Deleting the original orphans nothing (the copies are full
 * documents), but the player should know.
 */
import type { NucleusDocument } from '../rules';
import type { CarriedCopy, DocumentSummary, StoredDocument } from './types';

export interface Reference {
  /** The character that carries a copy. */
  character: DocumentSummary;
  /** 'gear' or 'cores', and the copy's name there. */
  slot: 'gear' | 'cores';
  name: string;
}

/** The copies a document carries of others (kept in its summary, so a delete need not read every character). */
export function carriedCopies(document: NucleusDocument): CarriedCopy[] {
  if (document.kind !== 'character') return [];
  const doc = document as { gear?: { originId?: string; name: string }[]; cores?: { originId?: string; name: string }[] };
  const found: CarriedCopy[] = [];
  for (const slot of ['gear', 'cores'] as const) {
    for (const item of doc[slot] ?? []) if (typeof item.originId === 'string') found.push({ originId: item.originId, slot, name: item.name });
  }
  return found;
}

/** Live characters among `documents` (full documents or summaries) that carry a copy of document `id`. */
export function referencesTo(documents: readonly (DocumentSummary | StoredDocument)[], id: string): Reference[] {
  const found: Reference[] = [];
  for (const d of documents) {
    if (d.kind !== 'character' || d.deletedAt || d.id === id) continue;
    const carried = 'document' in d && d.document ? carriedCopies(d.document) : ((d as DocumentSummary).carries ?? []);
    for (const c of carried) if (c.originId === id) found.push({ character: d, slot: c.slot, name: c.name });
  }
  return found;
}
