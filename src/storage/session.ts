/**
 * The save controller an editor holds for the document it shows
 * (`openDocument`). Framework-free: state lives in nanostores atoms, which
 * React reads with `useStore`.
 *
 * S1 An edit marks the document 'unsaved' and saves it AUTOSAVE_MS after
 *    the last edit (debounced); a page that is hidden or closed
 *    (`visibilitychange` → hidden, `pagehide`) starts the save at once.
 * S2 Every save names the revision the session last saved or loaded.
 * S3 A save of the same document elsewhere (another tab, the History menu)
 *    reloads it here when there are no unsaved edits; with unsaved edits it
 *    is a conflict, and neither side is overwritten.
 * S4 A conflict keeps both at once (so closing the tab then loses nothing):
 *    the side changed last stays under the document's id, the other is
 *    saved as "Name (conflict copy, date)". `$conflict` stays set, with
 *    what differs, until the player chooses: keep it so, or swap the two.
 *    A tab that showed the side moved to the copy, with nothing unsaved,
 *    shows the id's new content and says where its version went
 *    (`$movedToCopy`).
 * S5 Restoring a version is a new save of the version's content (it stays
 *    in the history, so the step can be undone).
 * S6 No edit is lost when the page goes away first: every edit is written
 *    at once to the journal (journal.ts J1–J5), which is cleared once the
 *    store holds it; opening a document replays what a gone page left.
 * S7 A document the store replaced with another tab's or device's version
 *    says so (`$replaced`) until dismissed; an edit that makes the document
 *    larger than the cloud keeps (MAX_CLOUD_JSON) is saved here and warned
 *    of (`$tooLarge`).
 *
 * In pieces under session/: `core` (state, journal, the save lane: S1,
 * S2, S6), `conflicts` (S4), `remote` (S3, S7); this file loads the
 * document, takes edits and restores versions (S5).
 */
import type { ReadableAtom } from 'nanostores';
import type { NucleusDocument } from '../rules';
import { MAX_CLOUD_JSON, type DocumentRepository, type MovedToCopy, type StoredDocument } from './types';
import { activeRepository } from './active';
import { createJournal, holdPageLock, replayJournal, type Journal, type Recovered, type ReplayOptions } from './journal';
import { SessionCore } from './session/core';
import { whyFailed } from './problems';
import { ConflictKeeper, newDocumentId } from './session/conflicts';
import { followChanges } from './session/remote';

/** Debounce of autosave after the last edit. */
export const AUTOSAVE_MS = 800;

/**
 * What the editor shows next to the document. 'offline' and 'synced' are
 * set by the cloud layer for signed-in users; this device alone knows
 * 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error'.
 */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'offline' | 'synced' | 'conflict' | 'error';

export interface Conflict {
  /** The edits of this session. */
  mine: NucleusDocument;
  /** What was saved elsewhere meanwhile. */
  theirs: StoredDocument;
  /** What differs between the two, a short sentence ("Changed name, notes"). */
  differs: string;
  /** S4: set once both are kept: which side stayed under the id… */
  kept?: 'mine' | 'theirs';
  /** …and where the other one is now. */
  copy?: StoredDocument;
}

export interface ConflictResolution {
  kept: 'mine' | 'theirs';
  /** The other side, saved under a new id as "Name (conflict copy, date)". */
  copy: StoredDocument;
}

export interface DocumentSession {
  readonly id: string;
  /** The working document (with unsaved edits). */
  readonly $document: ReadableAtom<NucleusDocument>;
  readonly $saveState: ReadableAtom<SaveState>;
  /** Set while the state is 'conflict'. */
  readonly $conflict: ReadableAtom<Conflict | null>;
  /** The last error sentence while the state is 'error'. */
  readonly $error: ReadableAtom<string | null>;
  /** The stored record as last saved or loaded (revision, validity, trash mark); null before the first save. */
  readonly $stored: ReadableAtom<StoredDocument | null>;
  /**
   * S4 seen from the other tab: the version this session showed was moved
   * to a conflict copy by another tab keeping both; set until dismissed.
   */
  readonly $movedToCopy: ReadableAtom<MovedToCopy | null>;
  dismissMovedToCopy(): void;
  /** S6: what opening recovered from a page that went away with edits unsaved. */
  readonly $recovered: ReadableAtom<Recovered | null>;
  /** S7: the revision another tab or device saved over what was shown (nothing was unsaved). */
  readonly $replaced: ReadableAtom<{ revision: number } | null>;
  /** S7: characters of the document's JSON when over MAX_CLOUD_JSON, else null. */
  readonly $tooLarge: ReadableAtom<number | null>;
  dismissNotice(which: 'recovered' | 'replaced'): void;
  /** Replaces the working document; autosaves AUTOSAVE_MS later. */
  update(next: NucleusDocument | ((current: NucleusDocument) => NucleusDocument)): void;
  /** Saves now if there are unsaved edits (resolves when written). */
  flush(): Promise<void>;
  /**
   * S4: the player's choice. Before both are kept: keep `keep` (default the
   * side changed last) under the id, the other as the copy. After: the same
   * side again closes the conflict; the other side swaps the two.
   */
  resolveConflict(keep?: 'mine' | 'theirs'): Promise<ConflictResolution>;
  /** S5: restores a version as a new save; resolves with the document now shown. */
  restoreVersion(versionId: string): Promise<NucleusDocument>;
  /** Saves pending edits, then stops listening. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Default: the active repository (this device unless the cloud layer set another). */
  repository?: DocumentRepository;
  /** `evaluate(doc, catalogues).valid`, for the library's "has issues" mark. */
  validity?: (document: NucleusDocument) => boolean;
  /** Autosave debounce (ms). */
  delayMs?: number;
  /** Listen to pagehide/visibilitychange (default: when there is a window). */
  lifecycle?: boolean;
  now?: () => number;
  /** S6: the journal (default: localStorage's; null: none). */
  journal?: Journal | null;
  /** J4 for tests: is the page that wrote a journal entry gone? */
  isGone?: ReplayOptions['isGone'];
}

export class DocumentNotFoundError extends Error {
  override readonly name = 'DocumentNotFoundError';
  constructor(readonly id: string) {
    super(`There is no document with the id "${id}" on this device. It may have been deleted forever, or saved in another browser.`);
  }
}

/** The stored document fails its schema (journal.ts J7's counterpart for a record): it is shown with its sentence and an Export, never edited. */
export class UnreadableDocumentError extends Error {
  override readonly name = 'UnreadableDocumentError';
  constructor(readonly stored: StoredDocument & { problem: string }) {
    super(stored.problem);
  }
}

export { newDocumentId };

/** What opening finds: the stored document (or a new one) and what a gone page left in the journal (S6). */
async function load(repo: DocumentRepository, source: string | NucleusDocument, journal: Journal | null, options: OpenOptions) {
  if (typeof source !== 'string') return { initial: source, stored: null, recovered: null, recoveryError: null };
  let recovered: Recovered | null = null;
  let recoveryError: string | null = null;
  if (journal) {
    try {
      const replayed = await replayJournal(repo, source, { journal, validity: options.validity, isGone: options.isGone });
      if (replayed?.kind !== 'kept') recovered = replayed;
      else {
        // J7: the document opens as stored; the entry stays in the journal, its sentence said here.
        recoveryError = replayed.unreadable
          ? `Edits made before the page last closed are kept apart, not in this document. ${replayed.problem} The list of documents offers them to export.`
          : `Edits made before the page last closed could not be recovered yet (they are kept for the next opening). ${replayed.problem}`;
      }
    } catch (e) {
      // The entry stays in the journal for the next opening; the player is told.
      recoveryError = `Edits made before the page last closed could not be recovered yet (they are kept for the next opening). ${whyFailed(e)}`;
    }
  }
  const found = await repo.get(source);
  if (!found) throw new DocumentNotFoundError(source);
  if (found.problem) throw new UnreadableDocumentError(found as StoredDocument & { problem: string });
  return { initial: found.document, stored: found, recovered, recoveryError };
}

/** S1: a page that is hidden or closed starts the save at once. Returns the removal. */
function saveWhenLeaving(flush: () => Promise<void>, enabled: boolean): () => void {
  if (!enabled || typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onHidden);
  };
}

/** An edit from the editor: into the journal at once (S6), saved after the debounce (S1). */
function edit(s: SessionCore, next: NucleusDocument | ((doc: NucleusDocument) => NucleusDocument)): void {
  const value = typeof next === 'function' ? next(s.$document.get()) : next;
  if (value.id !== s.id) throw new Error(`A session edits one document: "${value.id}" is not "${s.id}".`);
  s.$document.set(value);
  s.dirty = true;
  s.editedAt = s.now();
  s.record();
  s.$replaced.set(null);
  // S7: larger than the cloud keeps is saved here and warned of.
  const chars = JSON.stringify(value).length;
  s.$tooLarge.set(chars > MAX_CLOUD_JSON ? chars : null);
  const c = s.$conflict.get();
  if (c && !c.kept) {
    s.$conflict.set({ ...c, mine: value });
    return;
  }
  if (s.$saveState.get() !== 'saving') s.$saveState.set('unsaved');
  s.schedule();
}

/** S5: a version restored as a new save. */
async function restore(s: SessionCore, conflicts: ConflictKeeper, versionId: string): Promise<NucleusDocument> {
  await s.flush();
  return s.exclusive(async () => {
    const r = await s.repo.restoreVersion(s.id, versionId);
    if (!r.ok) {
      conflicts.enter(r.conflict);
      throw new Error('The document changed elsewhere meanwhile; both versions are kept.');
    }
    s.show(r.stored);
    return r.stored.document;
  });
}

/**
 * Opens a stored document by id, or starts a session for a new document
 * (saved on its first edit, or on `flush()`).
 * @throws DocumentNotFoundError for an unknown id; the stored document's problem when it cannot be read.
 */
export async function openDocument(source: string | NucleusDocument, options: OpenOptions = {}): Promise<DocumentSession> {
  const repo = options.repository ?? (await activeRepository());
  const journal = options.journal === undefined ? createJournal() : options.journal;
  // J4: this page's entries are its own while it lives.
  if (options.journal === undefined) holdPageLock();
  const loaded = await load(repo, source, journal, options);
  const s = new SessionCore({ ...loaded, repo, journal, validity: options.validity, delayMs: options.delayMs ?? AUTOSAVE_MS, now: options.now ?? Date.now });
  const conflicts = new ConflictKeeper(s);
  const unsubscribe = followChanges(s, conflicts);
  const stopLeaving = saveWhenLeaving(s.flush, options.lifecycle ?? true);
  return {
    id: s.id,
    $document: s.$document,
    $saveState: s.$saveState,
    $conflict: s.$conflict,
    $error: s.$error,
    $stored: s.$stored,
    $movedToCopy: s.$movedToCopy,
    dismissMovedToCopy: () => s.$movedToCopy.set(null),
    $recovered: s.$recovered,
    $replaced: s.$replaced,
    $tooLarge: s.$tooLarge,
    dismissNotice: (which) => (which === 'recovered' ? s.$recovered : s.$replaced).set(null),
    update: (next) => edit(s, next),
    flush: s.flush,
    resolveConflict: (keep) => conflicts.choose(keep),
    restoreVersion: (versionId) => restore(s, conflicts, versionId),
    async close() {
      await s.flush();
      s.closed = true;
      s.stopTimer();
      unsubscribe();
      stopLeaving();
    },
  };
}
