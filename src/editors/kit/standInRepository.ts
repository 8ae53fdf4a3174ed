/**
 * A small DocumentRepository on IndexedDB, used by the editors until
 * src/storage's own device repository is on main (then `repository.ts`
 * switches to it and this file goes). It keeps the contract's behaviour the
 * editors rely on: revisions and conflicts, the trash, versions, and change
 * events from other tabs (BroadcastChannel).
 */
import { openDB, type IDBPDatabase } from 'idb';
import { evaluate, type NucleusDocument } from '../../rules';
import type { ChangeEvent, DocumentRepository, ListQuery, SaveResult, StoredDocument, Version } from '../../storage/types';
import type { Catalogues } from '../../rules';

const DB_NAME = 'nucleus-editor-documents';

export function createStandInRepository(catalogues: () => Partial<Catalogues> = () => ({})): DocumentRepository {
  let db: Promise<IDBPDatabase> | null = null;
  const open = () =>
    (db ??= openDB(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore('documents', { keyPath: 'id' });
        d.createObjectStore('versions', { keyPath: 'id' }).createIndex('documentId', 'documentId');
      },
    }));
  const listeners = new Set<(e: ChangeEvent) => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_NAME) : null;
  channel?.addEventListener('message', (m: MessageEvent<ChangeEvent>) => listeners.forEach((l) => l({ ...m.data, remote: true })));
  const emit = (e: Omit<ChangeEvent, 'remote'>) => {
    listeners.forEach((l) => l({ ...e, remote: false }));
    channel?.postMessage({ ...e, remote: true });
  };

  const repo: DocumentRepository = {
    place: 'device',
    async list(query: ListQuery = {}) {
      const all = (await (await open()).getAll('documents')) as StoredDocument[];
      const text = query.text?.toLowerCase();
      return all
        .filter((d) => (query.trash ? !!d.deletedAt : !d.deletedAt))
        .filter((d) => !query.kind || d.kind === query.kind)
        .filter((d) => !text || d.name.toLowerCase().includes(text))
        .filter((d) => (query.tags ?? []).every((t) => d.tags.includes(t)))
        .sort((a, b) => (query.sort === 'name' ? a.name.localeCompare(b.name) : b.updatedAt.localeCompare(a.updatedAt)));
    },
    async get(id) {
      return (await (await open()).get('documents', id)) as StoredDocument | undefined;
    },
    async save(document: NucleusDocument, { basedOn }): Promise<SaveResult> {
      const d = await open();
      const tx = d.transaction(['documents', 'versions'], 'readwrite');
      const old = (await tx.objectStore('documents').get(document.id)) as StoredDocument | undefined;
      if ((old?.revision ?? 0) !== basedOn) {
        await tx.done;
        return { ok: false, conflict: old! };
      }
      const now = new Date().toISOString();
      const doc = { ...document, updatedAt: now } as NucleusDocument;
      const stored: StoredDocument = {
        id: doc.id,
        kind: doc.kind,
        name: doc.name,
        tags: doc.tags ?? [],
        revision: basedOn + 1,
        createdAt: old?.createdAt ?? doc.createdAt ?? now,
        updatedAt: now,
        valid: evaluate(doc, catalogues()).valid,
        document: doc,
      };
      await tx.objectStore('documents').put(stored);
      await tx.objectStore('versions').put({ id: `${doc.id}@${stored.revision}`, documentId: doc.id, revision: stored.revision, savedAt: now, summary: old ? 'Saved' : 'Created', document: doc } satisfies Version);
      await tx.done;
      emit({ type: 'saved', id: doc.id, kind: doc.kind, revision: stored.revision });
      return { ok: true, stored };
    },
    async delete(id) {
      const d = await open();
      const old = (await d.get('documents', id)) as StoredDocument | undefined;
      if (!old) return;
      await d.put('documents', { ...old, deletedAt: new Date().toISOString() });
      emit({ type: 'deleted', id, kind: old.kind });
    },
    async restore(id) {
      const d = await open();
      const old = (await d.get('documents', id)) as StoredDocument | undefined;
      if (!old) return;
      const { deletedAt: _gone, ...rest } = old;
      await d.put('documents', rest);
      emit({ type: 'restored', id, kind: old.kind });
    },
    async purge(id) {
      const d = await open();
      await d.delete('documents', id);
      for (const key of await d.getAllKeysFromIndex('versions', 'documentId', id)) await d.delete('versions', key);
      emit({ type: 'purged', id });
    },
    async versions(id) {
      const all = (await (await open()).getAllFromIndex('versions', 'documentId', id)) as Version[];
      return all.sort((a, b) => b.revision - a.revision);
    },
    async restoreVersion(id, versionId) {
      const d = await open();
      const v = (await d.get('versions', versionId)) as Version | undefined;
      const cur = (await d.get('documents', id)) as StoredDocument | undefined;
      if (!v || !cur) throw new Error(`There is no version ${versionId} of this document.`);
      return repo.save({ ...v.document, id }, { basedOn: cur.revision });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async usage() {
      const all = (await (await open()).getAll('documents')) as StoredDocument[];
      return { documents: all.length, bytes: all.reduce((n, d) => n + JSON.stringify(d).length, 0) };
    },
  };
  return repo;
}
