/**
 * Sign-in errors as sentences a person can act on (SPEC §8). Firebase's own
 * messages are never shown: they name internals and are not translated.
 *
 * @example authErrorMessage('auth/wrong-password') ⇒ 'Wrong e-mail or password.'
 */

/** Every code SPEC §8 lists, as the identity provider sends them (without `auth/`). */
export const SPEC_ERROR_CODES = [
  'argument-error',
  'internal-error',
  'network-request-failed',
  'operation-not-supported-in-this-environment',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'web-storage-unsupported',
  'unauthorized-domain',
  'invalid-auth-event',
  'auth-domain-config-required',
  'invalid-api-key',
  'missing-multi-factor-info',
] as const;

/** The credential errors a sign-in or sign-up form meets every day. */
export const CREDENTIAL_ERROR_CODES = [
  'wrong-password',
  'invalid-credential',
  'invalid-login-credentials',
  'user-not-found',
  'email-already-in-use',
  'too-many-requests',
  'invalid-email',
  'weak-password',
  'missing-password',
  'missing-email',
  'user-disabled',
  'requires-recent-login',
  'password-does-not-meet-requirements',
  'account-exists-with-different-credential',
  'credential-already-in-use',
  'user-mismatch',
  'expired-action-code',
  'invalid-action-code',
  'operation-not-allowed',
  'user-token-expired',
] as const;

/** What a failed sign-in says, whether the password or the address was wrong. */
export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';

const MESSAGES: Record<string, string> = {
  // SPEC §8
  'argument-error': 'Something in the request was not right. Reload the page and try again.',
  'internal-error': 'The sign-in service had a problem. Wait a moment and try again.',
  'network-request-failed': 'Nucleus could not reach the sign-in service. Check your connection and try again.',
  'operation-not-supported-in-this-environment':
    'This browser cannot sign in this way here. Open Nucleus over http or https in a normal browser window and try again.',
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site, or try again to sign in on this page instead.',
  'popup-closed-by-user': 'The sign-in window was closed before you finished. Try again and complete the sign-in there.',
  'cancelled-popup-request': 'Another sign-in window was already open. Finish or close that one, then try again.',
  'web-storage-unsupported':
    'Your browser does not let Nucleus keep you signed in (storage or third-party cookies are off). Turn storage on for this site, or leave private browsing, and try again.',
  'unauthorized-domain': 'Sign-in is not allowed from this address. Open Nucleus from its usual address, or ask the site owner to allow this one.',
  'invalid-auth-event': 'The sign-in could not be completed. Close any sign-in windows and try again.',
  'auth-domain-config-required': 'Sign-in is not fully set up on this site (no auth domain). Ask the site owner to configure it.',
  'invalid-api-key': 'Sign-in is not set up correctly on this site (the API key is invalid). Ask the site owner to fix it.',
  'missing-multi-factor-info': 'Your second sign-in step could not be found. Sign in again and choose a second factor.',
  // Credentials
  // One sentence for every failed password sign-in, so the form never tells
  // whether an e-mail address has an account (issue 24).
  'wrong-password': WRONG_CREDENTIALS,
  'invalid-credential': WRONG_CREDENTIALS,
  'invalid-login-credentials': WRONG_CREDENTIALS,
  'user-not-found': WRONG_CREDENTIALS,
  'email-already-in-use': 'An account with that e-mail address already exists. Sign in instead, or reset your password.',
  'too-many-requests': 'Too many attempts in a short time. Wait a few minutes and try again, or reset your password.',
  'invalid-email': 'That does not look like an e-mail address. Check it and try again.',
  'weak-password': 'That password is too weak. Use at least 6 characters and try again.',
  'missing-password': 'Enter your password.',
  'missing-email': 'Enter your e-mail address.',
  'user-disabled': 'This account has been disabled. Contact the site owner if you think this is a mistake.',
  'requires-recent-login': 'For your safety, confirm it is you: sign in again, then repeat this.',
  'password-does-not-meet-requirements': 'That password does not meet the password rules. Follow the hints under the field and try again.',
  'account-exists-with-different-credential':
    'An account with that e-mail address already exists with another sign-in method. Sign in with that method instead.',
  'credential-already-in-use': 'Those sign-in details already belong to another account. Sign in to that account instead.',
  'user-mismatch': 'Those details belong to a different account. Confirm with the account you are signed in with.',
  'expired-action-code': 'That link has expired. Ask for a new one and try again.',
  'invalid-action-code': 'That link is not valid any more. Ask for a new one and try again.',
  'operation-not-allowed': 'This sign-in method is turned off for this site. Use another method.',
  'user-token-expired': 'Your session has ended. Sign in again.',
};

/** `auth/wrong-password`, `wrong-password` or an error carrying a `code` ⇒ `wrong-password`. */
export function authErrorCode(error: unknown): string {
  const raw =
    typeof error === 'string'
      ? error
      : error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
        ? (error as { code: string }).code
        : '';
  return raw.replace(/^auth\//, '');
}

/** A password sign-in or confirmation that failed on the password (or address) itself. */
export function isWrongCredentials(error: unknown): boolean {
  const code = authErrorCode(error);
  return Object.prototype.hasOwnProperty.call(MESSAGES, code) && MESSAGES[code] === WRONG_CREDENTIALS;
}

/** The sentence to show for an error or error code; unknown codes name the code. */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  const known = Object.prototype.hasOwnProperty.call(MESSAGES, code) ? MESSAGES[code] : undefined;
  if (known) return known;
  return code
    ? `Something went wrong while signing in. Try again in a moment. (Error code: ${code})`
    : 'Something went wrong while signing in. Try again in a moment.';
}
