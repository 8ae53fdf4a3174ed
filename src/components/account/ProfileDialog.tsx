/**
 * The profile dialog: who is signed in, their name, e-mail and its
 * verification, sign-in providers, signing out and deleting the account.
 */
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { $accountDocumentCounts } from '../../stores/user';
import Modal from './Modal';
import { Avatar } from './Avatar';
import { useProfileDialog } from './useProfileDialog';

/** Documents kept on this device and in the cloud; null hides the line. */
export interface DocumentCounts {
  local: number;
  cloud: number | null;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** Document counts slot: overrides `$accountDocumentCounts` when given. */
  documentCounts?: DocumentCounts | null;
}

const PROVIDER_NAMES: Record<string, string> = {
  password: 'E-mail and password',
  'google.com': 'Google',
  'github.com': 'GitHub',
  'apple.com': 'Apple',
  'microsoft.com': 'Microsoft',
  phone: 'Phone',
};

export { initialsOf } from './initials';
export { Avatar };

export default function ProfileDialog({ open, onClose, documentCounts }: Props) {
  const { user, name, setName, busy, error, notice, confirmDelete, setConfirmDelete, reauth, password, setPassword, usesPassword, saveName, resendVerification, signOut, doDelete, keep, close } =
    useProfileDialog(open, onClose);
  const storedCounts = useStore($accountDocumentCounts);
  const counts = documentCounts !== undefined ? documentCounts : storedCounts;
  const uid = useId().replace(/:/g, '');

  if (!user) return <Modal open={false} onClose={onClose} titleId={`${uid}-title`} title="Your account" children={null} />;

  return (
    <Modal open={open} onClose={close} titleId={`${uid}-title`} title="Your account" eyebrow="Profile" className="profile-dialog">
      <div className="profile-who">
        <Avatar user={user} size="lg" />
        <div className="profile-who-text">
          <p className="profile-name">{user.displayName || 'No name yet'}</p>
          <p className="profile-email">
            {user.email ?? 'No e-mail address'}{' '}
            {user.email && (
              <span className={`badge ${user.emailVerified ? 'badge-ok' : 'badge-warn'}`}>{user.emailVerified ? 'Verified' : 'Not verified'}</span>
            )}
          </p>
        </div>
      </div>

      {user.email && !user.emailVerified && (
        <div className="profile-verify">
          <p>Confirm your e-mail address with the link we sent you, so you can recover your account.</p>
          <button
            type="button"
            className="btn"
            disabled={!!busy}
            onClick={resendVerification}
          >
            Resend confirmation e-mail
          </button>
        </div>
      )}

      <form className="profile-name-form" onSubmit={saveName}>
        <label htmlFor={`${uid}-name`}>Display name</label>
        <div className="inline-field">
          <input id={`${uid}-name`} type="text" autoComplete="nickname" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} data-autofocus />
          <button type="submit" className="btn" disabled={!!busy || name.trim() === (user.displayName ?? '')}>
            {busy === 'name' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>

      <dl className="profile-facts">
        <div>
          <dt>Signed in with</dt>
          <dd>{user.providers.length ? user.providers.map((p) => PROVIDER_NAMES[p] ?? p).join(', ') : 'Unknown'}</dd>
        </div>
        {counts && (
          <div data-document-counts>
            <dt>Documents</dt>
            <dd>
              {counts.local} on this device{counts.cloud !== null ? `, ${counts.cloud} in the cloud` : ''}
            </dd>
          </div>
        )}
      </dl>

      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}

      <div className="profile-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!!busy}
          onClick={signOut}
        >
          Sign out
        </button>
        {!confirmDelete && (
          <button type="button" className="btn btn-danger" disabled={!!busy} onClick={() => setConfirmDelete(true)}>
            Delete account…
          </button>
        )}
      </div>

      {confirmDelete && (
        <div className="profile-delete" role="group" aria-labelledby={`${uid}-delete-title`}>
          <p id={`${uid}-delete-title`} className="profile-delete-title">
            Delete your account?
          </p>
          <p>
            This removes your account and everything kept in the cloud for it
            {counts?.cloud != null ? `: ${counts.cloud} document${counts.cloud === 1 ? '' : 's'} and all their versions` : ''}.{' '}
            {counts ? `The ${counts.local} document${counts.local === 1 ? '' : 's'} on this device stay${counts.local === 1 ? 's' : ''}.` : 'Documents on this device stay.'} This cannot be undone.
          </p>
          {reauth && (
            <p className="form-notice" role="status" data-reauth>
              {reauth.sentence}
            </p>
          )}
          {reauth && usesPassword && (
            <div className="field">
              <label htmlFor={`${uid}-reauth`}>Your password, to confirm it is you</label>
              <input id={`${uid}-reauth`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
          )}
          {reauth && !usesPassword && <p>Confirm with your sign-in provider in the window that opens.</p>}
          <div className="profile-actions">
            <button type="button" className="btn btn-danger" disabled={!!busy || (!!reauth && usesPassword && !password)} onClick={() => void doDelete()}>
              {busy === 'delete' ? 'Deleting…' : reauth ? 'Confirm and delete' : 'Delete my account'}
            </button>
            <button type="button" className="btn" disabled={!!busy} onClick={() => void keep()}>
              Keep my account
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
