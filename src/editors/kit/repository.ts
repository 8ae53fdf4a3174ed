/**
 * The repository the editors save to. One per page, shared by every editor:
 * src/storage's device repository (the same instance the /nucleus library
 * lists), with the catalogues for its validity mark.
 */
import type { Catalogues, NucleusDocument } from '../../rules';
import { SCHEMA_VERSION } from '../../rules';
import type { DocumentRepository } from '../../storage/types';
import { deviceRepository } from '../../storage/active';

let repo: DocumentRepository | null = null;
let catalogues: Partial<Catalogues> = {};

/** Catalogues the repository uses to mark a saved document valid or not. */
export function setRepositoryCatalogues(c: Partial<Catalogues>): void {
  catalogues = { ...catalogues, ...c };
}

export function getRepository(): DocumentRepository {
  repo ??= deviceRepository({ catalogues: () => catalogues });
  return repo;
}

/** For tests and other places (a cloud repository once signed in). */
export function setRepository(r: DocumentRepository): void {
  repo = r;
}

export function newDocumentId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `doc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The fields every new document carries (GAME.md §6). */
export function documentBase(name: string, now = new Date().toISOString()) {
  return { id: newDocumentId(), schemaVersion: SCHEMA_VERSION, name, createdAt: now, updatedAt: now, tags: [] as string[] };
}

/** A copy of a document under a new id ("Duplicate", "Save a copy", imports of a known id). */
export function copyDocument<D extends NucleusDocument>(doc: D, name = doc.name): D {
  const now = new Date().toISOString();
  return { ...structuredClone(doc), id: newDocumentId(), name, createdAt: now, updatedAt: now };
}

/** File name of an export: the name in kebab case and the kind, e.g. `plasma-rifle.blueprint.json`. */
export function exportFileName(doc: Pick<NucleusDocument, 'name' | 'kind'>): string {
  const base = doc.name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'untitled';
  return `${base}.${doc.kind}.json`;
}
