/**
 * The sign-in form, shared by the dialog and /login: e-mail and password
 * (sign in, create an account, reset the password) and Google.
 */
import { useId } from 'react';
import type { AccountUser } from '../../auth';
import { useSignInForm, type FormMode } from './useSignInForm';

export type { FormMode };

interface Props {
  onSignedIn?: (user: AccountUser) => void;
  /** Autofocus the e-mail field (the dialog does; the page leaves focus alone). */
  autoFocus?: boolean;
  /** Told the mode as it changes: the sign-in page's heading follows it. */
  onModeChange?: (mode: FormMode) => void;
}

const GOOGLE_ICON = (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="google-icon">
    <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z" />
    <path fill="#34A853" d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23Z" />
    <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8Z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4Z" />
  </svg>
);

export default function SignInForm({ onSignedIn, autoFocus = false, onModeChange }: Props) {
  const { mode, email, setEmail, password, setPassword, showPassword, setShowPassword, busy, error, notice, check, checking, emailRef, retry, missing, hint, unavailable, switchMode, onSubmit, onGoogle } =
    useSignInForm(onSignedIn, onModeChange);
  const uid = useId().replace(/:/g, '');

  const title = mode === 'sign-up' ? 'Create account' : mode === 'reset' ? 'Send reset link' : 'Sign in';
  const hintId = `${uid}-pw-hint`;
  const errorId = `${uid}-error`;

  if (unavailable) {
    return (
      <div className="signin-unavailable" role="status">
        <p className="signin-unavailable-title">Cloud sign-in is unavailable right now.</p>
        <p>
          {typeof navigator !== 'undefined' && navigator.onLine === false
            ? 'You are offline, and signing in needs a connection. '
            : 'Nucleus could not reach the sign-in service. '}
          Reading the guide and the rules, and editing on this device, keep working; your documents stay on this device until you can sign in.
        </p>
        <button type="button" className="btn" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="signin">
      {mode !== 'reset' && (
        <div className="signin-modes" role="group" aria-label="Account">
          <button type="button" className="signin-mode" aria-pressed={mode === 'sign-in'} onClick={() => switchMode('sign-in')}>
            Sign in
          </button>
          <button type="button" className="signin-mode" aria-pressed={mode === 'sign-up'} onClick={() => switchMode('sign-up')}>
            Create account
          </button>
        </div>
      )}
      {mode === 'reset' && <p className="signin-lead">Enter the e-mail address of your account and we send you a link to choose a new password.</p>}
      <form className="signin-form" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label htmlFor={`${uid}-email`}>E-mail</label>
          <input
            ref={emailRef}
            id={`${uid}-email`}
            type="email"
            name="email"
            autoComplete={mode === 'sign-up' ? 'email' : 'username'}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-autofocus={autoFocus ? true : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        {mode !== 'reset' && (
          <div className="field">
            <div className="field-row">
              <label htmlFor={`${uid}-password`}>Password</label>
              {mode === 'sign-in' && (
                <button type="button" className="link-btn" onClick={() => switchMode('reset')}>
                  Forgot password?
                </button>
              )}
            </div>
            <div className="password-wrap">
              <input
                id={`${uid}-password`}
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-describedby={mode === 'sign-up' ? hintId : undefined}
                aria-invalid={error || (mode === 'sign-up' && missing.length > 0) ? true : undefined}
              />
              <button type="button" className="link-btn password-toggle" aria-pressed={showPassword} onClick={() => setShowPassword((s) => !s)}>
                {showPassword ? 'Hide' : 'Show'}
                <span className="visually-hidden"> password</span>
              </button>
            </div>
            {mode === 'sign-up' && (
              <p id={hintId} className={`field-hint ${hint ? 'is-missing' : password ? 'is-ok' : ''}`} aria-live="polite">
                {hint ?? (password && check ? 'This password meets the rules.' : 'At least 6 characters.')}
              </p>
            )}
          </div>
        )}
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        {notice && (
          <p className="form-notice" role="status">
            {notice}
          </p>
        )}
        <button type="submit" className="btn btn-primary signin-submit" disabled={busy || checking} aria-busy={busy || checking}>
          {busy ? 'Working…' : title}
        </button>
      </form>
      {mode === 'reset' ? (
        <button type="button" className="link-btn signin-back" onClick={() => switchMode('sign-in')}>
          Back to sign in
        </button>
      ) : (
        <>
          <p className="signin-or">
            <span>or</span>
          </p>
          <button type="button" className="btn signin-google" onClick={() => void onGoogle()} disabled={busy || checking}>
            {GOOGLE_ICON}
            Continue with Google
          </button>
        </>
      )}
    </div>
  );
}
