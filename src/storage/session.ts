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
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { NucleusDocument } from '../rules';
import { conflictCopyName, resolveConflict } from './conflicts';
import { summariseChange } from './versions';
import { MAX_CLOUD_JSON, type DocumentRepository, type MovedToCopy, type StoredDocument } from './types';
import { activeRepository } from './active';
import { saveProblem } from './problems';
import { contentKey, createJournal, holdPageLock, replayJournal, type Journal, type Recovery, type ReplayOptions } from './journal';

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
  readonly $recovered: ReadableAtom<Recovery | null>;
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

/** A fresh document id. */
export function newDocumentId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Opens a stored document by id, or starts a session for a new document
 * (saved on its first edit, or on `flush()`).
 * @throws DocumentNotFoundError for an unknown id; the stored document's problem when it cannot be read.
 */
export async function openDocument(source: string | NucleusDocument, options: OpenOptions = {}): Promise<DocumentSession> {
  const repo = options.repository ?? (await activeRepository());
  const now = options.now ?? Date.now;
  const delay = options.delayMs ?? AUTOSAVE_MS;
  const journal = options.journal === undefined ? createJournal() : options.journal;
  // J4: this page's entries are its own while it lives.
  if (options.journal === undefined) holdPageLock();
  let initial: NucleusDocument;
  let stored: StoredDocument | null = null;
  let recovered: Recovery | null = null;
  let recoveryError: string | null = null;
  if (typeof source === 'string') {
    if (journal) {
      try {
        recovered = await replayJournal(repo, source, { journal, validity: options.validity, isGone: options.isGone });
      } catch (e) {
        // The entry stays in the journal for the next opening; the player is told.
        recoveryError = `Edits made before the page last closed could not be recovered yet: ${(e as Error).message}`;
      }
    }
    const found = await repo.get(source);
    if (!found) throw new DocumentNotFoundError(source);
    if (found.problem) throw new Error(found.problem);
    stored = found;
    initial = found.document;
  } else {
    initial = source;
  }
  const id = initial.id;
  const $document = atom<NucleusDocument>(initial);
  const $saveState = atom<SaveState>(stored ? 'saved' : 'unsaved');
  const $conflict = atom<Conflict | null>(null);
  const $error = atom<string | null>(recoveryError);
  const $stored = atom<StoredDocument | null>(stored);
  const $movedToCopy = atom<MovedToCopy | null>(null);
  const $recovered = atom<Recovery | null>(recovered);
  const $replaced = atom<{ revision: number } | null>(null);
  const $tooLarge = atom<number | null>(null);
  let revision = stored?.revision ?? 0;
  let dirty = !stored;
  let editedAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  /** J3's `landing`: the revision and content a save under way writes. */
  let inFlight: { revision: number; content: string } | null = null;
  let closed = false;

  /** S6/J1: the working document into the journal, synchronously. */
  const record = () => {
    journal?.write({ documentId: id, basedOn: revision, editedAt, document: $document.get(), ...(inFlight ? { landing: inFlight } : {}) });
  };
  /** S6/J2: after a save, the journal holds only what the store does not. */
  const settled = () => {
    if (dirty) record();
    else journal?.clear(id);
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  };

  /** A conflict whose two sides are not both kept yet: nothing saves under the id until they are. */
  const holding = () => {
    const c = $conflict.get();
    return !!c && !c.kept;
  };

  function enterConflict(theirs: StoredDocument) {
    clearTimeout(timer);
    dirty = true;
    const mine = $document.get();
    $conflict.set({ mine, theirs, differs: summariseChange(theirs.document as Record<string, unknown>, mine as Record<string, unknown>).replace(/^Changed /, '') });
    $saveState.set('conflict');
    // S4: keep both now; the player chooses later.
    void resolve().catch((e: Error) => {
      $error.set(e.message);
      $saveState.set('conflict');
    });
  }

  async function saveOnce(): Promise<void> {
    const doc = $document.get();
    dirty = false;
    $saveState.set('saving');
    inFlight = journal ? { revision: revision + 1, content: contentKey(doc) } : null;
    try {
      const r = await repo.save(doc, { basedOn: revision, valid: options.validity?.(doc) });
      inFlight = null;
      if (r.ok) {
        revision = r.stored.revision;
        $stored.set(r.stored);
        $error.set(null);
        $saveState.set(dirty ? 'unsaved' : 'saved');
        settled();
      } else {
        enterConflict(r.conflict);
      }
    } catch (e) {
      inFlight = null;
      dirty = true;
      $error.set(saveProblem(e));
      $saveState.set('error');
    }
  }

  /** S1: starts the write synchronously when nothing else is being saved (pagehide needs that). */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    while (saving) await saving;
    if (!dirty || holding()) return;
    saving = saveOnce().finally(() => (saving = null));
    await saving;
    if (dirty && !holding() && !closed) schedule();
  }

  /** Runs `work` as this session's save (other saves and remote reloads wait for it). */
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    while (saving) await saving;
    const run = work();
    saving = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await run;
    } finally {
      saving = null;
    }
  }

  const copyOf = (doc: NucleusDocument, when: Date, copyId = newDocumentId()) =>
    ({ ...doc, id: copyId, name: conflictCopyName(doc.name, when), createdAt: new Date(now()).toISOString() }) as NucleusDocument;

  /** S4 before a choice: both sides saved, the one changed last under the id. */
  async function resolve(keep?: 'mine' | 'theirs'): Promise<ConflictResolution> {
    return exclusive(async () => {
      const c = $conflict.get();
      if (!c || c.kept) throw new Error('There is no conflict to resolve.');
      const theirs = (await repo.get(id)) ?? c.theirs;
      const mine = $document.get();
      const editedIso = new Date(editedAt).toISOString();
      const side = { mine: { id, name: mine.name, revision, updatedAt: editedIso }, theirs: { id, name: theirs.name, revision: theirs.revision, updatedAt: theirs.updatedAt } };
      const kept = keep ?? (resolveConflict(side.theirs, side.mine).keep === side.mine ? 'mine' : 'theirs');
      const other = kept === 'mine' ? theirs.document : mine;
      const copyDoc = copyOf(other, new Date(kept === 'mine' ? theirs.updatedAt : editedIso));
      const copy = await repo.save(copyDoc, { basedOn: 0, valid: options.validity?.(copyDoc) });
      if (!copy.ok) throw new Error('The conflict copy could not be saved.');
      let copyStored = copy.stored;
      if (kept === 'mine') {
        const movedToCopy = { revision: theirs.revision, id: copy.stored.id, name: copy.stored.name };
        const r = await repo.save(mine, { basedOn: theirs.revision, valid: options.validity?.(mine), newVersion: true, movedToCopy });
        if (!r.ok) throw new Error('The document changed again while the conflict was being resolved; reload the page to compare once more.');
        revision = r.stored.revision;
        $stored.set(r.stored);
        dirty = $document.get() !== mine;
      } else {
        revision = theirs.revision;
        $stored.set(theirs);
        // Edits typed while the copy was written belong to the copy too.
        const latest = $document.get();
        if (latest !== mine) {
          const again = await repo.save({ ...latest, id: copyStored.id, name: copyStored.name } as NucleusDocument, { basedOn: copyStored.revision });
          if (again.ok) copyStored = again.stored;
        }
        dirty = false;
        $document.set(theirs.document);
      }
      $conflict.set({ ...c, mine, theirs, kept, copy: copyStored });
      $error.set(null);
      $saveState.set(dirty ? 'unsaved' : 'saved');
      settled();
      if (dirty) schedule();
      return { kept, copy: copyStored };
    });
  }

  /** S4 after both are kept: the other side comes back under the id, this one goes to the copy. */
  async function swap(c: Conflict & { kept: 'mine' | 'theirs'; copy: StoredDocument }): Promise<ConflictResolution> {
    await flush();
    return exclusive(async () => {
      const copy = (await repo.get(c.copy.id)) ?? c.copy;
      const here = $document.get();
      const otherName = c.kept === 'mine' ? c.theirs.document.name : c.mine.name;
      const back = { ...copy.document, id, name: otherName } as NucleusDocument;
      const moved = { ...here, id: copy.id, name: conflictCopyName(here.name, new Date(now())) } as NucleusDocument;
      const movedToCopy = { revision, id: copy.id, name: moved.name };
      const r = await repo.save(back, { basedOn: revision, valid: options.validity?.(back), newVersion: true, movedToCopy });
      if (!r.ok) throw new Error('The document changed again elsewhere; reload the page to compare once more.');
      const m = await repo.save(moved, { basedOn: copy.revision, valid: options.validity?.(moved), newVersion: true });
      if (!m.ok) throw new Error('The conflict copy changed meanwhile; open it to compare.');
      revision = r.stored.revision;
      dirty = false;
      $stored.set(r.stored);
      $document.set(r.stored.document);
      $conflict.set(null);
      $saveState.set('saved');
      settled();
      return { kept: c.kept === 'mine' ? 'theirs' : 'mine', copy: m.stored };
    });
  }

  const unsubscribe = repo.subscribe((event) => {
    if (event.id !== id) return;
    void (async () => {
      // Our own save announces itself before it resolves: wait, then compare revisions.
      while (saving) await saving;
      if (event.type === 'saved' && (event.revision ?? 0) > revision) {
        let latest = await repo.get(id);
        // A save of this session may have started while reading: its outcome decides.
        while (saving) {
          await saving;
          latest = await repo.get(id);
        }
        if (!latest || latest.revision <= revision) return;
        if (dirty || holding()) return enterConflict(latest);
        if (event.movedToCopy?.revision === revision) $movedToCopy.set(event.movedToCopy);
        else if (contentKey(latest.document) !== contentKey($document.get())) $replaced.set({ revision: latest.revision });
        revision = latest.revision;
        $stored.set(latest);
        $document.set(latest.document);
        $saveState.set('saved');
        settled();
      } else if (event.type === 'deleted' || event.type === 'restored') {
        const latest = await repo.get(id);
        if (latest) $stored.set({ ...($stored.get() ?? latest), deletedAt: latest.deletedAt });
      } else if (event.type === 'purged') {
        // Gone for good elsewhere: the next save makes it again from this session's copy.
        revision = 0;
        dirty = true;
        $stored.set(null);
        $saveState.set('unsaved');
      }
    })();
  });

  const onHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();
  const lifecycle = (options.lifecycle ?? true) && typeof window !== 'undefined' && typeof document !== 'undefined';
  if (lifecycle) {
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHidden);
  }

  const session: DocumentSession = {
    id,
    $document,
    $saveState,
    $conflict,
    $error,
    $stored,
    $movedToCopy,
    dismissMovedToCopy: () => $movedToCopy.set(null),
    $recovered,
    $replaced,
    $tooLarge,
    dismissNotice: (which) => (which === 'recovered' ? $recovered : $replaced).set(null),
    update(next) {
      const value = typeof next === 'function' ? next($document.get()) : next;
      if (value.id !== id) throw new Error(`A session edits one document: "${value.id}" is not "${id}".`);
      $document.set(value);
      dirty = true;
      editedAt = now();
      record();
      $replaced.set(null);
      const chars = JSON.stringify(value).length;
      $tooLarge.set(chars > MAX_CLOUD_JSON ? chars : null);
      const c = $conflict.get();
      if (c && !c.kept) {
        $conflict.set({ ...c, mine: value });
        return;
      }
      if ($saveState.get() !== 'saving') $saveState.set('unsaved');
      schedule();
    },
    flush,
    async resolveConflict(keep) {
      const c = $conflict.get();
      if (!c) throw new Error('There is no conflict to resolve.');
      if (!c.kept || !c.copy) {
        // The automatic keep-both may be under way: wait for it, then decide on its outcome.
        while (saving) await saving;
        const now = $conflict.get();
        if (now && !now.kept) return resolve(keep);
        if (!now?.kept || !now.copy) throw new Error('There is no conflict to resolve.');
        return session.resolveConflict(keep);
      }
      if (!keep || keep === c.kept) {
        $conflict.set(null);
        return { kept: c.kept, copy: c.copy };
      }
      return swap(c as Conflict & { kept: 'mine' | 'theirs'; copy: StoredDocument });
    },
    async restoreVersion(versionId) {
      await flush();
      return exclusive(async () => {
        const r = await repo.restoreVersion(id, versionId);
        if (!r.ok) {
          enterConflict(r.conflict);
          throw new Error('The document changed elsewhere meanwhile; both versions are kept.');
        }
        revision = r.stored.revision;
        dirty = false;
        $stored.set(r.stored);
        $document.set(r.stored.document);
        $saveState.set('saved');
        settled();
        return r.stored.document;
      });
    },
    async close() {
      await flush();
      closed = true;
      clearTimeout(timer);
      unsubscribe();
      if (lifecycle) {
        window.removeEventListener('pagehide', onPageHide);
        document.removeEventListener('visibilitychange', onHidden);
      }
    },
  };
  return session;
}
