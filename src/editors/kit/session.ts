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
import { createHistory, historyReducer, type History, type HistoryAction } from './history';

/** What the save-state indicator shows (storage's states). */
export type SaveState = StorageSaveState;

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'Saved on this device',
  saving: 'Saving…',
  unsaved: 'Saving…',
  synced: 'Synced',
  offline: 'Offline — will sync',
  conflict: 'Conflict',
  error: 'Not saved',
};

export interface DocumentSession<D extends NucleusDocument> {
  history: History<D>;
  dispatch: (action: HistoryAction<D>) => void;
  saveState: SaveState;
  conflict: Conflict | null;
  /** Another tab kept both sides of a conflict and moved the version shown here to a copy. */
  movedToCopy: MovedToCopy | null;
  dismissMovedToCopy(): void;
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

function useAtom<T>(atom: Atom<T> | undefined, fallback: T): T {
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
  const saveState = useAtom<SaveState>(storage?.$saveState, 'saved');
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
