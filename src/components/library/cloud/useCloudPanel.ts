/**
 * What the cloud panel does, not what it shows: the storage figures (after
 * every sync run), and its actions (one at a time, each ending in a sentence
 * or an error a person can read): export everything, delete the cloud data.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $syncStates, type SyncEngine, type SyncStatus } from '../../../storage/sync';
import type { StoredDocument, Usage } from '../../../storage/types';
import { whyFailed } from '../../../storage/problems';
import { download } from '../actions';

/** Every document on this device, the trash's too. */
export async function loadLocal(): Promise<StoredDocument[]> {
  const { activeRepository } = await import('../../../storage/active');
  const repo = await activeRepository();
  return [...(await repo.list()), ...(await repo.list({ trash: true }))];
}

/** The panel's storage figures and actions for the running sync engine (null while it starts). */
export function useCloudPanel(engine: SyncEngine | null, status: SyncStatus) {
  const [usage, setUsage] = useState<{ local: Usage; cloud: Usage | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Storage figures follow every sync run. Each run ends by publishing a new
  // states object; the phase and count alone can read the same before and
  // after a quick run (React renders only the last of syncing → synced), which
  // left the cloud figure at its value from before the upload.
  const states = useStore($syncStates);
  useEffect(() => {
    if (!engine) return;
    let live = true;
    void engine.usage().then((u) => live && setUsage(u));
    return () => {
      live = false;
    };
  }, [engine, status.phase, status.waiting, states]);

  const act = async (task: () => Promise<string | void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const done = await task();
      if (done) setNotice(done);
    } catch (e) {
      setError(whyFailed(e));
    } finally {
      setBusy(false);
    }
  };

  const exportEverything = () =>
    act(async () => {
      const [docs, { exportLibrary }] = await Promise.all([loadLocal(), import('../../../storage/transfer')]);
      const file = exportLibrary(docs.map((d) => d.document));
      download(file.fileName, file.text);
      return `Exported ${docs.length} document${docs.length === 1 ? '' : 's'} to ${file.fileName}.`;
    });

  const deleteCloud = () =>
    act(async () => {
      if (!engine) throw new Error('Cloud sync is not running, so the cloud cannot be reached right now.');
      const n = await engine.deleteCloudData();
      setConfirmDelete(false);
      return `Deleted ${n} document${n === 1 ? '' : 's'} and their history from the cloud. This device keeps its documents.`;
    });

  return { usage, busy, notice, error, confirmDelete, setConfirmDelete, act, exportEverything, deleteCloud };
}
