/**
 * The player's documents of one kind, live: re-read whenever the repository
 * changes (another tab, a save, cloud sync). The creature list, the encounter
 * tool's creature picker and its party all list documents this one way.
 * Documents that cannot be read are apart (`unreadable`, with the journal's
 * unsaved edits that cannot be either): what reads a document's content
 * never meets one, and a list can show them with their sentence.
 */
import { useEffect, useState } from 'react';
import type { DocumentKind } from '../../rules/engine';
import type { DocumentRepository, StoredDocument } from '../../storage/types';
import { editorListing, isUnreadable, type KeptEdits, type UnreadableDocument } from './listing';

export interface LiveDocuments {
  /** The readable ones; null until the first read answers. */
  docs: StoredDocument[] | null;
  /** Stored documents that fail their schema. */
  unreadable: UnreadableDocument[];
  /** Edits closed pages left that fail it (journal.ts J7). */
  keptEdits: KeptEdits[];
  /** Why the library could not be read (the last read's error); null when it was. */
  error: Error | null;
}

export function useDocuments(repository: DocumentRepository, kind: DocumentKind): LiveDocuments {
  const [state, setState] = useState<LiveDocuments>({ docs: null, unreadable: [], keptEdits: [], error: null });
  useEffect(() => {
    let live = true;
    const load = () =>
      editorListing(repository, kind)
        .then(
          ({ documents, keptEdits }) =>
            live && setState({ docs: documents.filter((d) => !isUnreadable(d)), unreadable: documents.filter(isUnreadable), keptEdits, error: null }),
        )
        .catch((error: Error) => live && setState((s) => ({ ...s, error })));
    void load();
    const off = repository.subscribe(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [repository, kind]);
  return state;
}
