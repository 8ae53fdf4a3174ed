/**
 * The account dialogs (sign in, profile, "account deleted"), loaded with
 * React only when one opens (src/components/account/button.ts): a reader
 * who never signs in never downloads them (issue 25). The header button
 * itself is plain DOM.
 */
import { useEffect, useId } from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from '@nanostores/react';
import { $accountDialog, $user, dismissAccountDeleted, $accountDeleted } from '../../stores/user';
import { withBoundary } from '../IslandBoundary';
import Modal from './Modal';
import SignInForm from './SignInForm';
import ProfileDialog from './ProfileDialog';
import './account.css';

function AccountDialogs() {
  const user = useStore($user);
  const dialog = useStore($accountDialog);
  const deleted = useStore($accountDeleted);
  const uid = useId().replace(/:/g, '');

  // A sign-in or sign-out in another tab: the open dialog no longer fits.
  useEffect(() => {
    if ((user && dialog === 'sign-in') || (!user && dialog === 'profile')) $accountDialog.set('none');
  }, [user, dialog]);

  // The profile dialog's document counts (local and cloud), loaded only when it opens.
  useEffect(() => {
    if (dialog === 'profile') void import('../library/cloud/cloudSync').then((m) => m.refreshAccountCounts()).catch(() => {});
  }, [dialog]);

  const close = () => $accountDialog.set('none');

  return (
    <>
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

const Dialogs = withBoundary('account', AccountDialogs);

/** Renders the dialogs into `container` (once; the header keeps it across pages). */
export function mountAccountDialogs(container: HTMLElement): void {
  createRoot(container).render(<Dialogs />);
}
