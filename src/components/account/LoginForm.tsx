/**
 * The /login page's form: the dialog's form on a page of its own. After
 * signing in it returns to `?redirect=` (a path on this site only).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { safeRedirect } from '../../auth';
import { withBase } from '../../config/base';
import { $user, initAuth } from '../../stores/user';
import { withBoundary } from '../IslandBoundary';
import SignInForm, { type FormMode } from './SignInForm';
import './account.css';

function target(): string {
  return safeRedirect(new URLSearchParams(location.search).get('redirect'));
}

function LoginForm() {
  const user = useStore($user);
  useEffect(() => {
    initAuth();
    document.documentElement.dataset.loginReady = 'true';
  }, []);

  const go = () => location.assign(withBase(target()));

  if (user) {
    return (
      <div className="signin-done" role="status">
        <p>
          You are signed in as <strong>{user.displayName || user.email}</strong>.
        </p>
        <button type="button" className="btn btn-primary" onClick={go}>
          Continue
        </button>
      </div>
    );
  }
  return <SignInForm onSignedIn={go} onModeChange={showMode} />;
}

/** The page's heading (login.astro) says what the form does now. */
function showMode(mode: FormMode) {
  const heading = document.querySelector('[data-login-title]');
  if (heading) heading.textContent = mode === 'sign-up' ? 'Create account' : mode === 'reset' ? 'Reset your password' : 'Sign in';
}

export default withBoundary('sign-in form', LoginForm);
