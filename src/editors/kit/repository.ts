/**
 * The repository the editors save to: src/storage's active repository (this
 * device's IndexedDB, shared in the page with the /nucleus library, or the
 * cloud layer's when signed in), and helpers for new documents.
 */
import type { Catalogues, NucleusDocument } from '../../rules';
import { evaluate, newDocumentFields } from '../../rules';
import { activeRepository, setActiveRepository, newDocumentId as storageId, exportFileName as storageFileName, type DocumentRepository } from '../../storage';
import { deviceRepository } from '../../storage/active';

let catalogues: Partial<Catalogues> = {};

/** Catalogues the kit uses to mark a saved document valid or not. */
export function setRepositoryCatalogues(c: Partial<Catalogues>): void {
  catalogues = { ...catalogues, ...c };
}

/** `evaluate(doc).valid` with the loaded catalogues (the library's "breaks a rule" mark). */
export function validity(doc: NucleusDocument): boolean {
  return evaluate(doc, catalogues).valid;
}

/** The active repository (the device one is made first, with the catalogues for its validity mark). */
export function repository(): Promise<DocumentRepository> {
  deviceRepository({ catalogues: () => catalogues });
  return activeRepository();
}

/** This device's repository, at once (the kit's first surface; `repository()` also follows a cloud one). */
export function getRepository(): DocumentRepository {
  return deviceRepository({ catalogues: () => catalogues });
}

export function newDocumentId(): string {
  return storageId();
}

/** The fields every new document carries (GAME.md §6). */
export function documentBase(name: string, now = new Date().toISOString()) {
  return newDocumentFields(newDocumentId(), name, now);
}

/** A copy of a document under a new id. */
export function copyDocument<D extends NucleusDocument>(doc: D, name = doc.name): D {
  const now = new Date().toISOString();
  return { ...structuredClone(doc), id: newDocumentId(), name, createdAt: now, updatedAt: now };
}

/** File name of an export (storage's: `plasma-rifle.nucleus.json`). */
export function exportFileName(doc: Pick<NucleusDocument, 'name'>): string {
  return storageFileName(doc.name);
}

/** Another repository for the editors (the cloud layer, tests). */
export function setRepository(r: DocumentRepository): void {
  setActiveRepository(r);
}
