/**
 * Documents kept in this page only: the repository the editors fall back to
 * when this device's storage cannot be used (IndexedDB disabled, blocked,
 * written by a newer Nucleus, or full). The player keeps working, is told
 * so in a sentence (`storageProblem`), and can export; the edit journal
 * (journal.ts) still guards what is typed where localStorage works.
 *
 * It keeps the contract of DocumentRepository (revisions and conflicts,
 * the trash, one version per save) without persistence or other tabs.
 */
import type { NucleusDocument } from '../rules';
import { decideSave } from './conflicts';
import { applyListQuery, storedRecord } from './local/records';
import { summariseChange } from './versions';
import type { ChangeEvent, DocumentRepository, SaveResult, StoredDocument, Version } from './types';

/** Versions kept per document (the newest). */
const VERSIONS_KEPT = 20;

export function createMemoryRepository(now: () => number = Date.now): DocumentRepository {
  const documents = new Map<string, StoredDocument>();
  const versions = new Map<string, Version[]>();
  const listeners = new Set<(e: ChangeEvent) => void>();
  const emit = (event: Omit<ChangeEvent, 'remote'>) => listeners.forEach((l) => l({ ...event, remote: false }));
  const iso = () => new Date(now()).toISOString();

  function setDeleted(id: string, deletedAt: string | undefined): StoredDocument | undefined {
    const stored = documents.get(id);
    if (!stored) return undefined;
    const next = { ...stored };
    if (deletedAt) next.deletedAt = deletedAt;
    else delete next.deletedAt;
    documents.set(id, next);
    return next;
  }

  const repo: DocumentRepository = {
    place: 'device',
    async list(query) {
      return applyListQuery([...documents.values()], query);
    },
    async get(id) {
      return documents.get(id);
    },
    async save(document: NucleusDocument, options): Promise<SaveResult> {
      const stored = documents.get(document.id);
      const decision = decideSave(stored?.revision, options.basedOn);
      if (!decision.ok) return { ok: false, conflict: stored! };
      const at = iso();
      const record = storedRecord(document, { revision: decision.revision, valid: options.valid ?? true, at, keepTimestamps: options.keepTimestamps }, stored);
      const doc = record.document;
      documents.set(doc.id, record);
      const history = versions.get(doc.id) ?? [];
      const summary = summariseChange(history[0] ? (history[0].document as Record<string, unknown>) : null, doc as Record<string, unknown>);
      versions.set(doc.id, [{ id: `r${record.revision}`, documentId: doc.id, revision: record.revision, savedAt: at, summary, document: doc }, ...history].slice(0, VERSIONS_KEPT));
      emit({ type: 'saved', id: doc.id, kind: doc.kind, revision: record.revision, ...(options.movedToCopy ? { movedToCopy: options.movedToCopy } : {}) });
      return { ok: true, stored: record };
    },
    async delete(id) {
      const s = setDeleted(id, iso());
      if (s) emit({ type: 'deleted', id, kind: s.kind, revision: s.revision });
    },
    async restore(id) {
      const s = setDeleted(id, undefined);
      if (s) emit({ type: 'restored', id, kind: s.kind, revision: s.revision });
    },
    async purge(id) {
      const s = documents.get(id);
      documents.delete(id);
      versions.delete(id);
      emit({ type: 'purged', id, kind: s?.kind });
    },
    async versions(id) {
      return [...(versions.get(id) ?? [])];
    },
    async restoreVersion(id, versionId) {
      const version = versions.get(id)?.find((v) => v.id === versionId);
      const stored = documents.get(id);
      if (!version || !stored) throw new Error(`There is no version ${versionId} of document ${id}.`);
      return repo.save(version.document, { basedOn: stored.revision, newVersion: true });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async usage() {
      const all = [...documents.values()];
      return { documents: all.length, bytes: all.reduce((n, d) => n + JSON.stringify(d).length, 0) };
    },
  };
  return repo;
}
