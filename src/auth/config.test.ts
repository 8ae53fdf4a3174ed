import { describe, expect, it } from 'vitest';
import { resolveAuthConfig } from './config';
import { defaultPasswordCheck, missingPasswordRules, passwordHint } from './password';

describe('resolveAuthConfig', () => {
  it('uses the local Auth emulator when no project is configured', () => {
    expect(resolveAuthConfig({})).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: '127.0.0.1', projectId: 'demo-nucleus' },
      emulatorUrl: 'http://127.0.0.1:9099',
      tokenSyncUrl: '',
    });
    expect(resolveAuthConfig({ PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199' }).emulatorUrl).toBe('http://localhost:9199');
  });
  it('uses the configured project without an emulator', () => {
    const c = resolveAuthConfig({
      PUBLIC_FIREBASE_API_KEY: 'k',
      PUBLIC_FIREBASE_PROJECT_ID: 'p',
      PUBLIC_FIREBASE_APP_ID: 'a',
      PUBLIC_TOKEN_SYNC_URL: '/s',
    });
    expect(c).toEqual({ firebase: { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p', appId: 'a' }, emulatorUrl: null, tokenSyncUrl: '/s' });
  });
});

describe('password rules', () => {
  it('asks for 6 characters when no policy is known', () => {
    expect(passwordHint(missingPasswordRules(defaultPasswordCheck('abc')))).toBe('Your password needs at least 6 characters.');
    expect(missingPasswordRules(defaultPasswordCheck('abcdef'))).toEqual([]);
  });
  it('names everything a provider policy still requires', () => {
    const missing = missingPasswordRules({
      meetsMinPasswordLength: false,
      containsLowercaseLetter: true,
      containsUppercaseLetter: false,
      containsNumericCharacter: false,
      containsNonAlphanumericCharacter: false,
      meetsMaxPasswordLength: true,
      passwordPolicy: { customStrengthOptions: { minPasswordLength: 10 } },
    });
    expect(passwordHint(missing)).toBe('Your password needs at least 10 characters, an uppercase letter, a number and a symbol (not a letter or number).');
  });
  it('mentions the maximum length', () => {
    expect(missingPasswordRules({ meetsMaxPasswordLength: false, passwordPolicy: { customStrengthOptions: { maxPasswordLength: 20 } } })).toEqual([
      'at most 20 characters',
    ]);
  });
});
