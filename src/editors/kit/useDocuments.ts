/**
 * The player's documents of one kind, live: re-read whenever the repository
 * changes (another tab, a save, cloud sync). The creature list, the encounter
 * tool's creature picker and its party all list documents this one way.
 */
import { useEffect, useState } from 'react';
import type { DocumentKind } from '../../rules/engine';
import type { DocumentRepository, StoredDocument } from '../../storage/types';

export interface LiveDocuments {
  /** null until the first read answers. */
  docs: StoredDocument[] | null;
  /** Why the library could not be read (the last read's error); null when it was. */
  error: Error | null;
}

export function useDocuments(repository: DocumentRepository, kind: DocumentKind): LiveDocuments {
  const [state, setState] = useState<LiveDocuments>({ docs: null, error: null });
  useEffect(() => {
    let live = true;
    const load = () =>
      repository
        .list({ kind, sort: 'updated' })
        .then((docs) => live && setState({ docs, error: null }))
        .catch((error: Error) => live && setState((s) => ({ docs: s.docs, error })));
    void load();
    const off = repository.subscribe(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [repository, kind]);
  return state;
}
