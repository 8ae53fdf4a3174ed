import { describe, expect, it } from 'vitest';
import { authErrorCode, authErrorMessage, CREDENTIAL_ERROR_CODES, isWrongCredentials, SPEC_ERROR_CODES, WRONG_CREDENTIALS } from './errors';

const generic = /^Something went wrong while signing in/;

describe('authErrorMessage', () => {
  for (const code of [...SPEC_ERROR_CODES, ...CREDENTIAL_ERROR_CODES]) {
    it(`maps auth/${code} to a sentence of its own`, () => {
      const message = authErrorMessage({ code: `auth/${code}`, message: 'Firebase: Error (auth/' + code + ').' });
      expect(message).not.toMatch(generic);
      expect(message).not.toMatch(/Firebase|auth\//);
      expect(message).toMatch(/^[A-Z].*\.$/);
    });
  }

  it('covers every code SPEC §8 lists', () => {
    expect([...SPEC_ERROR_CODES].sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('says the same for a wrong password and an unknown e-mail, so it never tells whether an account exists', () => {
    const sentences = ['wrong-password', 'user-not-found', 'invalid-credential', 'invalid-login-credentials'].map((code) => authErrorMessage({ code: `auth/${code}` }));
    expect(new Set(sentences)).toEqual(new Set(['Wrong e-mail or password.']));
    expect(WRONG_CREDENTIALS).toBe('Wrong e-mail or password.');
    expect(sentences.join(' ')).not.toMatch(/no account|not found|does not exist|create an account/i);
  });

  it('tells a failed password from other errors (the profile asks for the password again)', () => {
    expect(isWrongCredentials({ code: 'auth/invalid-credential' })).toBe(true);
    expect(isWrongCredentials('wrong-password')).toBe(true);
    expect(isWrongCredentials({ code: 'auth/network-request-failed' })).toBe(false);
    expect(isWrongCredentials('constructor')).toBe(false);
  });

  it('gives unknown codes a generic sentence that names the code', () => {
    expect(authErrorMessage({ code: 'auth/quota-exceeded', message: 'Firebase: raw text' })).toBe(
      'Something went wrong while signing in. Try again in a moment. (Error code: quota-exceeded)',
    );
  });

  it('never shows the raw message of an error without a code', () => {
    expect(authErrorMessage(new Error('Firebase: internal details'))).toBe('Something went wrong while signing in. Try again in a moment.');
    expect(authErrorMessage(null)).toMatch(generic);
  });

  it('accepts bare codes and prototype names safely', () => {
    expect(authErrorCode('auth/popup-blocked')).toBe('popup-blocked');
    expect(authErrorMessage('popup-blocked')).toMatch(/blocked the sign-in window/);
    expect(authErrorMessage('constructor')).toMatch(/Error code: constructor/);
  });
});
