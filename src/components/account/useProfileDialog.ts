/**
 * What the profile dialog does, apart from what it shows: its fields and
 * sentences, reset on each opening, and the account's actions (rename,
 * resend the confirmation, sign out, delete or keep the account), one at a
 * time, each failure said in a sentence.
 */
import { useEffect, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { authErrorMessage, isWrongCredentials, withSdk } from '../../auth';
import { $user, refreshUser, setUser, showAccountDeleted } from '../../stores/user';
import { ACCOUNT_KEPT, AccountNotDeletedError, deleteAccount, keepAccount } from './deleteAccount';

/** Firebase wants a fresh sign-in before the account goes: what to say, and what is already erased. */
interface Reauth {
  sentence: string;
  erased: number;
  /** The cloud is erased and the account's tombstone stands: keeping the account must take it down. */
  midway: boolean;
}

/** The dialog's state and actions; the actions run only while someone is signed in (the dialog shows nothing else). */
export function useProfileDialog(open: boolean, onClose: () => void) {
  const user = useStore($user);
  const [name, setName] = useState(user?.displayName ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reauth, setReauth] = useState<Reauth | null>(null);
  const [password, setPassword] = useState('');

  useEffect(() => {
    if (open) {
      setName($user.get()?.displayName ?? '');
      setError(null);
      setNotice(null);
      setConfirmDelete(false);
      setReauth(null);
      setPassword('');
      // Pick up a verification done in another tab.
      void withSdk((sdk) => sdk.reload())
        .then(refreshUser)
        .catch(() => {});
    }
  }, [open]);

  const run = async (what: string, task: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    setNotice(null);
    try {
      await task();
    } catch (e) {
      // CloudEraseError (from the dynamically imported cloudErase.ts) is a sentence too: say, why a tombstone cannot be lifted here.
      setError(e instanceof AccountNotDeletedError || (e as Error)?.name === 'CloudEraseError' ? (e as Error).message : authErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const usesPassword = !!user?.providers.includes('password');
  const saveName = (e: SyntheticEvent) => {
    e.preventDefault();
    void run('name', async () => {
      const next = await withSdk((sdk) => sdk.rename(name));
      refreshUser(next);
      setNotice('Your name is saved.');
    });
  };

  const resendVerification = () =>
    void run('verify', async () => {
      await withSdk((sdk) => sdk.resendVerification());
      setNotice(`A new confirmation link is on its way to ${user!.email}.`);
    });

  const signOut = () =>
    void run('out', async () => {
      await withSdk((sdk) => sdk.leave());
      setUser(null);
      onClose();
    });

  const doDelete = () =>
    run('delete', async () => {
      if (reauth) {
        try {
          await withSdk((sdk) => sdk.reauthenticate(usesPassword ? password : null));
        } catch (e) {
          if (!isWrongCredentials(e)) throw e;
          setError(`That password is not right. ${reauth.erased ? 'Your account is not deleted yet.' : 'Nothing has been deleted.'}`);
          return;
        }
      }
      const outcome = await deleteAccount(user!.uid, !!reauth, reauth?.erased ?? 0);
      if (outcome.step === 'confirm-identity') {
        setReauth({ sentence: outcome.sentence, erased: outcome.erased, midway: outcome.midway });
        setPassword('');
        return;
      }
      setUser(null);
      showAccountDeleted(outcome.sentence);
    });

  // A deletion stopped after the erase leaves the tombstone up: keeping the account (the button,
  // or closing the dialog) takes it down, so this and every other device can save again.
  const keep = () =>
    run('keep', async () => {
      if (reauth?.midway) {
        await keepAccount(user!.uid);
        setNotice(ACCOUNT_KEPT);
      }
      setReauth(null);
      setConfirmDelete(false);
    });
  const close = () => {
    if (reauth?.midway) void keepAccount(user!.uid).catch(() => {});
    onClose();
  };

  return { user, name, setName, busy, error, notice, confirmDelete, setConfirmDelete, reauth, password, setPassword, usesPassword, saveName, resendVerification, signOut, doDelete, keep, close };
}
