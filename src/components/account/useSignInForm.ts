/**
 * What the sign-in form does, apart from what it shows: its fields, the
 * password's rules checked as a new one is typed, the retry when the
 * sign-in service was out of reach, and signing in, up, or asking for a
 * reset link, each failure said in a sentence.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  authErrorMessage,
  defaultPasswordCheck,
  markRedirectPending,
  missingPasswordRules,
  passwordHint,
  withSdk,
  type AccountUser,
  type PasswordCheck,
} from '../../auth';
import { $authStatus, confirmAuth, setUser } from '../../stores/user';

export type FormMode = 'sign-in' | 'sign-up' | 'reset';

/** The form's state and actions; `onModeChange` is told the mode as it changes. */
export function useSignInForm(onSignedIn: ((user: AccountUser) => void) | undefined, onModeChange: ((mode: FormMode) => void) | undefined) {
  const status = useStore($authStatus);
  const [mode, setMode] = useState<FormMode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [check, setCheck] = useState<PasswordCheck | null>(null);
  const [checking, setChecking] = useState(true);
  const emailRef = useRef<HTMLInputElement>(null);

  // Opening the form is the moment the SDK is worth loading.
  useEffect(() => {
    let live = true;
    confirmAuth().finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, []);

  // Say what the password lacks as the reader types (new passwords only).
  useEffect(() => {
    if (mode !== 'sign-up' || !password) {
      setCheck(null);
      return;
    }
    let live = true;
    const t = window.setTimeout(() => {
      withSdk((sdk) => sdk.checkPassword(password))
        .then((s) => live && setCheck(s as PasswordCheck))
        .catch(() => live && setCheck(defaultPasswordCheck(password)));
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [password, mode]);

  const retry = () => {
    $authStatus.set('unknown');
    setChecking(true);
    confirmAuth().finally(() => setChecking(false));
  };

  // Unavailable while offline: try again as soon as the connection returns.
  useEffect(() => {
    if (status !== 'unavailable') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status]);

  const missing = check ? missingPasswordRules(check) : [];
  const hint = passwordHint(missing);
  const unavailable = status === 'unavailable';

  const switchMode = (next: FormMode) => {
    setMode(next);
    setError(null);
    setNotice(null);
    emailRef.current?.focus();
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await task();
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const signedIn = (user: AccountUser) => {
    setUser(user);
    onSignedIn?.(user);
  };

  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (mode === 'reset') {
      void run(async () => {
        await withSdk((sdk) => sdk.resetPassword(email.trim()));
        setNotice(`If an account exists for ${email.trim()}, an e-mail with a reset link is on its way. Follow it, then sign in with the new password.`);
      });
      return;
    }
    if (mode === 'sign-up' && missing.length > 0) {
      setError(hint);
      return;
    }
    void run(async () => {
      const user = await withSdk((sdk) => (mode === 'sign-up' ? sdk.signUp(email.trim(), password) : sdk.signIn(email.trim(), password)));
      signedIn(user);
    });
  };

  const onGoogle = () =>
    run(async () => {
      const result = await withSdk((sdk) => sdk.signInWithGoogle(markRedirectPending));
      if (result !== 'redirecting') signedIn(result);
    });

  useEffect(() => onModeChange?.(mode), [mode]);

  return { mode, email, setEmail, password, setPassword, showPassword, setShowPassword, busy, error, notice, check, checking, emailRef, retry, missing, hint, unavailable, switchMode, onSubmit, onGoogle };
}
