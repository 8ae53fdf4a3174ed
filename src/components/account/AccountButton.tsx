/**
 * The header's account button and the two account dialogs. Signed out it
 * says "Sign in"; signed in it shows the avatar and opens the profile.
 * Firebase is loaded only when a session is stored here or a dialog opens.
 */
import { useEffect, useId } from 'react';
import { useStore } from '@nanostores/react';
import { $accountDeleted, $accountDialog, $authStatus, $user, dismissAccountDeleted, initAuth, openAccountDialog, showAccountDeleted } from '../../stores/user';
import { withBoundary } from '../IslandBoundary';
import { withBase } from '../../config/base';
import Modal from './Modal';
import SignInForm from './SignInForm';
import ProfileDialog, { Avatar } from './ProfileDialog';
import './account.css';

function AccountButton() {
  const user = useStore($user);
  const status = useStore($authStatus);
  const dialog = useStore($accountDialog);
  const deleted = useStore($accountDeleted);
  const uid = useId().replace(/:/g, '');

  useEffect(() => {
    initAuth();
    // An account deleted on the page before (a guarded one, left for /login).
    showAccountDeleted();
    document.documentElement.dataset.accountReady = 'true';
  }, []);

  // The footer's session link (static HTML says "Sign in"): the account's
  // library once someone is signed in, on this page and after every swap.
  useEffect(() => {
    const apply = () => {
      for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-session-link]')) {
        a.textContent = user ? 'Your library' : 'Sign in';
        a.href = withBase(user ? '/nucleus/library' : '/login');
      }
    };
    apply();
    document.addEventListener('astro:after-swap', apply);
    return () => document.removeEventListener('astro:after-swap', apply);
  }, [user]);

  // A sign-in or sign-out in another tab: the open dialog no longer fits.
  useEffect(() => {
    if ((user && dialog === 'sign-in') || (!user && dialog === 'profile')) $accountDialog.set('none');
  }, [user, dialog]);

  // The profile dialog's document counts (local and cloud), loaded only when it opens.
  useEffect(() => {
    if (dialog === 'profile') void import('../library/cloud/cloudSync').then((m) => m.refreshAccountCounts()).catch(() => {});
  }, [dialog]);

  const close = () => $accountDialog.set('none');
  const label = user ? `Account: ${user.displayName || user.email || 'signed in'}` : 'Sign in';

  return (
    <>
      <button
        type="button"
        className={`btn account-btn ${user ? 'is-signed-in' : ''}`}
        data-account-button
        data-auth-status={status}
        aria-haspopup="dialog"
        aria-label={label}
        onClick={openAccountDialog}
      >
        {user ? (
          <Avatar user={user} />
        ) : (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M20 21a8 8 0 1 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z" />
          </svg>
        )}
        <span className="account-btn-label" aria-hidden="true">
          {user ? user.displayName || 'Account' : 'Sign in'}
        </span>
      </button>
      <Modal open={dialog === 'sign-in'} onClose={close} titleId={`${uid}-signin`} title="Sign in to Nucleus" eyebrow="Account" className="signin-dialog">
        <p className="signin-lead">Keep your blueprints, characters, cores and creatures in the cloud. Reading and editing on this device need no account.</p>
        <SignInForm autoFocus onSignedIn={close} />
      </Modal>
      <ProfileDialog open={dialog === 'profile'} onClose={close} />
      <Modal open={dialog === 'deleted'} onClose={dismissAccountDeleted} titleId={`${uid}-deleted`} title="Account deleted" eyebrow="Account" className="deleted-dialog">
        <p role="status" data-account-deleted>
          {deleted}
        </p>
        <div className="profile-actions">
          <button type="button" className="btn btn-primary" data-autofocus onClick={dismissAccountDeleted}>
            Done
          </button>
        </div>
      </Modal>
    </>
  );
}

export default withBoundary('account button', AccountButton);
