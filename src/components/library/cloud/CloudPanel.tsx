/**
 * The account's side of /nucleus/library: sync status, the copy offer,
 * conflicts to resolve, storage used here and in the cloud, "export
 * everything" and "delete my cloud data". The document list with each
 * document's sync state is the Library beside it (with `showSync`).
 * The library itself needs no account (the documents are this device's);
 * only this panel does: signed out, it says what signing in adds and
 * where to do it.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $copyOffer, $syncConflicts, $syncStates, $syncStatus, syncLabel, type ConflictRecord } from '../../../storage/sync';
import type { StoredDocument, Usage } from '../../../storage/types';
import { whyFailed } from '../../../storage/problems';
import { withBoundary } from '../../IslandBoundary';
import { readSignedInHint } from '../../../auth/hint';
import { withBase } from '../../../config/base';
import { $authStatus, initAuth } from '../../../stores/user';
import Modal from '../../account/Modal';
import { $cloudEngine, startCloudSync } from './cloudSync';
import './cloud.css';
import { formatBytes } from '../actions';

const STATUS_TEXT: Record<string, string> = {
  synced: 'Every document of your account is on this device and in the cloud.',
  syncing: 'Sending this device’s changes to the cloud…',
  conflict: 'Some documents were changed on two devices. Both versions are kept; choose below.',
  paused: 'Cloud sync is paused on this device since your cloud data was deleted. Documents stay on this device only.',
  error: '',
  off: 'Connecting to your cloud…',
};

/** Sizes read the same here as in the library ("10.0 GB", never "10243.9 MB"). */
export { formatBytes };

async function loadLocal(): Promise<StoredDocument[]> {
  const { activeRepository } = await import('../../../storage/active');
  const repo = await activeRepository();
  return [...(await repo.list()), ...(await repo.list({ trash: true }))];
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ConflictItem({ conflict, busy, onChoose }: { conflict: ConflictRecord; busy: boolean; onChoose: (c: 'both' | 'original' | 'copy') => void }) {
  const [links, setLinks] = useState<{ original?: string; copy?: string }>({});
  useEffect(() => {
    void (async () => {
      const docs = await loadLocal();
      const { editorHref } = await import('../../../storage/share');
      const byId = new Map(docs.map((d) => [d.id, d]));
      const o = byId.get(conflict.id);
      const c = byId.get(conflict.copyId);
      setLinks({ original: o && editorHref(o.kind, o.id), copy: c && editorHref(c.kind, c.id) });
    })().catch(() => {});
  }, [conflict.id, conflict.copyId]);
  const from = conflict.kept === 'device' ? 'this device' : 'another device';
  return (
    <li className="cloud-conflict" data-conflict={conflict.id}>
      <p>
        <strong>{conflict.name}</strong> was changed on two devices. The newer version (from {from}) kept its place; the other was saved as{' '}
        <strong>{conflict.copyName}</strong>.
      </p>
      <p className="cloud-compare">
        Compare: {links.original ? <a href={links.original}>open “{conflict.name}”</a> : conflict.name} ·{' '}
        {links.copy ? <a href={links.copy}>open the copy</a> : conflict.copyName}
      </p>
      <div className="cloud-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => onChoose('original')}>
          Keep “{conflict.name}”
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => onChoose('copy')}>
          Use the copy’s version
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => onChoose('both')}>
          Keep both
        </button>
      </div>
    </li>
  );
}

function CloudPanel() {
  const status = useStore($syncStatus);
  const engine = useStore($cloudEngine);
  const offer = useStore($copyOffer);
  const conflicts = useStore($syncConflicts);
  const [usage, setUsage] = useState<{ local: Usage; cloud: Usage | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const titleId = useId().replace(/:/g, '');

  useEffect(() => startCloudSync(), []);

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

  const label = syncLabel(status) ?? 'Connecting…';
  const detail =
    status.message ??
    (status.phase === 'offline'
      ? status.waiting
        ? `You are offline. ${status.waiting} change${status.waiting === 1 ? ' is' : 's are'} kept on this device and will sync when the connection returns.`
        : 'You are offline. Changes you make are kept on this device and sync when the connection returns.'
      : STATUS_TEXT[status.phase]);

  return (
    <div className="cloud-panel">
      <section className="card cloud-status" aria-labelledby={`${titleId}-status`}>
        <h2 id={`${titleId}-status`}>Cloud sync</h2>
        <p role="status" data-sync-phase={status.phase}>
          <span className={`cloud-pill is-${status.phase}`}>{label}</span> {detail}
        </p>
        {status.phase === 'paused' && engine && (
          <button type="button" className="btn" disabled={busy} onClick={() => act(async () => void (await engine.resume()))}>
            Turn cloud sync back on
          </button>
        )}
      </section>

      {offer && engine && (
        <section className="card cloud-offer" aria-labelledby={`${titleId}-offer`}>
          <h2 id={`${titleId}-offer`}>Documents on this device</h2>
          <p>
            This device has {offer.count} document{offer.count === 1 ? '' : 's'} that {offer.count === 1 ? 'is' : 'are'} not in your account yet. Copy{' '}
            {offer.count === 1 ? 'it' : 'them'} into your account to have {offer.count === 1 ? 'it' : 'them'} on every device you sign in on?
          </p>
          <div className="cloud-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => act(async () => `Copied ${await engine.copyIntoAccount()} documents into your account.`)}>
              Copy into my account
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => act(() => engine.declineCopy())}>
              Not now
            </button>
          </div>
        </section>
      )}

      {conflicts.length > 0 && engine && (
        <section id="cloud-conflicts" className="card cloud-conflicts" aria-labelledby={`${titleId}-conflicts`}>
          <h2 id={`${titleId}-conflicts`}>Conflicts to resolve ({conflicts.length})</h2>
          <ul>
            {conflicts.map((c) => (
              <ConflictItem key={c.id} conflict={c} busy={busy} onChoose={(choice) => act(() => engine.resolve(c.id, choice))} />
            ))}
          </ul>
        </section>
      )}

      <section className="card cloud-storage" aria-labelledby={`${titleId}-storage`}>
        <h2 id={`${titleId}-storage`}>Storage</h2>
        <dl>
          <dt>On this device</dt>
          <dd data-usage="local">
            {usage
              ? `${usage.local.documents} document${usage.local.documents === 1 ? '' : 's'}, ${formatBytes(usage.local.bytes)}${usage.local.quota ? ` (the browser allows up to ${formatBytes(usage.local.quota)})` : ''}`
              : '…'}
          </dd>
          <dt>In the cloud</dt>
          <dd data-usage="cloud">
            {usage?.cloud ? `${usage.cloud.documents} document${usage.cloud.documents === 1 ? '' : 's'}, ${formatBytes(usage.cloud.bytes)}` : usage ? 'not reachable right now' : '…'}
          </dd>
        </dl>
        <div className="cloud-actions">
          <button type="button" className="btn" disabled={busy} onClick={exportEverything}>
            Export everything
          </button>
          <button type="button" className="btn cloud-danger" disabled={busy || !engine} onClick={() => setConfirmDelete(true)}>
            Delete my cloud data
          </button>
        </div>
        {notice && (
          <p className="cloud-notice" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p className="cloud-error" role="alert">
            {error}
          </p>
        )}
      </section>

      <Modal open={confirmDelete} onClose={() => setConfirmDelete(false)} titleId={`${titleId}-delete`} title="Delete my cloud data?">
        <p>
          This deletes every document of your account from the cloud, with its history ({usage?.cloud?.documents ?? 'all'} document
          {usage?.cloud?.documents === 1 ? '' : 's'}). The documents on this device stay, and cloud sync pauses until you turn it back on. Export first if you want a
          copy elsewhere.
        </p>
        <div className="cloud-actions">
          <button type="button" className="btn cloud-danger" data-autofocus disabled={busy} onClick={deleteCloud}>
            Delete from the cloud
          </button>
          <button type="button" className="btn" onClick={() => setConfirmDelete(false)}>
            Cancel
          </button>
        </div>
        {error && (
          <p className="cloud-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </div>
  );
}

/**
 * The panel for a signed-in reader; for anyone else, what an account adds.
 * Offline (the account service cannot be reached) the local "signed in"
 * hint stands, so a signed-in reader keeps the panel's offline state.
 */
function CloudArea() {
  const status = useStore($authStatus);
  useEffect(() => initAuth(), []);
  if (status === 'signed-in' || (status === 'unavailable' && readSignedInHint())) return <CloudPanel />;
  if (status === 'unknown') {
    return (
      <p className="cloud-checking" role="status">
        Checking your account…
      </p>
    );
  }
  return (
    <section className="card cloud-guest" aria-labelledby="cloud-guest-title" data-cloud="signed-out">
      <h2 id="cloud-guest-title">Cloud sync</h2>
      <p>Your documents are kept on this device, and everything below works without an account. Sign in to keep them in the cloud too, and on every device you sign in on.</p>
      <div className="cloud-actions">
        <a className="btn btn-primary" href={withBase('/login?redirect=/nucleus/library')}>
          Sign in to sync
        </a>
      </div>
    </section>
  );
}

export default withBoundary('cloud library', CloudArea);
