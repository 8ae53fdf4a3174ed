/**
 * The repository the editors save to: src/storage's active repository (this
 * device's IndexedDB, or the cloud layer's when signed in), and helpers for
 * new documents.
 */
import type { Catalogues, NucleusDocument } from '../../rules';
import { SCHEMA_VERSION, evaluate } from '../../rules';
import { activeRepository, setActiveRepository, newDocumentId as storageId, exportFileName as storageFileName, type DocumentRepository } from '../../storage';

let catalogues: Partial<Catalogues> = {};

/** Catalogues the kit uses to mark a saved document valid or not. */
export function setRepositoryCatalogues(c: Partial<Catalogues>): void {
  catalogues = { ...catalogues, ...c };
}

/** `evaluate(doc).valid` with the loaded catalogues (the library's "breaks a rule" mark). */
export function validity(doc: NucleusDocument): boolean {
  return evaluate(doc, catalogues).valid;
}

/** The active repository (async: IndexedDB opens once per page). */
export function repository(): Promise<DocumentRepository> {
  return activeRepository();
}

/**
 * @deprecated use `repository()`; kept for the kit's first surface. A
 * repository whose calls wait for the active one.
 */
export function getRepository(): DocumentRepository {
  const r = activeRepository();
  return {
    place: 'device',
    list: (q) => r.then((x) => x.list(q)),
    get: (id) => r.then((x) => x.get(id)),
    save: (d, o) => r.then((x) => x.save(d, o)),
    delete: (id) => r.then((x) => x.delete(id)),
    restore: (id) => r.then((x) => x.restore(id)),
    purge: (id) => r.then((x) => x.purge(id)),
    versions: (id) => r.then((x) => x.versions(id)),
    restoreVersion: (id, v) => r.then((x) => x.restoreVersion(id, v)),
    subscribe: (listener) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void r.then((x) => {
        if (!stopped) stop = x.subscribe(listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
    usage: () => r.then((x) => x.usage()),
  };
}

export function newDocumentId(): string {
  return storageId();
}

/** The fields every new document carries (GAME.md §6). */
export function documentBase(name: string, now = new Date().toISOString()) {
  return { id: newDocumentId(), schemaVersion: SCHEMA_VERSION, name, createdAt: now, updatedAt: now, tags: [] as string[] };
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
