/** Accounts: Firebase Auth wrapper, error sentences, the `auth` guard, token sync. */
export { authConfig, startAuth, signedOutElsewhere, withSdk, loadSdk, markRedirectPending, type AuthState } from './client';
export { authErrorMessage, authErrorCode, isWrongCredentials, SPEC_ERROR_CODES, CREDENTIAL_ERROR_CODES, WRONG_CREDENTIALS } from './errors';
export { needsFreshSignIn, accountDeletedSentence, accountElsewhereSentence, accountStanding, accountNotYetDeletedSentence, FRESH_SIGN_IN_S, RECENT_SIGN_IN_S, type AccountStanding, type EndedCampaigns } from './deletion';
export { safeRedirect, loginPathFor } from './redirect';
export { decideGuard, type GuardDecision, type GuardSession } from './guard';
export { tokenSyncAction, resolveTokenSyncUrl, TOKEN_MAX_AGE_S, TOKEN_SYNC_OVERRIDE_KEY } from './tokenSync';
export { readSignedInHint, writeSignedInHint, SIGNED_IN_HINT_KEY } from './hint';
export { missingPasswordRules, defaultPasswordCheck, passwordHint, DEFAULT_MIN_PASSWORD_LENGTH, type PasswordCheck } from './password';
export type { AccountUser, AuthStatus } from './types';
