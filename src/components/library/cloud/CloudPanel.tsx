/**
 * The account's side of /nucleus/library: sync status, the copy offer,
 * conflicts to resolve, storage used here and in the cloud, "export
 * everything" and "delete my cloud data". The document list with each
 * document's sync state is the Library beside it (with `showSync`).
 * The library itself needs no account (the documents are this device's);
 * only this panel does: signed out, it says what signing in adds and
 * where to do it.
 */
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { $copyOffer, $syncConflicts, $syncStatus, syncLabel } from '../../../storage/sync';
import { withBoundary } from '../../IslandBoundary';
import { readSignedInHint } from '../../../auth/hint';
import { withBase } from '../../../config/base';
import { $authStatus, initAuth } from '../../../stores/user';
import Modal from '../../account/Modal';
import { $cloudEngine, startCloudSync } from './cloudSync';
import { ConflictItem } from './ConflictItem';
import { useCloudPanel } from './useCloudPanel';
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

function CloudPanel() {
  const status = useStore($syncStatus);
  const engine = useStore($cloudEngine);
  const offer = useStore($copyOffer);
  const conflicts = useStore($syncConflicts);
  const titleId = useId().replace(/:/g, '');

  useEffect(() => startCloudSync(), []);

  const { usage, busy, notice, error, confirmDelete, setConfirmDelete, act, exportEverything, deleteCloud } = useCloudPanel(engine, status);

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