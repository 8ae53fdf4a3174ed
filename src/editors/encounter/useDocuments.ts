/** The game master's documents of one kind, live: re-read whenever the repository changes (another tab, a save). */
import { useEffect, useState } from 'react';
import type { DocumentKind } from '../../rules/engine';
import type { DocumentRepository, StoredDocument } from '../../storage/types';

export function useDocuments(repository: DocumentRepository, kind: DocumentKind): StoredDocument[] {
  const [docs, setDocs] = useState<StoredDocument[]>([]);
  useEffect(() => {
    let live = true;
    // A library that cannot be read lists nothing here; the library page says why.
    const load = () =>
      repository
        .list({ kind, sort: 'updated' })
        .then((d) => live && setDocs(d))
        .catch(() => live && setDocs([]));
    void load();
    const off = repository.subscribe(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [repository, kind]);
  return docs;
}
