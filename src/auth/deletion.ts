/**
 * Deleting an account (issue 23), the decisions without the SDK: whether
 * Firebase would refuse for an old sign-in, and the sentence that tells the
 * reader what went and what stays.
 */

/** Firebase deletes an account only within this long of its last sign-in (else `auth/requires-recent-login`). */
export const RECENT_SIGN_IN_S = 300;
/**
 * Asked for a fresh sign-in past this age: the cloud is erased before the
 * account is deleted, and that must not outlast Firebase's window.
 */
export const FRESH_SIGN_IN_S = 240;

/**
 * Whether to ask the reader to sign in again before anything is deleted.
 * @param authTime the ID token's `authTime` (a date string) or epoch ms; null or unreadable ⇒ ask.
 * @example needsFreshSignIn(new Date(now - 60_000).toUTCString(), now) ⇒ false
 */
export function needsFreshSignIn(authTime: string | number | null | undefined, now: number): boolean {
  const at = typeof authTime === 'number' ? authTime : typeof authTime === 'string' ? Date.parse(authTime) : NaN;
  if (!Number.isFinite(at)) return true;
  return (now - at) / 1000 > FRESH_SIGN_IN_S;
}

const documents = (n: number) => `${n} document${n === 1 ? '' : 's'}`;

/**
 * What "Delete my account" did, in two sentences: the cloud's share and this device's.
 * @param cloud documents deleted from the cloud (with all their versions)
 * @param device documents kept on this device; null when they could not be counted
 * @param campaigns campaigns the account ran (deleted) and belonged to (left); said only when there were any
 * @example accountDeletedSentence(2, 3) ⇒ 'Your account is deleted, and with it the 2 documents it kept in the cloud and all their versions. The 3 documents on this device stay here, and you can keep using them without an account.'
 */
export function accountDeletedSentence(cloud: number, device: number | null, campaigns: EndedCampaigns = { deleted: 0, left: 0 }): string {
  const gone =
    cloud === 0
      ? 'Your account is deleted. It kept no documents in the cloud.'
      : `Your account is deleted, and with it the ${documents(cloud)} it kept in the cloud and all ${cloud === 1 ? 'its' : 'their'} versions.`;
  const stays =
    device === null
      ? 'The documents on this device stay here.'
      : device === 0
        ? 'There are no documents on this device.'
        : `The ${documents(device)} on this device stay${device === 1 ? 's' : ''} here, and you can keep using ${device === 1 ? 'it' : 'them'} without an account.`;
  return [gone, endedCampaignsSentence(campaigns), stays].filter(Boolean).join(' ');
}

/** Campaigns an account deletion ended: those it ran were deleted, the others left. */
export interface EndedCampaigns {
  deleted: number;
  left: number;
}

const campaignCount = (n: number) => `${n} campaign${n === 1 ? '' : 's'}`;

/**
 * The campaigns' share of the deletion, or '' when the account had none
 * (the players of a deleted campaign read why when they next open it).
 * @example endedCampaignsSentence({ deleted: 1, left: 2 }) ⇒ 'The 1 campaign you ran is deleted, and its players are told when they next open it. You left the 2 campaigns you played in.'
 */
export function endedCampaignsSentence({ deleted, left }: EndedCampaigns): string {
  const ran = deleted === 0 ? '' : `The ${campaignCount(deleted)} you ran ${deleted === 1 ? 'is' : 'are'} deleted, and ${deleted === 1 ? 'its' : 'their'} players are told when they next open ${deleted === 1 ? 'it' : 'them'}.`;
  const played = left === 0 ? '' : `You left the ${campaignCount(left)} you played in.`;
  return [ran, played].filter(Boolean).join(' ');
}

/** The cloud is already empty, but Firebase wants a fresh sign-in before the account itself goes. */
export function accountNotYetDeletedSentence(cloud: number): string {
  const gone = cloud === 0 ? 'Your account has no documents left in the cloud' : `The ${documents(cloud)} of your account in the cloud ${cloud === 1 ? 'is' : 'are'} deleted`;
  return `${gone}, but the account itself is not deleted yet: confirm it is you to finish.`;
}

/**
 * How an account stands when the cloud refused one of its writes: deleted
 * (Firebase no longer knows it), turned off, being deleted (its tombstone
 * stands, the account not gone yet: another device is in the middle of
 * "Delete my account"), or alive (the refusal has another cause).
 */
export type AccountStanding = 'deleted' | 'disabled' | 'deleting' | 'alive';

/**
 * The account's standing from what a refused write leads this device to
 * ask: `refresh`, the Auth error code of forcing a new ID token (null: it
 * came), and whether the account's tombstone stands without its key.
 * Firebase answers a deleted user's refresh with `auth/user-token-expired`
 * (USER_NOT_FOUND on the wire) and signs the device out itself (the Auth
 * emulator with `auth/invalid-refresh-token`, so this device signs out on its
 * own word, `accountRefusal`); a refresh
 * that failed for another reason (offline) leaves the tombstone to decide.
 */
export function accountStanding(refresh: string | null, tombstone: boolean): AccountStanding {
  if (refresh === 'auth/user-token-expired' || refresh === 'auth/user-not-found') return 'deleted';
  // The Auth emulator answers a deleted user's refresh with INVALID_REFRESH_TOKEN (the SDK's auth/invalid-refresh-token,
  // or invalid-user-token); with the tombstone standing, it is the same news.
  if ((refresh === 'auth/invalid-refresh-token' || refresh === 'auth/invalid-user-token') && tombstone) return 'deleted';
  if (refresh === 'auth/user-disabled') return 'disabled';
  return tombstone ? 'deleting' : 'alive';
}

/**
 * The sentence a device reads when its account was deleted or turned off
 * elsewhere, or is being deleted; null when the account stands (the
 * refusal's own sentence then says what happened). It never advises
 * signing in again where that cannot help.
 * @example accountElsewhereSentence('deleted') ⇒ 'Your account was deleted on another device, so this device is signed out. …'
 */
export function accountElsewhereSentence(standing: AccountStanding): string | null {
  switch (standing) {
    case 'deleted':
      return 'Your account was deleted on another device, so this device is signed out. The documents on this device stay here, and you can keep using them without an account.';
    case 'disabled':
      return 'Your account was turned off, so this device is signed out. The documents on this device stay here, and you can keep using them without an account.';
    case 'deleting':
      return 'Your account is being deleted on another device, so the cloud takes nothing more from this one. Your changes are kept on this device; if the deletion is stopped there, they sync again.';
    default:
      return null;
  }
}
