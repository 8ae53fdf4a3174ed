/**
 * The contract every place that keeps editor documents fulfils: this device
 * (IndexedDB) and the cloud (Firestore). Editors and the library code
 * against `DocumentRepository` only, never against a place.
 *
 * A stored document is the rules engine's document plus what storage adds:
 * a revision counter (a save names the revision it was based on; an older
 * base is a conflict, never an overwrite), the trash mark and the validity
 * at save time (rule issues never block a save; the library marks them).
 */
import type { DocumentKind, NucleusDocument } from '../rules';

export type { DocumentKind, NucleusDocument };

/** Where a repository keeps its documents. */
export type Place = 'device' | 'cloud';

/** Sync state of a document of a signed-in user, as the library shows it. */
export type SyncState = 'local' | 'synced' | 'waiting' | 'conflict';

export interface StoredDocument {
  id: string;
  kind: DocumentKind;
  name: string;
  tags: string[];
  /** 1 on the first save, +1 on every save. */
  revision: number;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
  /** Set while the document is in the trash (kept TRASH_DAYS days). */
  deletedAt?: string;
  /** `evaluate(document).valid` when it was saved. */
  valid: boolean;
  /** The document itself, parsed and migrated (unknown fields kept). */
  document: NucleusDocument;
  sync?: SyncState;
  /** Set when the stored document can no longer be read (the sentence why); the library marks it. */
  problem?: string;
}

/** A copy one document carries of another (a character's gear and cores), by origin id. */
export interface CarriedCopy {
  originId: string;
  slot: 'gear' | 'cores';
  name: string;
}

/**
 * A stored document without its content: what a list shows. This device
 * keeps these in their own small store, so listing a large library does not
 * read every document.
 */
export type DocumentSummary = Omit<StoredDocument, 'document'> & {
  /** The copies it carries of other documents (for "what refers to this" before a delete). */
  carries?: CarriedCopy[];
  /** Bytes of the record and its versions (JSON length), for the storage used. */
  bytes?: number;
};

export interface ListQuery {
  kind?: DocumentKind;
  /** Case-insensitive text in the name. */
  text?: string;
  /** Every tag must be present. */
  tags?: readonly string[];
  sort?: 'name' | 'updated';
  /** true: only the trash; false/undefined: only live documents. */
  trash?: boolean;
}

export interface Version {
  /** Unique within the document. */
  id: string;
  documentId: string;
  revision: number;
  savedAt: string;
  /** A short sentence of what changed since the version before. */
  summary: string;
  document: NucleusDocument;
}

/**
 * The most characters a document's JSON may have: the cloud keeps it as one
 * Firestore field under its 1 MiB limit (firestore.rules says the same), so
 * a larger document could never sync. Imports refuse it; the editor warns.
 */
export const MAX_CLOUD_JSON = 500_000;

/** Days a deleted document stays in the trash before it is purged. */
export const TRASH_DAYS = 30;

export interface SaveOptions {
  /** The revision the edit started from; 0 for a document never saved. */
  basedOn: number;
  /**
   * `evaluate(document, catalogues).valid` as the editor computed it (the
   * editor has the catalogues). Without it the repository evaluates itself.
   */
  valid?: boolean;
  /**
   * Start a new version even within the coalescing window: used by
   * version restores and import-replace, so the content they replace stays
   * in the history and the step can be undone.
   */
  newVersion?: boolean;
  /**
   * Keep the document's own createdAt/updatedAt instead of stamping the
   * save time (imports: an exported library comes back identical).
   */
  keepTimestamps?: boolean;
  /**
   * A conflict keeping both (session S4): this save replaces revision
   * `revision`, whose content was just saved as the conflict copy `id`.
   * The change event carries it, so a tab still showing that revision can
   * tell its player where their version went.
   */
  movedToCopy?: MovedToCopy;
}

export interface MovedToCopy {
  /** The revision of this document whose content is now the copy. */
  revision: number;
  id: string;
  name: string;
}

export type SaveResult = { ok: true; stored: StoredDocument } | { ok: false; conflict: StoredDocument };

export type ChangeType = 'saved' | 'deleted' | 'restored' | 'purged';

export interface ChangeEvent {
  type: ChangeType;
  id: string;
  kind?: DocumentKind;
  revision?: number;
  /** true when the change came from another tab or device. */
  remote: boolean;
  /** A save that moved the revision before it to a conflict copy (SaveOptions.movedToCopy). */
  movedToCopy?: MovedToCopy;
}

export interface Usage {
  /** Live documents and documents in the trash. */
  documents: number;
  /** Bytes of the stored documents and their versions (JSON length). */
  bytes: number;
  /** What the browser allows this site, when it says (navigator.storage.estimate). */
  quota?: number;
}

export interface DocumentRepository {
  readonly place: Place;
  list(query?: ListQuery): Promise<StoredDocument[]>;
  /** The same list without the documents' content (fast on a large library); places that have no lighter way leave it out. */
  summaries?(query?: ListQuery): Promise<DocumentSummary[]>;
  get(id: string): Promise<StoredDocument | undefined>;
  save(document: NucleusDocument, options: SaveOptions): Promise<SaveResult>;
  /** To the trash. */
  delete(id: string): Promise<void>;
  /** Out of the trash. */
  restore(id: string): Promise<void>;
  /** Gone for good, with its versions. */
  purge(id: string): Promise<void>;
  versions(id: string): Promise<Version[]>;
  /** A new save whose content is the version's (so it can be undone). */
  restoreVersion(id: string, versionId: string): Promise<SaveResult>;
  subscribe(listener: (event: ChangeEvent) => void): () => void;
  usage(): Promise<Usage>;
}
