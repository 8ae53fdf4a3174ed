/**
 * This device's documents with their sync state (synced, waiting,
 * conflict, or on this device only), for the account's library page.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $syncStates } from '../../../storage/sync';
import type { StoredDocument, SyncState } from '../../../storage/types';

const STATE_TEXT: Record<SyncState, string> = {
  synced: 'Synced',
  waiting: 'Waiting to sync',
  conflict: 'Conflict',
  local: 'This device only',
};

const KIND_TEXT: Record<string, string> = { blueprint: 'Blueprint', core: 'Core', character: 'Character', creature: 'Creature' };

export default function CloudDocuments() {
  const states = useStore($syncStates);
  const [docs, setDocs] = useState<{ doc: StoredDocument; href: string }[] | null>(null);
  const titleId = useId().replace(/:/g, '');

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void (async () => {
      const [{ activeRepository }, { editorHref }] = await Promise.all([import('../../../storage/active'), import('../../../storage/share')]);
      const repo = await activeRepository();
      const load = async () => {
        const list = await repo.list({ sort: 'name' });
        if (live) setDocs(list.map((doc) => ({ doc, href: editorHref(doc.kind, doc.id) })));
      };
      unsubscribe = repo.subscribe(() => void load());
      await load();
    })();
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, []);

  return (
    <section className="card cloud-documents" aria-labelledby={titleId}>
      <h2 id={titleId}>Your documents and their sync state</h2>
      {!docs ? (
        <p>Loading…</p>
      ) : docs.length === 0 ? (
        <p>No documents yet. Documents you make in the editors while signed in are kept on this device and in your account.</p>
      ) : (
        <div className="cloud-table-wrap">
          <table className="cloud-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Last change</th>
                <th scope="col">Sync</th>
              </tr>
            </thead>
            <tbody>
              {docs.map(({ doc, href }) => {
                const state = states[doc.id] ?? 'local';
                return (
                  <tr key={doc.id} data-document={doc.id} data-sync-state={state}>
                    <th scope="row">
                      <a href={href}>{doc.name || 'Untitled'}</a>
                    </th>
                    <td>{KIND_TEXT[doc.kind] ?? doc.kind}</td>
                    <td>
                      <time dateTime={doc.updatedAt}>{new Date(doc.updatedAt).toLocaleString()}</time>
                    </td>
                    <td>
                      <span className={`cloud-pill is-${state}`}>{STATE_TEXT[state]}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
