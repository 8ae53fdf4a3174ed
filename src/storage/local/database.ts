/**
 * The IndexedDB database of this device's documents: its stores, opening it
 * without waiting for ever, and upgrading an older one.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { DocumentSummary, StoredDocument, Version } from '../types';
import { jsonBytes, summaryOf } from './records';

export const DEFAULT_DB_NAME = 'nucleus-documents';
/** 1: documents, versions, meta. 2: + summaries (built from the documents on upgrade). */
const DB_VERSION = 2;

/** A version as stored: `startedAt` is when its coalescing window opened. */
export interface VersionRecord extends Version {
  startedAt: number;
}

/** A summary as stored: with the schema version its document was saved in (an older one is upgraded when listed). */
export type SummaryRecord = DocumentSummary & { schemaVersion?: unknown };

export interface NucleusDB extends DBSchema {
  documents: { key: string; value: StoredDocument };
  summaries: { key: string; value: SummaryRecord };
  versions: { key: [string, string]; value: VersionRecord; indexes: { documentId: string } };
  meta: { key: string; value: unknown };
}

export type Database = IDBPDatabase<NucleusDB>;
export type WriteTransaction = IDBPTransaction<NucleusDB, ('documents' | 'versions' | 'summaries')[], 'readwrite'>;

/** How long opening the database may take before the page says storage cannot be used. */
export const OPEN_TIMEOUT_MS = 8000;

/**
 * Another tab holds the database open at an older version and does not let
 * go: the upgrade waits for it (`blocked`).
 */
export class StorageBlockedError extends Error {
  override readonly name = 'StorageBlockedError';
}

/** Aborts a transaction that may already have ended (a failed request aborts it first). */
export function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // already aborted or finished: nothing of it was committed past this point
  }
}

/** Opens (and upgrades) the database; never waits for ever (blocked, or no answer within OPEN_TIMEOUT_MS). */
export function openDatabase(name: string): Promise<Database> {
  let fail: (e: Error) => void = () => undefined;
  const stuck = new Promise<never>((_, reject) => (fail = reject));
  const timer = setTimeout(() => fail(new StorageBlockedError(`The browser did not open its storage within ${OPEN_TIMEOUT_MS / 1000} s.`)), OPEN_TIMEOUT_MS);
  // Only the race below reports `stuck`; on its own it is not an error of the page.
  stuck.catch(() => undefined);
  let opening: Promise<Database>;
  try {
    opening = openDB<NucleusDB>(name, DB_VERSION, {
      blocked: () => fail(new StorageBlockedError('Another Nucleus tab holds an older version of the documents open.')),
      upgrade: upgradeDatabase,
    });
  } catch (e) {
    // A browser that refuses storage throws from indexedDB.open itself.
    clearTimeout(timer);
    return Promise.reject(e);
  }
  // A late success after a refusal: close it, so it does not block the next page.
  void opening.then(
    (db) => {
      clearTimeout(timer);
      return stuck.catch(() => db.close());
    },
    () => clearTimeout(timer),
  );
  return Promise.race([opening, stuck]);
}

async function upgradeDatabase(database: Database, oldVersion: number, _newVersion: number | null, tx: IDBPTransaction<NucleusDB, ('documents' | 'versions' | 'summaries' | 'meta')[], 'versionchange'>): Promise<void> {
  if (oldVersion < 1) {
    database.createObjectStore('documents', { keyPath: 'id' });
    const versions = database.createObjectStore('versions', { keyPath: ['documentId', 'id'] });
    versions.createIndex('documentId', 'documentId');
    database.createObjectStore('meta');
  }
  if (oldVersion < 2) {
    const summaries = database.createObjectStore('summaries', { keyPath: 'id' });
    if (oldVersion >= 1) {
      // Built once from what is stored; the documents themselves are not touched.
      const [docs, versions] = await Promise.all([tx.objectStore('documents').getAll(), tx.objectStore('versions').getAll()]);
      const versionBytes = new Map<string, number>();
      for (const v of versions) versionBytes.set(v.documentId, (versionBytes.get(v.documentId) ?? 0) + jsonBytes(v));
      await Promise.all(docs.map((d) => summaries.put(summaryOf(d, versionBytes.get(d.id) ?? 0))));
    }
  }
}
