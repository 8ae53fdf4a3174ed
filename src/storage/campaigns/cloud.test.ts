/**
 * Campaigns on the real Firestore emulator, as a game master and two players
 * use them: invite, join, attach a character, run the fight live, a change
 * that meets the game master's newer one, removal and deletion.
 */
import { describe, expect, it } from 'vitest';
import { collection, deleteDoc, getDoc, getDocs, doc, setDoc } from 'firebase/firestore';
import { character } from '../../rules/testing';
import { useFirestoreEmulator } from '../testing/firestore';
import { CampaignCloud, type LiveFight, type LiveHero } from './cloud';
import { CAMPAIGN_FULL, CampaignError, MAX_CAMPAIGN_MEMBERS, REMOVED_FROM_CAMPAIGN } from './invite';

const emulator = useFirestoreEmulator();
const uniq = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;

async function people() {
  emulator.ready();
  const [gmUid, aUid, bUid] = [uniq('gm'), uniq('ana'), uniq('bo')];
  const gm = new CampaignCloud(await emulator.open(gmUid), gmUid, 'Ada');
  const ana = new CampaignCloud(await emulator.open(aUid), aUid, 'Ana');
  const bo = new CampaignCloud(await emulator.open(bUid), bUid, 'Bo');
  return { gm, ana, bo, gmUid, aUid, bUid };
}

/** Resolves with the next value `watch` reports that passes `ok` (or fails after 10 s). */
function next<T>(watch: (report: (v: T) => void) => () => void, ok: (v: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching change within 10 s')), 10_000);
    const stop = watch((v) => {
      if (!ok(v)) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve(v);
    });
  });
}

const fight: LiveFight = { title: 'Lobby ambush', round: 1, turn: 0, order: ['vex', 'drone-1'], creatures: { 'drone-1': { name: 'Scuttler drone', condition: 'unhurt' } }, reveal: false };

describe('campaigns in the Firestore emulator', () => {
  it('a game master invites; players confirm what they join, join, and see each other', async () => {
    const { gm, ana, bo } = await people();
    const cid = await gm.create('Neon Nights', 'Thursdays at eight');
    const { code, expiresAt } = await gm.invite(cid);
    expect(await gm.currentInvite(cid)).toEqual({ code, expiresAt });
    expect((await ana.readInvite(cid, code)).campaignName).toBe('Neon Nights');
    await expect(ana.campaign(cid)).rejects.toThrow(/not a member of this campaign/);
    await ana.join(cid, code);
    await bo.join(cid, code);
    await bo.join(cid, code); // the link opened again: already in, counted once
    expect(await gm.memberCount(cid)).toBe(3);
    expect((await bo.members(cid)).map((m) => m.name).sort()).toEqual(['Ada', 'Ana', 'Bo']);
    expect((await ana.mine()).map((c) => c.name)).toEqual(['Neon Nights']);
    expect((await gm.mine()).map((c) => c.id)).toEqual([cid]);
  });

  it('a new invite withdraws the old link; a made-up or withdrawn code opens nothing', async () => {
    const { gm, ana } = await people();
    const cid = await gm.create('Neon Nights');
    const first = await gm.invite(cid);
    const second = await gm.invite(cid);
    await expect(ana.readInvite(cid, first.code)).rejects.toThrow(CampaignError);
    await expect(ana.join(cid, first.code)).rejects.toThrow(/expired or was withdrawn/);
    await gm.revokeInvites(cid);
    await expect(ana.join(cid, second.code)).rejects.toThrow(/expired or was withdrawn/);
    expect(await gm.currentInvite(cid)).toBeNull();
  });

  // The tests that listen run once more if their first run fails: the Firestore
  // emulator's Listen stream now and then sends a message past the SDK's
  // limit (RESOURCE_EXHAUSTED, firebase-tools #8654, open), after which the SDK
  // waits at its longest backoff and the listener hears nothing; a second run
  // starts new listeners. A product fault fails both runs.
  const LISTENER_RETRY = { retry: 1 };

  it('an attached character is read-only to the others, updated when its player attaches it again, and gone when detached', LISTENER_RETRY, async () => {
    const { gm, ana, bo, aUid } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    await ana.join(cid, code);
    await bo.join(cid, code);
    const vex = character({ id: 'vex', name: 'Vex' });
    await ana.attach(cid, vex);
    const seen = await gm.characters(cid);
    expect(seen.map((c) => [c.id, c.owner, c.document?.name])).toEqual([['vex', aUid, 'Vex']]);
    await expect(bo.attach(cid, vex)).rejects.toThrow('Another player already shares a character with this id here');
    const renamed = next<string[]>((report) => gm.watchCharacters(cid, (cs) => report(cs.map((c) => c.name)), () => {}), (names) => names.includes('Vex the Bold'));
    await ana.attach(cid, { ...vex, name: 'Vex the Bold' });
    expect(await renamed).toEqual(['Vex the Bold']);
    await ana.detach(cid, 'vex');
    expect(await bo.characters(cid)).toEqual([]);
  });

  it('a shared character follows its owner’s sheet: each campaign’s copy is replaced when the sheet changes, others’ copies and campaigns without it untouched', LISTENER_RETRY, async () => {
    const { gm, ana, bo, aUid } = await people();
    const [one, two, three] = [await gm.create('Neon Nights'), await gm.create('Chrome Dawn'), await gm.create('Quiet Table')];
    for (const cid of [one, two, three]) await ana.join(cid, (await gm.invite(cid)).code);
    await bo.join(one, (await gm.invite(one)).code);
    const vex = character({ id: 'vex', name: 'Vex' });
    await ana.attach(one, vex);
    await ana.attach(two, vex);
    const rook = character({ id: 'rook', name: 'Rook' });
    await bo.attach(one, rook);
    // Unchanged: nothing to write.
    expect(await ana.keepSharedInStep(vex)).toBe(0);
    const followed = next<string[]>((report) => gm.watchCharacters(one, (cs) => report(cs.map((c) => `${c.name}:${c.document?.kind === 'character' ? c.document.attributes.frame : '?'}`)), () => {}), (v) => v.includes('Vex:4'));
    const stronger = { ...vex, attributes: { ...vex.attributes, frame: 4 } };
    expect(await ana.keepSharedInStep(stronger)).toBe(2);
    expect((await followed).sort()).toEqual(['Rook:' + rook.attributes.frame, 'Vex:4']);
    expect((await gm.characters(two)).map((c) => c.document?.kind === 'character' && c.document.attributes.frame)).toEqual([4]);
    expect(await gm.characters(three)).toEqual([]);
    // Bo cannot push his own sheet over Ana's copy of the same id.
    expect(await bo.keepSharedInStep({ ...stronger, name: 'Not Bo’s' })).toBe(0);
    expect((await gm.characters(one)).find((c) => c.id === 'vex')?.owner).toBe(aUid);
  });

  it('live: a player’s change appears on the game master’s screen; one based on a value the game master replaced is not applied, and says so', LISTENER_RETRY, async () => {
    const { gm, ana, aUid } = await people();
    const cid = await gm.create('Neon Nights');
    await ana.join(cid, (await gm.invite(cid)).code);
    await gm.live.publishLive(cid, 'enc-1', fight, [{ id: 'vex', owner: aUid, name: 'Vex', maxHealth: 14, strainCapacity: 7, protection: 1, initiative: null, health: 14, strain: 0 }], { 'drone-1': { health: 11, maxHealth: 11 } });

    const heroes = (cloud: CampaignCloud, ok: (h: LiveHero) => boolean) =>
      next<LiveHero>((report) => cloud.live.watchLive(cid, 'enc-1', (_f, hs) => hs[0] && report(hs[0]), () => {}), ok);
    const seen = await heroes(ana, () => true);
    const atGm = heroes(gm, (h) => h.health === 9);
    expect(await ana.live.setHeroValue(cid, 'enc-1', seen, 'health', 9, { what: 'damage', amount: 5 })).toEqual({ applied: true });
    const shown = await atGm;
    expect(shown.lastEntry).toMatchObject({ what: 'damage', amount: 5, by: aUid });

    // The game master sets Health meanwhile; the player's change from the older value does not overwrite it.
    const gmSeen = await heroes(gm, (h) => h.health === 9);
    expect((await gm.live.setHeroValue(cid, 'enc-1', gmSeen, 'health', 12)).applied).toBe(true);
    const stale = await ana.live.setHeroValue(cid, 'enc-1', shown, 'health', 4, { what: 'damage', amount: 5 });
    expect(stale).toEqual({ applied: false, current: 12, sentence: expect.stringMatching(/Vex’s Health to 4 was not applied: the game master set it to 12/) });
    await expect(ana.characters(cid)).resolves.toEqual([]);
  });

  it('members live: the game master’s list follows a join and a removal; the removed player hears why at once', LISTENER_RETRY, async () => {
    const { gm, ana, bo, aUid } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    await ana.join(cid, code);
    const names = (ms: { name: string }[]) => ms.map((m) => m.name).sort().join(',');
    const withBo = next<string>((report) => gm.watchMembers(cid, (ms) => report(names(ms)), () => {}), (n) => n === 'Ada,Ana,Bo');
    await bo.join(cid, code);
    expect(await withBo).toBe('Ada,Ana,Bo');
    const told = next<string>((report) => ana.watchMembers(cid, () => {}, report), () => true);
    const withoutAna = next<string>((report) => gm.watchMembers(cid, (ms) => report(names(ms)), () => {}), (n) => n === 'Ada,Bo');
    await gm.remove(cid, aUid);
    expect(await told).toBe(REMOVED_FROM_CAMPAIGN);
    expect(await withoutAna).toBe('Ada,Bo');
  });

  it('a removed member is refused at their next contact and at the link they had, with a sentence, until invited again', async () => {
    const { gm, ana, bo, aUid } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    await ana.join(cid, code);
    await ana.attach(cid, character({ id: 'vex' }));
    expect(await gm.memberCount(cid)).toBe(2);
    await gm.remove(cid, aUid);
    expect(await gm.memberCount(cid)).toBe(1);
    await expect(ana.campaign(cid)).rejects.toThrow(REMOVED_FROM_CAMPAIGN);
    expect(await gm.characters(cid)).toEqual([]);
    expect(await ana.mine()).toEqual([]);
    // The link still works for others, not for her.
    await expect(ana.join(cid, code)).rejects.toThrow(REMOVED_FROM_CAMPAIGN);
    await bo.join(cid, code);
    // A new invite lets her back.
    await ana.join(cid, (await gm.invite(cid)).code);
    expect((await gm.members(cid)).map((m) => m.name).sort()).toEqual(['Ada', 'Ana', 'Bo']);
    // Leaving counts too.
    await bo.leave(cid);
    expect(await gm.memberCount(cid)).toBe(2);
  });

  it(`a full campaign (${MAX_CAMPAIGN_MEMBERS} members) refuses the next player with a sentence`, async () => {
    const { gm, ana, bo } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    const owner = await emulator.openAsOwner();
    await setDoc(doc(owner, 'campaigns', cid, 'counts', 'members'), { count: MAX_CAMPAIGN_MEMBERS - 1, last: 'someone' });
    await ana.join(cid, code);
    await expect(bo.join(cid, code)).rejects.toThrow(CAMPAIGN_FULL);
    expect(CAMPAIGN_FULL).toBe('This campaign is full (50 members, the game master included): ask the game master to make room.');
  });

  it('players joining at once for the last place: one gets it, the others read that the campaign is full', async () => {
    const { gm } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    const owner = await emulator.openAsOwner();
    await setDoc(doc(owner, 'campaigns', cid, 'counts', 'members'), { count: MAX_CAMPAIGN_MEMBERS - 1, last: 'someone' });
    const players = await Promise.all(['p1', 'p2', 'p3', 'p4'].map(async (who) => {
      const uid = uniq(who);
      return new CampaignCloud(await emulator.open(uid), uid, who);
    }));
    const outcomes = await Promise.all(players.map((p) => p.join(cid, code).then(() => 'joined', (e: Error) => e.message)));
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'joined')).toEqual([CAMPAIGN_FULL, CAMPAIGN_FULL, CAMPAIGN_FULL]);
    expect(await gm.memberCount(cid)).toBe(MAX_CAMPAIGN_MEMBERS);
  });

  it('a campaign made before member counts is counted by its game master’s next invite', async () => {
    const { gm, ana, bo, bUid } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    await ana.join(cid, code);
    const owner = await emulator.openAsOwner();
    await deleteDoc(doc(owner, 'campaigns', cid, 'counts', 'members'));
    await expect(bo.join(cid, code)).rejects.toThrow('This campaign cannot take new players yet: its game master needs to make a new invite first.');
    await bo.join(cid, (await gm.invite(cid)).code);
    expect((await getDoc(doc(owner, 'campaigns', cid, 'counts', 'members'))).data()).toEqual({ count: 3, last: bUid });
  });

  it('deleting a campaign: members are told, its shared data is gone from the cloud, their characters stay theirs', async () => {
    const { gm, ana, bo } = await people();
    const cid = await gm.create('Neon Nights');
    const { code } = await gm.invite(cid);
    await ana.join(cid, code);
    await bo.join(cid, code);
    await ana.attach(cid, character({ id: 'vex' }));
    await gm.live.publishLive(cid, 'enc-1', fight, [], {});
    await gm.deleteCampaign(cid);
    await expect(ana.campaign(cid)).rejects.toThrow('The campaign “Neon Nights” was deleted by its game master.');
    // The game master's other tab or device reads that they deleted it, not that "its game master" did.
    await expect(gm.campaign(cid)).rejects.toThrow('You deleted the campaign “Neon Nights”.');
    await expect(gm.characters(cid)).rejects.toThrow('You deleted the campaign “Neon Nights”.');
    const owner = await emulator.openAsOwner();
    expect((await getDoc(doc(owner, 'campaigns', cid))).exists()).toBe(false);
    for (const sub of ['members', 'invites', 'characters', 'live', 'secrets', 'counts', 'removed']) {
      expect((await getDocs(collection(owner, 'campaigns', cid, sub))).size, sub).toBe(0);
    }
  });
});
