import { describe, expect, it } from 'vitest';
import { accountDeletedSentence, accountElsewhereSentence, accountStanding, accountNotYetDeletedSentence, endedCampaignsSentence, FRESH_SIGN_IN_S, needsFreshSignIn, RECENT_SIGN_IN_S } from './deletion';

const now = Date.parse('2026-03-01T12:00:00Z');
const ago = (s: number) => new Date(now - s * 1000).toUTCString();

describe('needsFreshSignIn', () => {
  it('lets a sign-in of a minute ago delete at once', () => {
    expect(needsFreshSignIn(ago(60), now)).toBe(false);
    expect(needsFreshSignIn(now - 60_000, now)).toBe(false);
  });
  it('asks again before Firebase would refuse, leaving time to erase the cloud first', () => {
    expect(FRESH_SIGN_IN_S).toBeLessThan(RECENT_SIGN_IN_S);
    expect(needsFreshSignIn(ago(FRESH_SIGN_IN_S), now)).toBe(false);
    expect(needsFreshSignIn(ago(FRESH_SIGN_IN_S + 1), now)).toBe(true);
    expect(needsFreshSignIn(ago(3600), now)).toBe(true);
  });
  it('asks when the sign-in time is missing or unreadable', () => {
    expect(needsFreshSignIn(null, now)).toBe(true);
    expect(needsFreshSignIn(undefined, now)).toBe(true);
    expect(needsFreshSignIn('yesterday-ish', now)).toBe(true);
  });
});

describe('accountDeletedSentence', () => {
  it('says how many cloud documents went and how many stay on this device', () => {
    expect(accountDeletedSentence(2, 3)).toBe(
      'Your account is deleted, and with it the 2 documents it kept in the cloud and all their versions. The 3 documents on this device stay here, and you can keep using them without an account.',
    );
  });
  it('speaks of one document in the singular', () => {
    expect(accountDeletedSentence(1, 1)).toBe(
      'Your account is deleted, and with it the 1 document it kept in the cloud and all its versions. The 1 document on this device stays here, and you can keep using it without an account.',
    );
  });
  it('says so when the cloud or the device had none, or the device could not be counted', () => {
    expect(accountDeletedSentence(0, 0)).toBe('Your account is deleted. It kept no documents in the cloud. There are no documents on this device.');
    expect(accountDeletedSentence(4, null)).toMatch(/the 4 documents it kept in the cloud .* The documents on this device stay here\.$/);
  });
  it('names the campaigns it ended between the cloud and the device, and only when there were any', () => {
    expect(accountDeletedSentence(2, 0, { deleted: 1, left: 2 })).toBe(
      'Your account is deleted, and with it the 2 documents it kept in the cloud and all their versions. The 1 campaign you ran is deleted, and its players are told when they next open it. You left the 2 campaigns you played in. There are no documents on this device.',
    );
    expect(accountDeletedSentence(0, 0, { deleted: 0, left: 0 })).toBe(accountDeletedSentence(0, 0));
  });
});

describe('endedCampaignsSentence', () => {
  it('speaks of the campaigns run and played in, each in its number', () => {
    expect(endedCampaignsSentence({ deleted: 2, left: 0 })).toBe('The 2 campaigns you ran are deleted, and their players are told when they next open them.');
    expect(endedCampaignsSentence({ deleted: 0, left: 1 })).toBe('You left the 1 campaign you played in.');
    expect(endedCampaignsSentence({ deleted: 0, left: 0 })).toBe('');
  });
});

describe('accountNotYetDeletedSentence', () => {
  it('says the cloud is empty and the account still there', () => {
    expect(accountNotYetDeletedSentence(3)).toBe('The 3 documents of your account in the cloud are deleted, but the account itself is not deleted yet: confirm it is you to finish.');
    expect(accountNotYetDeletedSentence(0)).toMatch(/^Your account has no documents left in the cloud, but/);
  });
});

describe('an account deleted or being deleted on another device', () => {
  it('is deleted when Firebase refuses a new token for a user it no longer knows, whatever the tombstone says', () => {
    expect(accountStanding('auth/user-token-expired', true)).toBe('deleted');
    expect(accountStanding('auth/user-not-found', false)).toBe('deleted');
    expect(accountStanding('auth/user-disabled', false)).toBe('disabled');
    // The Auth emulator's word for it: the refresh token of a user it no longer has, with the tombstone standing.
    expect(accountStanding('auth/invalid-refresh-token', true)).toBe('deleted');
    expect(accountStanding('auth/invalid-user-token', true)).toBe('deleted');
    // Without a tombstone, a refused refresh token is not a deletion (a password changed elsewhere).
    expect(accountStanding('auth/invalid-refresh-token', false)).toBe('alive');
  });
  it('is being deleted while its tombstone stands and the account still answers', () => {
    expect(accountStanding(null, true)).toBe('deleting');
    // Offline: the refresh says nothing, the tombstone read decides.
    expect(accountStanding('auth/network-request-failed', true)).toBe('deleting');
    expect(accountStanding('auth/network-request-failed', false)).toBe('alive');
    expect(accountStanding(null, false)).toBe('alive');
  });
  it('says what happened and what stays, and never advises signing in again', () => {
    const deleted = accountElsewhereSentence('deleted')!;
    expect(deleted).toBe('Your account was deleted on another device, so this device is signed out. The documents on this device stay here, and you can keep using them without an account.');
    expect(accountElsewhereSentence('disabled')).toContain('Your account was turned off, so this device is signed out.');
    expect(accountElsewhereSentence('deleting')).toBe(
      'Your account is being deleted on another device, so the cloud takes nothing more from this one. Your changes are kept on this device; if the deletion is stopped there, they sync again.',
    );
    for (const s of ['deleted', 'disabled', 'deleting'] as const) expect(accountElsewhereSentence(s)).not.toMatch(/sign (out|in)[, ]+(and )?(sign )?in again|retry/i);
  });
  it('leaves an account that stands to the refusal’s own sentence', () => {
    expect(accountElsewhereSentence('alive')).toBeNull();
  });
});
