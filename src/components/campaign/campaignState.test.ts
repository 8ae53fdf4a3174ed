/**
 * The campaign pages' stores on the real Firestore emulator: what the game
 * master and a player see at each step, and the sentences in place of errors.
 */
import { describe, expect, it } from 'vitest';
import { character } from '../../rules/testing';
import { useFirestoreEmulator } from '../../storage/testing/firestore';
import { CampaignCloud } from '../../storage/campaigns/cloud';
import { joinFragment, REMOVED_FROM_CAMPAIGN } from '../../storage/campaigns';
import {
  $campaignList,
  $campaignPage,
  $join,
  attachCharacter,
  campaignSentence,
  confirmJoin,
  createCampaign,
  deleteCampaign,
  loadCampaigns,
  makeInvite,
  openCampaign,
  PENDING_JOIN_KEY,
  readJoin,
  removeMember,
} from './campaignState';

const emulator = useFirestoreEmulator();
const uniq = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

describe('campaign stores', () => {
  it('sentences, never an error’s own text', () => {
    expect(campaignSentence(new TypeError('l.then is not a function'))).toBe('Something went wrong talking to the cloud: try again in a moment.');
    expect(campaignSentence({ code: 'unavailable' })).toMatch(/cannot be reached/);
    expect(campaignSentence({ code: 'permission-denied' })).toMatch(/refused/);
  });

  it('a game master starts a campaign, invites; a player signs in through the link, confirms and joins; removed, they see why', async () => {
    emulator.ready();
    const [gmUid, anaUid] = [uniq('gm'), uniq('ana')];
    const gm = new CampaignCloud(await emulator.open(gmUid), gmUid, 'Ada');
    const ana = new CampaignCloud(await emulator.open(anaUid), anaUid, 'Ana');

    expect(await createCampaign(gm, '  ', '')).toBeNull();
    expect($campaignList.get().message).toBe('Give the campaign a name.');
    const cid = (await createCampaign(gm, 'Neon Nights', 'Thursdays'))!;
    await loadCampaigns(gm);
    expect($campaignList.get().campaigns.map((c) => c.name)).toEqual(['Neon Nights']);

    const stop = await openCampaign(gm, gmUid, cid);
    expect($campaignPage.get()).toMatchObject({ phase: 'ready', isGm: true, invite: null, members: [{ name: 'Ada' }] });
    await makeInvite(gm);
    const { invite } = $campaignPage.get();
    expect(invite?.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    stop();

    // Signed out, the link waits in session storage for after signing in.
    const session = memoryStorage();
    await readJoin(null, '#' + joinFragment(cid, invite!.code), session);
    expect($join.get().phase).toBe('signed-out');
    expect(session.getItem(PENDING_JOIN_KEY)).toBe(joinFragment(cid, invite!.code));
    await readJoin(ana, '', session);
    expect($join.get()).toMatchObject({ phase: 'confirm', campaignName: 'Neon Nights', timeLeft: '6 days' });
    expect(session.getItem(PENDING_JOIN_KEY)).toBeNull();
    expect(await confirmJoin(ana)).toBe(true);
    expect($join.get().message).toBe('You joined “Neon Nights”.');

    const stopAna = await openCampaign(ana, anaUid, cid);
    expect($campaignPage.get()).toMatchObject({ phase: 'ready', isGm: false, invite: null });
    await attachCharacter(ana, character({ id: 'vex', name: 'Vex' }));
    expect($campaignPage.get().characters.map((c) => c.name)).toEqual(['Vex']);
    expect($campaignPage.get().message).toBe('Vex is shared with the campaign as it stands now.');
    stopAna();

    await openCampaign(gm, gmUid, cid);
    await removeMember(gm, { uid: anaUid, name: 'Ana' });
    expect($campaignPage.get().members.map((m) => m.name)).toEqual(['Ada']);
    expect($campaignPage.get().characters).toEqual([]);
    await openCampaign(ana, anaUid, cid);
    expect($campaignPage.get()).toMatchObject({ phase: 'gone', campaign: null, message: REMOVED_FROM_CAMPAIGN });
  });

  it('a bad or withdrawn link says so; a deleted campaign tells its members', async () => {
    emulator.ready();
    const [gmUid, boUid] = [uniq('gm'), uniq('bo')];
    const gm = new CampaignCloud(await emulator.open(gmUid), gmUid, 'Ada');
    const bo = new CampaignCloud(await emulator.open(boUid), boUid, 'Bo');
    await readJoin(bo, '#not-a-link', null);
    expect($join.get()).toMatchObject({ phase: 'error', message: expect.stringMatching(/does not name a campaign|cut short/) });
    const cid = (await createCampaign(gm, 'Neon Nights', ''))!;
    const { code } = await gm.invite(cid);
    await bo.join(cid, code);
    await gm.revokeInvites(cid);
    await readJoin(bo, '#' + joinFragment(cid, code), null);
    expect($join.get()).toMatchObject({ phase: 'error', message: 'This invite has expired or was withdrawn: ask the game master for a new link.' });
    const closeGmPage = await openCampaign(gm, gmUid, cid);
    expect(await deleteCampaign(gm)).toBe(true);
    // The game master's page is closed before Bo's opens (in one process they share the page's store): its
    // listeners' late word on the deletion must not land on the page that shows Bo's view.
    closeGmPage();
    await openCampaign(bo, boUid, cid);
    expect($campaignPage.get().message).toBe('The campaign “Neon Nights” was deleted by its game master.');
  });
});
