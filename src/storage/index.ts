/**
 * Editor documents: the public surface of `src/storage`.
 *
 * ## For an editor island (usage)
 *
 * ```ts
 * import { useStore } from '@nanostores/react';
 * import { openDocument, newDocumentId, editorHref } from '../../storage';
 *
 * // ?id=… opens a stored document; otherwise start a new one (saved on its first edit).
 * const id = new URLSearchParams(location.search).get('id');
 * const session = await openDocument(id ?? { ...blankBlueprint(), id: newDocumentId() }, {
 *   validity: (doc) => evaluate(doc, catalogues).valid, // the library marks documents with issues
 * });
 * const doc = useStore(session.$document);        // the working document
 * const state = useStore(session.$saveState);     // 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error' | …
 * session.update({ ...doc, name: 'Longarm' });    // autosaves ~0.8 s after the last edit,
 *                                                 // and at once on pagehide / tab hidden
 * // Another tab saved the same document while this one has unsaved edits:
 * const conflict = useStore(session.$conflict);   // { mine, theirs } to compare
 * await session.resolveConflict('mine');          // keeps both: the other becomes "Name (conflict copy, date)"
 * await session.close();                          // on unmount: saves what is pending
 * ```
 *
 * History: `repo.versions(id)` (newest first, each with `savedAt` and a
 * `summary`), `repo.restoreVersion(id, versionId)` (a new save; the session
 * reloads it). Share: `shareLink(doc)` → URL; on the editor route,
 * `hasSharedDocument(location.hash)` then `readShareLink(location.hash, kind)`
 * gives the document to show read-only, or throws ShareLinkError whose
 * message is the sentence to show; "Save a copy" is `saveCopy(doc)`.
 *
 * The repository (`activeRepository()`) is this device's IndexedDB unless
 * the cloud layer sets another with `setActiveRepository`. Code that needs
 * one synchronously uses `deviceRepository({ catalogues })` (the same
 * shared instance; it opens in the background).
 */
export type {
  ChangeEvent,
  ChangeType,
  CarriedCopy,
  DocumentKind,
  DocumentSummary,
  DocumentRepository,
  ListQuery,
  MovedToCopy,
  NucleusDocument,
  Place,
  SaveOptions,
  SaveResult,
  StoredDocument,
  SyncState,
  Usage,
  Version,
} from './types';
export { TRASH_DAYS } from './types';
export { activeRepository, setActiveRepository, deviceRepository } from './active';
export {
  openLocalRepository,
  createLocalRepository,
  applyListQuery,
  summaryOf,
  sortDocuments,
  validityOf,
  BatchConflictError,
  DEFAULT_DB_NAME,
  CHANNEL_NAME,
  type LocalRepository,
  type LocalRepositoryOptions,
} from './local';
export {
  openDocument,
  newDocumentId,
  DocumentNotFoundError,
  AUTOSAVE_MS,
  type DocumentSession,
  type OpenOptions,
  type SaveState,
  type Conflict,
  type ConflictResolution,
} from './session';
export { saveCopy, duplicateDocument, copyName } from './copies';
export { readPackFile, addImportedEntries, PackFileError, PACK_FILE_LIMITS, type PackFileContents } from './packFile';
export { editorPath, editorHref, hasEditor, shareLink, shareLinkWithNote, REFERENCES_ONLY_NOTE, hasSharedDocument, readShareLink } from './share';
export { ShareLinkError, MAX_SHARE_BYTES, encodeShare, decodeShare } from './sharelink';
export { conflictCopyName, decideSave, resolveConflict } from './conflicts';
export { COALESCE_MS, KEEP_RECENT, summariseChange } from './versions';
export {
  parseImport,
  applyImport,
  importCollisions,
  exportDocument,
  exportLibrary,
  exportUnreadable,
  exportFileName,
  problemLine,
  ImportError,
  LIBRARY_FORMAT,
  LIBRARY_VERSION,
  FILE_SUFFIX,
  type ImportChoice,
  type ImportProblem,
  type LibraryFile,
} from './transfer';
export { referencesTo, carriedCopies, type Reference } from './references';
