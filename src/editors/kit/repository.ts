/**
 * The repository the editors save to: src/storage's active repository (this
 * device's IndexedDB, shared in the page with the /nucleus library, or the
 * cloud layer's when signed in), and helpers for new documents.
 */
import type { Catalogues, NucleusDocument } from '../../rules/engine';
import { evaluate, newDocumentFields } from '../../rules/engine';
// Storage's modules one by one (its index also brings import/export, whose parsing loads zod).
import { activeRepository, setActiveRepository, deviceRepository } from '../../storage/active';
import { newDocumentId as storageId } from '../../storage/session';
import type { DocumentRepository } from '../../storage/types';

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

/** Another repository for the editors (the cloud layer, tests). */
export function setRepository(r: DocumentRepository): void {
  setActiveRepository(r);
}
