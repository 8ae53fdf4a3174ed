/**
 * "Delete my account" in the order that keeps the dialog's promise (issue
 * 23): nothing is deleted until Firebase would accept the deletion (a
 * recent sign-in), then every cloud document and version goes, and only
 * then the account. If the cloud cannot be emptied the account stays, so
 * nothing of the user is left where they can no longer reach it.
 */
import { accountDeletedSentence, accountNotYetDeletedSentence, authErrorCode, needsFreshSignIn, withSdk, type EndedCampaigns } from '../../auth';
import { rememberAccountDeleted } from '../../stores/user';

export type DeletionOutcome =
  /** The account and its cloud are gone; `sentence` says what went and what stays. */
  | { step: 'deleted'; sentence: string }
  /**
   * Firebase wants a fresh sign-in first; `sentence` says what (if anything)
   * is already deleted. `midway`: the cloud is erased and the account's
   * tombstone stands, so until the deletion is finished or `keepAccount`
   * undoes it, no device can save under the account.
   */
  | { step: 'confirm-identity'; sentence: string; erased: number; midway: boolean };

const NOTHING_DELETED = 'For your safety, confirm it is you before your account is deleted. Nothing has been deleted yet.';

/** Why the cloud could not be emptied, as the end of a sentence. */
function cloudFailure(e: unknown, unreachable: boolean): string {
  const code = (e as { code?: unknown })?.code;
  if (unreachable || code === 'unavailable' || code === 'deadline-exceeded' || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return 'the cloud could not be reached to delete your documents first. Try again when you are online.';
  }
  if (code === 'permission-denied' || code === 'unauthenticated') return 'the cloud refused to delete your documents. Sign out, sign in again and retry.';
  const message = e instanceof Error ? e.message : String(e);
  return `your cloud documents could not all be deleted first (${message.replace(/\.$/, '')}).`;
}

export class AccountNotDeletedError extends Error {
  constructor(cause: unknown, unreachable = false) {
    super(`Your account was not deleted: ${cloudFailure(cause, unreachable)}`);
    this.name = 'AccountNotDeletedError';
  }
}

/**
 * Deletes the signed-in account `uid` and everything it keeps in the cloud.
 * @param confirmed the reader has just confirmed who they are (then the sign-in age is not asked again)
 * @param erasedBefore cloud documents an earlier attempt already deleted (they count in the sentence)
 * @throws AccountNotDeletedError when the cloud could not be emptied (the account stays);
 *   an auth error as it comes when Firebase refuses otherwise.
 */
export async function deleteAccount(uid: string, confirmed: boolean, erasedBefore = 0): Promise<DeletionOutcome> {
  if (!confirmed && needsFreshSignIn(await withSdk((sdk) => sdk.lastSignInTime()), Date.now())) {
    return { step: 'confirm-identity', sentence: erasedBefore ? accountNotYetDeletedSentence(erasedBefore) : NOTHING_DELETED, erased: erasedBefore, midway: erasedBefore > 0 };
  }
  const sync = await import('../library/cloud/cloudSync');
  let erased: number;
  let campaigns: EndedCampaigns;
  try {
    const report = await sync.eraseAccountCloud(uid);
    erased = erasedBefore + report.documents;
    campaigns = report.campaigns;
  } catch (e) {
    throw new AccountNotDeletedError(e, e instanceof sync.CloudUnavailable);
  }
  const sentence = accountDeletedSentence(erased, await sync.countDeviceDocuments().catch(() => null), campaigns);
  // Signed out, a guarded page (the library) leaves for /login at once: the notice goes along.
  rememberAccountDeleted(sentence);
  try {
    await withSdk((sdk) => sdk.remove());
  } catch (e) {
    rememberAccountDeleted(null);
    if (authErrorCode(e) === 'requires-recent-login') return { step: 'confirm-identity', sentence: accountNotYetDeletedSentence(erased), erased, midway: true };
    throw e;
  }
  return { step: 'deleted', sentence };
}

/** What the profile says when a deletion stopped halfway is undone. */
export const ACCOUNT_KEPT =
  'Your account is kept. The cloud copies deleted on the way are gone; the documents on this device are all here, and sync sends them to the cloud again once you resume it in the library.';

/**
 * Undoes a deletion that stopped after the cloud was erased (the person
 * chose to keep the account): takes the tombstone down so the account can
 * save again. Harmless when there is none.
 */
export async function keepAccount(uid: string): Promise<void> {
  const sync = await import('../library/cloud/cloudSync');
  await sync.keepAccountCloud(uid);
}
