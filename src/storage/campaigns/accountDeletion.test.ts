/**
 * "Delete my account" and campaigns, on the real Firestore emulator with
 * firestore.rules (issue 36): the campaigns a game master runs are deleted
 * with their account and their members are told; a member's deletion takes
 * their membership and shared characters and leaves the campaign to the
 * others; a deletion cut short is finished by the next attempt.
 */
import { describe, expect, it } from 'vitest';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc } from 'firebase/firestore';
import { character } from '../../rules/testing';
import { eraseAccountDocuments, liftTombstone, raiseTombstone } from '../cloudErase';
import { useFirestoreEmulator } from '../testing/firestore';
import { CampaignCloud, type LiveFight } from './cloud';

const emulator = useFirestoreEmulator();
const uniq = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;

const fight: LiveFight = { title: 'Lobby ambush', round: 1, turn: 0, order: ['vex', 'drone-1'], creatures: { 'drone-1': { name: 'Scuttler drone', condition: 'unhurt' } }, reveal: false };

/** A game master's campaign with two members, Ana's character attached and a fight running live. */
async function table() {
  emulator.ready();
  const [gmUid, aUid, bUid] = [uniq('gm'), uniq('ana'), uniq('bo')];
  const [gmDb, anaDb] = [await emulator.open(gmUid), await emulator.open(aUid)];
  const gm = new CampaignCloud(gmDb, gmUid, 'Ada');
  const ana = new CampaignCloud(anaDb, aUid, 'Ana');
  const bo = new CampaignCloud(await emulator.open(bUid), bUid, 'Bo');
  const cid = await gm.create('Neon Nights', 'Thursdays at eight');
  const { code } = await gm.invite(cid);
  await ana.join(cid, code);
  await bo.join(cid, code);
  await ana.attach(cid, character({ id: 'vex', name: 'Vex' }));
  await gm.live.publishLive(cid, 'enc-1', fight, [{ id: 'vex', owner: aUid, name: 'Vex', maxHealth: 14, strainCapacity: 7, protection: 1, initiative: null, health: 14, strain: 0 }], { 'drone-1': { health: 11, maxHealth: 11 } });
  return { gm, ana, bo, gmUid, aUid, bUid, gmDb, anaDb, cid, code };
}

/** How many entries each part of the campaign holds, read past the rules. */
async function whatIsLeft(cid: string): Promise<Record<string, number>> {
  const owner = await emulator.openAsOwner();
  const left: Record<string, number> = { campaign: (await getDoc(doc(owner, 'campaigns', cid))).exists() ? 1 : 0 };
  for (const sub of ['members', 'invites', 'characters', 'live', 'secrets', 'counts', 'removed']) left[sub] = (await getDocs(collection(owner, 'campaigns', cid, sub))).size;
  left.heroes = (await getDocs(collection(owner, 'campaigns', cid, 'live', 'enc-1', 'heroes'))).size;
  return left;
}

const GONE = { campaign: 0, members: 0, invites: 0, characters: 0, live: 0, secrets: 0, counts: 0, removed: 0, heroes: 0 };

describe('deleting an account ends its campaigns', () => {
  it('a game master’s deletion deletes the campaign they run; a former member reads the record and is told', async () => {
    const { ana, gmUid, gmDb, cid } = await table();
    const report = await eraseAccountDocuments(gmDb, gmUid);
    expect(report.campaigns).toEqual({ deleted: 1, left: 0 });
    expect(await whatIsLeft(cid)).toEqual(GONE);
    expect(await ana.deletedRecord(cid)).toEqual({ name: 'Neon Nights', gm: gmUid });
    await expect(ana.campaign(cid)).rejects.toThrow('The campaign “Neon Nights” was deleted by its game master.');
    expect(await ana.mine()).toEqual([]);
  });

  it('a member’s deletion takes their membership and attached characters; the campaign and the others stay', async () => {
    const { gm, bo, aUid, bUid, anaDb, cid } = await table();
    await bo.attach(cid, character({ id: 'rook', name: 'Rook' }));
    const report = await eraseAccountDocuments(anaDb, aUid);
    expect(report.campaigns).toEqual({ deleted: 0, left: 1 });
    expect((await gm.members(cid)).map((m) => m.name).sort()).toEqual(['Ada', 'Bo']);
    expect((await gm.characters(cid)).map((c) => [c.id, c.owner])).toEqual([['rook', bUid]]);
    expect(await whatIsLeft(cid)).toMatchObject({ campaign: 1, members: 2, invites: 1, characters: 1, live: 1, secrets: 1, heroes: 1 });
    expect((await bo.campaign(cid)).name).toBe('Neon Nights');
  });

  it('a deletion stopped halfway is finished by the next attempt', async () => {
    const { gm, ana, bo, gmUid, aUid, gmDb, anaDb, cid } = await table();
    // Ana runs a campaign of her own that Ada joined, so each deletion meets both kinds.
    const own = await ana.create('Ana’s one-shot');
    await gm.join(own, (await ana.invite(own)).code);
    await gm.attach(own, character({ id: 'ada-pc', name: 'Ada’s hero' }));

    // Ada's first attempt stopped after the record, the invite, Ana's character and the live fight went, and after
    // she took her character off Ana's campaign; the tombstone was taken down again as on any failure.
    await raiseTombstone(gmDb, gmUid);
    await setDoc(doc(gmDb, 'deletedCampaigns', cid), { name: 'Neon Nights', gm: gmUid, deletedAt: serverTimestamp() });
    await gm.revokeInvites(cid);
    await deleteDoc(doc(gmDb, 'campaigns', cid, 'characters', 'vex'));
    await deleteDoc(doc(gmDb, 'campaigns', cid, 'live', 'enc-1', 'heroes', 'vex'));
    await deleteDoc(doc(gmDb, 'campaigns', cid, 'live', 'enc-1'));
    await gm.detach(own, 'ada-pc');
    await liftTombstone(gmDb, gmUid);

    expect((await eraseAccountDocuments(gmDb, gmUid)).campaigns).toEqual({ deleted: 1, left: 1 });
    expect(await whatIsLeft(cid)).toEqual(GONE);
    expect((await ana.members(own)).map((m) => m.name)).toEqual(['Ana']);
    await expect(bo.campaign(cid)).rejects.toThrow('The campaign “Neon Nights” was deleted by its game master.');

    // Ana's own deletion then stops after the record and the game master's entry of her campaign went, with the campaign still there:
    // only its `gm` still finds it.
    await raiseTombstone(anaDb, aUid);
    await setDoc(doc(anaDb, 'deletedCampaigns', own), { name: 'Ana’s one-shot', gm: aUid, deletedAt: serverTimestamp() });
    await deleteDoc(doc(anaDb, 'campaigns', own, 'members', aUid));
    await liftTombstone(anaDb, aUid);
    expect((await eraseAccountDocuments(anaDb, aUid)).campaigns).toEqual({ deleted: 1, left: 0 });
    expect(await whatIsLeft(own)).toEqual(GONE);
  });
});
