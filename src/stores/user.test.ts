import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountUser } from '../auth';
import { $authStatus, $user, refreshUser, setUser } from './user';

const alice: AccountUser = { uid: 'u-alice', email: 'alice@example.com', displayName: null, photoURL: null, emailVerified: false, providers: ['password'] };

describe('refreshUser', () => {
  beforeEach(() => setUser(alice));

  it('updates the shown account with what the server says now', () => {
    refreshUser({ ...alice, emailVerified: true });
    expect($user.get()?.emailVerified).toBe(true);
  });

  it('does not sign the page back in when the account was signed out while the re-read was on its way', () => {
    // Another tab signed out: the page shows it at once.
    setUser(null);
    $authStatus.set('signed-out');
    refreshUser(alice);
    expect($user.get()).toBeNull();
    expect($authStatus.get()).toBe('signed-out');
  });

  it('ignores an answer about another account', () => {
    refreshUser({ ...alice, uid: 'u-bob', email: 'bob@example.com' });
    expect($user.get()?.email).toBe('alice@example.com');
  });
});
