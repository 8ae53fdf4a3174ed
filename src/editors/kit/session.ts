/**
 * One open document in an editor: the kit's undo history on top of
 * src/storage's save controller (`openDocument`: autosave, revisions,
 * changes from other tabs, conflicts). The history's present is what the
 * player sees; each user change goes to the controller, and a document the
 * controller reloads (another tab, a resolved conflict) replaces the
 * present without an undo step. A version restored from the History menu
 * is the player's own step: it is one undo step (Ctrl+Z brings back what
 * was there before).
 */
import { useCallback, useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import type { NucleusDocument } from '../../rules';
import type { Conflict, DocumentSession as StorageSession, MovedToCopy, SaveState as StorageSaveState } from '../../storage';
import type { Recovered } from '../../storage/journal';
import type { SyncState } from '../../storage/types';
// The sync atoms alone: the engine loads only once someone is signed in.
import { $syncConflicts, $syncStates, $syncStatus, type SyncStatus } from '../../storage/syncStatus';
import type { ConflictRecord } from '../../storage/syncStore';
import { $storageProblem } from '../../storage/active';
import { $heldDocuments } from '../../storage/syncHold';
import { createHistory, historyReducer, type History, type HistoryAction } from './history';

/**
 * What the save-state indicator shows: storage's states, 'syncing' for a
 * saved document on its way to the cloud, and 'page' for one kept in the
 * page's memory because this device's storage cannot be used.
 */
export type SaveState = StorageSaveState | 'syncing' | 'held' | 'page' | 'unsynced';

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'Saved on this device',
  page: 'Kept in this page only',
  saving: 'Saving…',
  unsaved: 'Saving…',
  syncing: 'Saved on this device, syncing…',
  held: 'Saved on this device; synced at the round’s end',
  unsynced: 'Saved on this device, not synced',
  synced: 'Synced',
  offline: 'Offline — will sync',
  conflict: 'Conflict',
  error: 'Not saved',
};

/**
 * Where the work is: this device's save first (saving, not saved, a
 * conflict between tabs); once it is saved here and someone is signed in,
 * the cloud's side of this document.
 */
export function shownSaveState(save: StorageSaveState, sync: SyncStatus, document: SyncState | undefined, inPage = false, held = false): SaveState {
  if (save === 'saved' && inPage) return 'page';
  if (save !== 'saved' || sync.phase === 'off' || sync.phase === 'unavailable' || sync.phase === 'paused') return save;
  // Sync stopped (the cloud refused, say, an account deleted elsewhere): a waiting document is not on its way.
  if (sync.phase === 'error' && document !== 'synced' && document !== 'conflict') return 'unsynced';
  switch (document) {
    case 'conflict':
      return 'conflict';
    case 'waiting':
      // Held during a live fight (storage/syncHold.ts): waiting on purpose, not syncing.
      return sync.phase === 'offline' ? 'offline' : held ? 'held' : 'syncing';
    case 'synced':
      return 'synced';
    default:
      return sync.phase === 'offline' ? 'offline' : 'saved';
  }
}

export interface DocumentSession<D extends NucleusDocument> {
  history: History<D>;
  dispatch: (action: HistoryAction<D>) => void;
  saveState: SaveState;
  conflict: Conflict | null;
  /** Another tab kept both sides of a conflict and moved the version shown here to a copy. */
  movedToCopy: MovedToCopy | null;
  dismissMovedToCopy(): void;
  /** What opening recovered from a page that went away with edits unsaved. */
  recovered: Recovered | null;
  /** Another tab or device saved a version that now replaces what was shown. */
  replaced: boolean;
  /** Characters of the document's JSON when it is over what the cloud keeps. */
  tooLarge: number | null;
  /** Cloud sync kept both sides of a conflict on this document (one is the copy). */
  syncConflict: ConflictRecord | null;
  dismissNotice(which: 'recovered' | 'replaced'): void;
  error: string | null;
  /** Keep this tab's version (the other is kept as a conflict copy). */
  keepMine(): void;
  /** Take the other version (this tab's is kept as a conflict copy). */
  takeTheirs(): void;
  /** After a conflict kept both: keep the side shown now, or bring the other side here. */
  chooseConflict(side: 'mine' | 'theirs'): void;
  /** Restores a version of the History menu as a new save and one undo step. */
  restoreVersion(versionId: string): Promise<void>;
  /** Save now (before printing, deleting, leaving). */
  flush(): Promise<void>;
}

type Atom<T> = { get(): T; listen(cb: (v: T) => void): () => void };
const noop = () => () => {};

/** An atom's value in a component (none: the fallback). */
export function useAtom<T>(atom: Atom<T> | undefined, fallback: T): T {
  return useSyncExternalStore(
    useCallback((cb: () => void) => (atom ? atom.listen(cb) : noop()), [atom]),
    () => (atom ? atom.get() : fallback),
  );
}

/** `storage` is null for a read-only document (a share link): nothing saves. */
export function useDocumentSession<D extends NucleusDocument>(storage: StorageSession | null, initial: D): DocumentSession<D> {
  const [history, dispatch] = useReducer(historyReducer<D>, (storage?.$document.get() as D | undefined) ?? initial, createHistory);
  /** The last document exchanged with the controller, either way. */
  const synced = useRef<NucleusDocument>(history.present);
  const storageState = useAtom<StorageSaveState>(storage?.$saveState, 'saved');
  const syncStatus = useAtom<SyncStatus>($syncStatus, $syncStatus.get());
  const syncStates = useAtom<Record<string, SyncState>>($syncStates, {});
  const syncConflicts = useAtom<readonly ConflictRecord[]>($syncConflicts, []);
  const id = history.present.id;
  const inPage = useAtom<string | null>($storageProblem, null) !== null;
  const held = useAtom<readonly string[]>($heldDocuments, []).includes(id);
  const saveState = storage ? shownSaveState(storageState, syncStatus, syncStates[id], inPage, held) : 'saved';
  const syncConflict = (storage && syncConflicts.find((c) => c.id === id || c.copyId === id)) || null;
  const recovered = useAtom<Recovered | null>(storage?.$recovered, null);
  const replaced = useAtom<{ revision: number } | null>(storage?.$replaced, null);
  const tooLarge = useAtom<number | null>(storage?.$tooLarge, null);
  const conflict = useAtom<Conflict | null>(storage?.$conflict, null);
  const movedToCopy = useAtom<MovedToCopy | null>(storage?.$movedToCopy, null);
  const error = useAtom<string | null>(storage?.$error, null);
  /** Set while a version restore is loading: that document is an undo step, not a silent replace. */
  const restoring = useRef(false);

  // User changes go to the controller, which saves them.
  useEffect(() => {
    if (!storage || history.present === synced.current) return;
    synced.current = history.present;
    storage.update(history.present);
  }, [storage, history.present]);

  // Documents the controller loads replace what is shown (not an undo step).
  useEffect(() => {
    if (!storage) return;
    return storage.$document.listen((doc) => {
      if (doc === synced.current) return;
      synced.current = doc;
      if (restoring.current) dispatch({ type: 'apply', update: () => doc as D });
      else dispatch({ type: 'replace', doc: doc as D });
    });
  }, [storage]);

  useEffect(() => () => void storage?.close(), [storage]);

  return {
    history,
    dispatch,
    saveState,
    conflict,
    movedToCopy,
    dismissMovedToCopy: () => storage?.dismissMovedToCopy(),
    recovered,
    replaced: !!replaced,
    tooLarge,
    syncConflict,
    dismissNotice: (which) => storage?.dismissNotice(which),
    error,
    keepMine: () => void storage?.resolveConflict('mine'),
    takeTheirs: () => void storage?.resolveConflict('theirs'),
    chooseConflict: (side) => void storage?.resolveConflict(side).catch(() => undefined),
    restoreVersion: async (versionId) => {
      if (!storage) return;
      restoring.current = true;
      try {
        await storage.restoreVersion(versionId);
      } catch {
        // The controller shows the conflict or error.
      } finally {
        restoring.current = false;
      }
    },
    flush: () => storage?.flush() ?? Promise.resolve(),
  };
}
