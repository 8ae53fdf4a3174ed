/**
 * One open document: its undo history, autosave to the repository, and
 * changes from other tabs. The document state is the history's present;
 * saving never changes it, so a save never interrupts typing.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { NucleusDocument } from '../../rules';
import type { DocumentRepository, StoredDocument } from '../../storage/types';
import { createHistory, historyReducer, type History, type HistoryAction } from './history';

/** What the save-state indicator says (the wording). */
export type SaveState = 'saved' | 'saving' | 'synced' | 'offline' | 'conflict' | 'error';

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'Saved on this device',
  saving: 'Saving…',
  synced: 'Synced',
  offline: 'Offline — will sync',
  conflict: 'Conflict',
  error: 'Not saved',
};

/** Wait after the last change before saving (typing saves once, shortly after). */
export const AUTOSAVE_MS = 400;

export interface DocumentSession<D extends NucleusDocument> {
  history: History<D>;
  dispatch: (action: HistoryAction<D>) => void;
  saveState: SaveState;
  /** The other side of a conflict (another tab saved first). */
  conflict: StoredDocument | null;
  error: string | null;
  /** Keep this tab's version: save it over the other one. */
  keepMine(): void;
  /** Take the other tab's version (this tab's edits stay in undo). */
  takeTheirs(): void;
  /** Save now (before leaving the page or printing). */
  flush(): Promise<void>;
  revision: number;
}

export function useDocumentSession<D extends NucleusDocument>(repository: DocumentRepository, initial: StoredDocument): DocumentSession<D> {
  const [history, dispatch] = useReducer(historyReducer<D>, initial.document as D, createHistory);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<StoredDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revision = useRef(initial.revision);
  /** The document as last saved (or loaded): nothing to save while present === saved. */
  const saved = useRef<D>(initial.document as D);
  const present = useRef(history.present);
  present.current = history.present;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const blocked = useRef(false);

  const save = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current;
    const doc = present.current;
    if (doc === saved.current || blocked.current) return;
    setSaveState('saving');
    const run = (async () => {
      try {
        const result = await repository.save(doc, { basedOn: revision.current });
        if (result.ok) {
          revision.current = result.stored.revision;
          saved.current = doc;
          setError(null);
          setSaveState(present.current === doc ? (repository.place === 'cloud' ? 'synced' : 'saved') : 'saving');
        } else {
          blocked.current = true;
          setConflict(result.conflict);
          setSaveState('conflict');
        }
      } catch (e) {
        setError(`This ${doc.kind} could not be saved on this device: ${(e as Error).message}`);
        setSaveState(navigator.onLine === false && repository.place === 'cloud' ? 'offline' : 'error');
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    if (present.current !== saved.current && !blocked.current) schedule();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [repository]);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void save();
    }, AUTOSAVE_MS);
  }, [save]);

  useEffect(() => {
    if (history.present !== saved.current && !blocked.current) {
      setSaveState('saving');
      schedule();
    }
  }, [history.present, schedule]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await save();
  }, [save]);

  // Leaving the page or hiding the tab saves what is pending.
  useEffect(() => {
    const onHide = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flush]);

  // Another tab saved this document: follow it, or mark a conflict when this tab has unsaved edits.
  useEffect(
    () =>
      repository.subscribe((event) => {
        if (!event.remote || event.id !== initial.id || event.type !== 'saved') return;
        if ((event.revision ?? 0) <= revision.current) return;
        void repository.get(initial.id).then((stored) => {
          if (!stored || stored.revision <= revision.current) return;
          if (present.current === saved.current && !inFlight.current) {
            revision.current = stored.revision;
            saved.current = stored.document as D;
            dispatch({ type: 'replace', doc: stored.document as D });
          } else {
            blocked.current = true;
            setConflict(stored);
            setSaveState('conflict');
          }
        });
      }),
    [repository, initial.id],
  );

  const keepMine = () => {
    if (!conflict) return;
    revision.current = conflict.revision;
    blocked.current = false;
    setConflict(null);
    void save();
  };
  const takeTheirs = () => {
    if (!conflict) return;
    revision.current = conflict.revision;
    saved.current = conflict.document as D;
    blocked.current = false;
    setConflict(null);
    dispatch({ type: 'apply', update: () => conflict.document as D });
    setSaveState('saved');
  };

  return { history, dispatch, saveState, conflict, error, keepMine, takeTheirs, flush, revision: revision.current };
}
