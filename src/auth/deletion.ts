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
 * @example accountDeletedSentence(2, 3) ⇒ 'Your account is deleted, and with it the 2 documents it kept in the cloud and all their versions. The 3 documents on this device stay here, and you can keep using them without an account.'
 */
export function accountDeletedSentence(cloud: number, device: number | null): string {
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
  return `${gone} ${stays}`;
}

/** The cloud is already empty, but Firebase wants a fresh sign-in before the account itself goes. */
export function accountNotYetDeletedSentence(cloud: number): string {
  const gone = cloud === 0 ? 'Your account has no documents left in the cloud' : `The ${documents(cloud)} of your account in the cloud ${cloud === 1 ? 'is' : 'are'} deleted`;
  return `${gone}, but the account itself is not deleted yet: confirm it is you to finish.`;
}
