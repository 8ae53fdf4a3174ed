/**
 * The campaign pages' state (nanostores): the campaigns of the signed-in
 * person, one campaign's members, characters and invite, and joining by a
 * link. The components render these stores; every Firestore call goes
 * through a `CampaignCloud` handed in (the pages open it once signed in,
 * the tests pass one on the emulator). Every failure becomes a sentence.
 */
import { atom } from 'nanostores';
import type { NucleusDocument } from '../../rules';
import { CampaignError, inviteTimeLeft, parseJoinFragment } from '../../storage/campaigns';
import type { Campaign, CampaignCloud, Member, SharedCharacter } from '../../storage/campaigns/cloud';

export interface CampaignList {
  phase: 'loading' | 'ready' | 'error';
  campaigns: Campaign[];
  message: string | null;
}

export interface CampaignPage {
  phase: 'loading' | 'ready' | 'gone';
  campaign: Campaign | null;
  members: Member[];
  characters: SharedCharacter[];
  /** The invite the game master can show (null: none, or not the game master). */
  invite: { code: string; expiresAt: number } | null;
  isGm: boolean;
  /** A sentence: what went wrong, or what just happened. */
  message: string | null;
}

export interface JoinState {
  phase: 'reading' | 'signed-out' | 'confirm' | 'joining' | 'joined' | 'error';
  campaignId?: string;
  code?: string;
  campaignName?: string;
  timeLeft?: string;
  message?: string;
}

export const EMPTY_PAGE: CampaignPage = { phase: 'loading', campaign: null, members: [], characters: [], invite: null, isGm: false, message: null };

export const $campaignList = atom<CampaignList>({ phase: 'loading', campaigns: [], message: null });
export const $campaignPage = atom<CampaignPage>(EMPTY_PAGE);
export const $join = atom<JoinState>({ phase: 'reading' });

/** Where a join link waits while its reader signs in (the fragment does not survive /login's redirect). */
export const PENDING_JOIN_KEY = 'nucleus-pending-join';

/** A failure as a sentence a player can act on, never an error's own text. */
export function campaignSentence(e: unknown): string {
  if (e instanceof CampaignError) return e.message;
  const code = (e as { code?: string })?.code;
  if (code === 'unavailable' || code === 'deadline-exceeded' || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return 'The cloud cannot be reached: check your connection and try again.';
  }
  if (code === 'permission-denied' || code === 'unauthenticated') return 'The cloud refused this: sign out, sign in again and retry.';
  return 'Something went wrong talking to the cloud: try again in a moment.';
}

const patch = (next: Partial<CampaignPage>) => $campaignPage.set({ ...$campaignPage.get(), ...next });

export async function loadCampaigns(cloud: CampaignCloud): Promise<void> {
  $campaignList.set({ ...$campaignList.get(), phase: 'loading' });
  try {
    const campaigns = (await cloud.mine()).sort((a, b) => a.name.localeCompare(b.name));
    $campaignList.set({ phase: 'ready', campaigns, message: null });
  } catch (e) {
    $campaignList.set({ phase: 'error', campaigns: [], message: campaignSentence(e) });
  }
}

/**
 * Starts a campaign; returns its id, or null with the reason in the list's message.
 * A name is needed (1–100 characters); notes may be empty (up to 2,000).
 */
export async function createCampaign(cloud: CampaignCloud, name: string, notes: string): Promise<string | null> {
  const problem = !name.trim() ? 'Give the campaign a name.' : name.trim().length > 100 ? 'A campaign’s name has at most 100 characters.' : notes.length > 2000 ? 'Notes have at most 2,000 characters.' : null;
  if (problem) {
    $campaignList.set({ ...$campaignList.get(), message: problem });
    return null;
  }
  try {
    return await cloud.create(name, notes);
  } catch (e) {
    $campaignList.set({ ...$campaignList.get(), message: campaignSentence(e) });
    return null;
  }
}

/**
 * Opens one campaign for `uid` and follows its characters live. Returns
 * the function that stops following. A refused read (removed, deleted)
 * empties the page and says why: nothing of it is kept on the device.
 */
export async function openCampaign(cloud: CampaignCloud, uid: string, cid: string): Promise<() => void> {
  $campaignPage.set(EMPTY_PAGE);
  // The first word on why the campaign is gone stands: the listener's refusal
  // that follows this person's own deletion or leaving must not replace
  // "… is deleted" with "… was deleted by its game master".
  // A closed page's listeners may still answer (the deletion's sentence is read from the cloud
  // first): once closed, they no longer speak for the page, which may show another campaign by then.
  let open = true;
  const gone = (message: string) => {
    if (open && $campaignPage.get().phase !== 'gone') $campaignPage.set({ ...EMPTY_PAGE, phase: 'gone', message });
  };
  try {
    const campaign = await cloud.campaign(cid);
    const isGm = campaign.gm === uid;
    const [members, characters, invite] = await Promise.all([cloud.members(cid), cloud.characters(cid), isGm ? cloud.currentInvite(cid) : null]);
    $campaignPage.set({ phase: 'ready', campaign, members, characters, invite, isGm, message: null });
  } catch (e) {
    gone(campaignSentence(e));
    return () => {};
  }
  const stopCharacters = cloud.watchCharacters(cid, (characters) => open && patch({ characters }), gone);
  // Members live: the game master's list follows joins, leaves and removals; a removed player's page says so at once.
  const stopMembers = cloud.watchMembers(cid, (members) => open && patch({ members }), gone);
  return () => {
    open = false;
    stopCharacters();
    stopMembers();
  };
}

/** Runs a change to the open campaign, then reloads what it touches; failures become the page's message. */
async function change(task: () => Promise<string | void>, reload: (cid: string) => Promise<Partial<CampaignPage>>): Promise<boolean> {
  const cid = $campaignPage.get().campaign?.id;
  if (!cid) return false;
  try {
    const notice = await task();
    patch({ ...(await reload(cid)), message: notice ?? null });
    return true;
  } catch (e) {
    patch({ message: campaignSentence(e) });
    return false;
  }
}

export const makeInvite = (cloud: CampaignCloud) =>
  change(
    () => cloud.invite($campaignPage.get().campaign!.id).then(() => 'A new invite link is ready; the old one no longer works.'),
    async (cid) => ({ invite: await cloud.currentInvite(cid) }),
  );

export const revokeInvite = (cloud: CampaignCloud) =>
  change(
    () => cloud.revokeInvites($campaignPage.get().campaign!.id).then(() => 'The invite link no longer works.'),
    async () => ({ invite: null }),
  );

export const attachCharacter = (cloud: CampaignCloud, character: NucleusDocument) =>
  change(
    () => cloud.attach($campaignPage.get().campaign!.id, character).then(() => `${character.name || 'Your character'} is shared with the campaign as it stands now.`),
    async (cid) => ({ characters: await cloud.characters(cid) }),
  );

export const detachCharacter = (cloud: CampaignCloud, id: string) =>
  change(
    () => cloud.detach($campaignPage.get().campaign!.id, id).then(() => 'The character is no longer shared; your own copy is unchanged.'),
    async (cid) => ({ characters: await cloud.characters(cid) }),
  );

export const removeMember = (cloud: CampaignCloud, member: Member) =>
  change(
    () => cloud.remove($campaignPage.get().campaign!.id, member.uid).then(() => `${member.name} is no longer in the campaign.`),
    async (cid) => ({ members: await cloud.members(cid), characters: await cloud.characters(cid) }),
  );

/** Leaves the open campaign; true when done (the page then shows the list). */
export async function leaveCampaign(cloud: CampaignCloud): Promise<boolean> {
  const cid = $campaignPage.get().campaign?.id;
  if (!cid) return false;
  try {
    await cloud.leave(cid);
    $campaignPage.set({ ...EMPTY_PAGE, phase: 'gone', message: 'You left the campaign. Your characters stay yours.' });
    return true;
  } catch (e) {
    patch({ message: campaignSentence(e) });
    return false;
  }
}

/** Deletes the open campaign (game master); true when done. */
export async function deleteCampaign(cloud: CampaignCloud): Promise<boolean> {
  const campaign = $campaignPage.get().campaign;
  if (!campaign) return false;
  try {
    await cloud.deleteCampaign(campaign.id);
    $campaignPage.set({ ...EMPTY_PAGE, phase: 'gone', message: `“${campaign.name}” is deleted. Its members keep their own characters.` });
    return true;
  } catch (e) {
    patch({ message: campaignSentence(e) });
    return false;
  }
}

/**
 * Reads a join link's fragment: for a signed-out reader, keeps it for after
 * signing in (`storage`: session storage); signed in, asks the cloud what it
 * opens, for the confirmation.
 */
export async function readJoin(cloud: CampaignCloud | null, hash: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null, now = Date.now()): Promise<void> {
  const fragment = hash.replace(/^#/, '') || storage?.getItem(PENDING_JOIN_KEY) || '';
  let link: { campaignId: string; code: string };
  try {
    link = parseJoinFragment(fragment);
  } catch (e) {
    $join.set({ phase: 'error', message: campaignSentence(e) });
    return;
  }
  if (!cloud) {
    storage?.setItem(PENDING_JOIN_KEY, fragment);
    $join.set({ phase: 'signed-out', ...link });
    return;
  }
  storage?.removeItem(PENDING_JOIN_KEY);
  try {
    const invite = await cloud.readInvite(link.campaignId, link.code, now);
    $join.set({ phase: 'confirm', ...link, campaignName: invite.campaignName, timeLeft: inviteTimeLeft(invite.expiresAt, now) });
  } catch (e) {
    $join.set({ phase: 'error', ...link, message: campaignSentence(e) });
  }
}

/** Joins after the confirmation; true when done. */
export async function confirmJoin(cloud: CampaignCloud): Promise<boolean> {
  const state = $join.get();
  if (state.phase !== 'confirm' || !state.campaignId || !state.code) return false;
  $join.set({ ...state, phase: 'joining' });
  try {
    await cloud.join(state.campaignId, state.code);
    $join.set({ ...state, phase: 'joined', message: `You joined “${state.campaignName}”.` });
    return true;
  } catch (e) {
    $join.set({ ...state, phase: 'error', message: campaignSentence(e) });
    return false;
  }
}
