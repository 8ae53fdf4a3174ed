/**
 * Copies: "Save a copy" of a shared document and "Duplicate" in the
 * library. A copy always gets a new id, so it never shares history with
 * the document it came from.
 */
import type { NucleusDocument } from '../rules';
import { activeRepository } from './active';
import { newDocumentId } from './session';
import type { DocumentRepository, StoredDocument } from './types';

/** "Copy of Longarm". */
export function copyName(name: string): string {
  return `Copy of ${name}`;
}

/** Saves `document` under a new id (optionally renamed); returns the stored copy. */
export async function saveCopy(
  document: NucleusDocument,
  options: { name?: string; repository?: DocumentRepository; valid?: boolean } = {},
): Promise<StoredDocument> {
  const repo = options.repository ?? (await activeRepository());
  const iso = new Date().toISOString();
  const copy = { ...document, id: newDocumentId(), name: options.name ?? document.name, createdAt: iso, updatedAt: iso } as NucleusDocument;
  const r = await repo.save(copy, { basedOn: 0, valid: options.valid });
  if (!r.ok) throw new Error('The copy could not be saved: its new id is already taken.');
  return r.stored;
}

/** Library "Duplicate": a new id and the name "Copy of …". */
export async function duplicateDocument(id: string, repository?: DocumentRepository): Promise<StoredDocument> {
  const repo = repository ?? (await activeRepository());
  const stored = await repo.get(id);
  if (!stored) throw new Error(`There is no document with the id "${id}" to duplicate.`);
  return saveCopy(stored.document, { name: copyName(stored.name), repository: repo, valid: stored.valid });
}
