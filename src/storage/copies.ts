/**
 * Copies: "Save a copy" of a shared document and "Duplicate" in the
 * library. A copy always gets a new id, so it never shares history with
 * the document it came from.
 */
import type { NucleusDocument } from '../rules';
import { activeRepository } from './active';
import { newDocumentId, openDocument, type DocumentSession, type OpenOptions } from './session';
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
  const r = await repo.save(fresh(document, options.name), { basedOn: 0, valid: options.valid });
  if (!r.ok) throw new Error('The copy could not be saved: its new id is already taken.');
  return r.stored;
}

/** `document` under a new id, created now. */
function fresh(document: NucleusDocument, name = document.name): NucleusDocument {
  const iso = new Date().toISOString();
  return { ...document, id: newDocumentId(), name, createdAt: iso, updatedAt: iso } as NucleusDocument;
}

/**
 * "New …" and every start from a template: a session for a copy of
 * `document` under a new id, saved once before it resolves. A first save
 * that fails (storage full, or broken) does not stop the player: the
 * session holds the document in the page with the save's sentence
 * (`$saveState` 'error', `$error`), exactly as when a later save of an open
 * document fails, and keeps trying on each edit.
 */
export async function openCopy(document: NucleusDocument, options: OpenOptions = {}): Promise<DocumentSession> {
  const session = await openDocument(fresh(document), options);
  await session.flush();
  return session;
}

/** Library "Duplicate": a new id and the name "Copy of …". */
export async function duplicateDocument(id: string, repository?: DocumentRepository): Promise<StoredDocument> {
  const repo = repository ?? (await activeRepository());
  const stored = await repo.get(id);
  if (!stored) throw new Error(`There is no document with the id "${id}" to duplicate.`);
  return saveCopy(stored.document, { name: copyName(stored.name), repository: repo, valid: stored.valid });
}
