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
 *    reloads it here when there are no unsaved edits; with unsaved edits the
 *    session turns to 'conflict' and keeps both sides until resolved.
 * S4 Resolving a conflict keeps both: the side kept stays under the
 *    document's id, the other is saved as "Name (conflict copy, date)".
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { NucleusDocument } from '../rules';
import { conflictCopyName, resolveConflict } from './conflicts';
import type { DocumentRepository, StoredDocument } from './types';
import { activeRepository } from './active';

/** Debounce of autosave after the last edit. */
export const AUTOSAVE_MS = 800;

/**
 * What the editor shows next to the document. 'offline' and 'synced' are
 * set by the cloud layer for signed-in users; this device alone knows
 * 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error'.
 */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'offline' | 'synced' | 'conflict' | 'error';

export interface Conflict {
  /** The edits of this session (not saved). */
  mine: NucleusDocument;
  /** What is stored now, saved elsewhere. */
  theirs: StoredDocument;
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
  /** Replaces the working document; autosaves AUTOSAVE_MS later. */
  update(next: NucleusDocument | ((current: NucleusDocument) => NucleusDocument)): void;
  /** Saves now if there are unsaved edits (resolves when written). */
  flush(): Promise<void>;
  /** S4. `keep` defaults to the side changed last. */
  resolveConflict(keep?: 'mine' | 'theirs'): Promise<ConflictResolution>;
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
  let initial: NucleusDocument;
  let stored: StoredDocument | null = null;
  if (typeof source === 'string') {
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
  const $error = atom<string | null>(null);
  const $stored = atom<StoredDocument | null>(stored);
  let revision = stored?.revision ?? 0;
  let dirty = !stored;
  let editedAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  let closed = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  };

  function enterConflict(theirs: StoredDocument) {
    clearTimeout(timer);
    dirty = true;
    $conflict.set({ mine: $document.get(), theirs });
    $saveState.set('conflict');
  }

  async function saveOnce(): Promise<void> {
    const doc = $document.get();
    dirty = false;
    $saveState.set('saving');
    try {
      const r = await repo.save(doc, { basedOn: revision, valid: options.validity?.(doc) });
      if (r.ok) {
        revision = r.stored.revision;
        $stored.set(r.stored);
        $error.set(null);
        $saveState.set(dirty ? 'unsaved' : 'saved');
      } else {
        enterConflict(r.conflict);
      }
    } catch (e) {
      dirty = true;
      $error.set(e instanceof Error ? e.message : String(e));
      $saveState.set('error');
    }
  }

  /** S1: starts the write synchronously when nothing else is being saved (pagehide needs that). */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    while (saving) await saving;
    if (!dirty || $conflict.get()) return;
    saving = saveOnce().finally(() => (saving = null));
    await saving;
    if (dirty && !$conflict.get() && !closed) schedule();
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
        if (dirty || $conflict.get()) return enterConflict(latest);
        revision = latest.revision;
        $stored.set(latest);
        $document.set(latest.document);
        $saveState.set('saved');
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

  return {
    id,
    $document,
    $saveState,
    $conflict,
    $error,
    $stored,
    update(next) {
      const value = typeof next === 'function' ? next($document.get()) : next;
      if (value.id !== id) throw new Error(`A session edits one document: "${value.id}" is not "${id}".`);
      $document.set(value);
      dirty = true;
      editedAt = now();
      const c = $conflict.get();
      if (c) {
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
      while (saving) await saving;
      const theirs = (await repo.get(id)) ?? c.theirs;
      const mine = $document.get();
      const editedIso = new Date(editedAt).toISOString();
      const side = { mine: { id, name: mine.name, revision, updatedAt: editedIso }, theirs: { id, name: theirs.name, revision: theirs.revision, updatedAt: theirs.updatedAt } };
      const kept = keep ?? (resolveConflict(side.theirs, side.mine).keep === side.mine ? 'mine' : 'theirs');
      const other = kept === 'mine' ? theirs.document : mine;
      const otherWhen = new Date(kept === 'mine' ? theirs.updatedAt : editedIso);
      const copyDoc = { ...other, id: newDocumentId(), name: conflictCopyName(other.name, otherWhen), createdAt: new Date(now()).toISOString() } as NucleusDocument;
      const copy = await repo.save(copyDoc, { basedOn: 0, valid: options.validity?.(copyDoc) });
      if (!copy.ok) throw new Error('The conflict copy could not be saved.');
      if (kept === 'mine') {
        const r = await repo.save(mine, { basedOn: theirs.revision, valid: options.validity?.(mine), newVersion: true });
        if (!r.ok) {
          enterConflict(r.conflict);
          throw new Error('The document changed again while the conflict was being resolved; compare once more.');
        }
        revision = r.stored.revision;
        $stored.set(r.stored);
      } else {
        revision = theirs.revision;
        $stored.set(theirs);
        $document.set(theirs.document);
      }
      dirty = false;
      $conflict.set(null);
      $saveState.set('saved');
      return { kept, copy: copy.stored };
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
}
