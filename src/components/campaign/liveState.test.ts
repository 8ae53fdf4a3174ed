/**
 * Live at the table on the real Firestore emulator, below the browser: the
 * game master's tracker state published, a player's entry seen and undone,
 * a stale entry's sentence, an entry made offline sent when back, and the
 * numbers kept from the players.
 */
import { describe, expect, it } from 'vitest';
import { disableNetwork, doc, enableNetwork, getDoc, type Firestore } from 'firebase/firestore';
import { useFirestoreEmulator, refused } from '../../storage/testing/firestore';
import { CampaignCloud, type LiveHero } from '../../storage/campaigns/cloud';
import { damage, goNext } from '../../editors/encounter/model';
import { incomingEntries, planPublication, setHeroValue, type LiveBase } from '../../editors/encounter/liveRun';
import { lobbyFight } from '../../editors/encounter/testing';
import type { Encounter } from '../../editors/encounter/rules';
import { $liveView, enterDamage, enterInitiative, followLive, healthAfter, liveRows } from './liveState';

const emulator = useFirestoreEmulator();
const uniq = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;

/** Resolves when `ok` holds of the live view (or fails after 10 s). */
function until(ok: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no such live view within 10 s: ${JSON.stringify($liveView.get())}`)), 10_000);
    const stop = $liveView.subscribe(() => {
      if (!ok()) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

async function table() {
  emulator.ready();
  const [gmUid, anaUid] = [uniq('gm'), uniq('ana')];
  const anaDb: Firestore = await emulator.open(anaUid);
  const gmDb: Firestore = await emulator.open(gmUid);
  const gm = new CampaignCloud(gmDb, gmUid, 'Ada');
  const ana = new CampaignCloud(anaDb, anaUid, 'Ana');
  const cid = await gm.create('Neon Nights');
  await ana.join(cid, (await gm.invite(cid)).code);
  const owners = { h1: anaUid, h2: gmUid };
  // The game master's tracker, as useCampaignRun drives it: publish what changed since the base.
  let d: Encounter = lobbyFight(uniq('enc'));
  let base: LiveBase | null = null;
  const publish = async (next: Encounter) => {
    d = next;
    const plan = planPublication(d, false, owners, base);
    if (!plan) return;
    base = plan.base;
    await gm.live.publishChanges(cid, d.id, plan.publication);
  };
  await publish(d);
  return { gm, gmDb, ana, anaDb, cid, eid: d.id, gmUid, anaUid, publish, doc: () => d, base: () => base! };
}

const vex = () => $liveView.get().heroes.find((h) => h.id === 'h1')!;

describe('live at the table', () => {
  it('a member follows the order, round and turn; creatures show their condition and their numbers stay with the game master', async () => {
    const t = await table();
    const stop = followLive(t.ana, t.cid, t.eid);
    await until(() => $liveView.get().phase === 'ready' && $liveView.get().heroes.length === 2);
    await t.publish(goNext(damage(t.doc(), 'c1-1', 7, false)));
    await until(() => $liveView.get().fight?.turn === 1);
    const { fight, heroes } = $liveView.get();
    expect(liveRows(fight!, heroes).map((r) => [r.name, r.active, r.condition, r.health ?? null])).toEqual([
      ['Vex', false, '', 14],
      ['Kit', true, '', 10],
      ['Ganger 1', false, 'bloodied', null],
      ['Ganger 2', false, 'unhurt', null],
    ]);
    await refused(getDoc(doc(t.anaDb, 'campaigns', t.cid, 'secrets', t.eid)), 'a player reading the creatures’ numbers');
    stop();
  });

  it('a player’s damage (before protection) reaches the game master, who applies it and can undo it; an entry on the older value then says so', async () => {
    const t = await table();
    const stop = followLive(t.ana, t.cid, t.eid);
    await until(() => !!vex());
    expect(healthAfter(vex(), 5)).toBe(11); // Protection 2 off 5

    const atGm = new Promise<LiveHero[]>((resolve) => {
      const off = t.gm.live.watchLive(t.cid, t.eid, (_f, hs) => {
        if (hs.find((h) => h.id === 'h1')?.health !== 11) return;
        queueMicrotask(() => off());
        resolve(hs);
      }, () => {});
    });
    expect(await enterDamage(t.ana, t.cid, t.eid, vex(), '5')).toBe(true);
    const [entry] = incomingEntries(t.doc(), t.base(), await atGm);
    expect(entry).toMatchObject({ heroId: 'h1', what: '5 damage', from: 14, to: 11, applied: true });

    // Applied to the document (its normal save), the base agrees: nothing to publish.
    t.base().heroes.h1!.health = 11;
    await t.publish(setHeroValue(t.doc(), 'h1', 'health', 11));
    await until(() => vex().health === 11);
    const seenBeforeUndo = vex();
    // Undo puts the value before it back, published over the player's.
    await t.publish(setHeroValue(t.doc(), 'h1', 'health', entry!.from));
    await until(() => vex().health === 14);

    expect(await enterDamage(t.ana, t.cid, t.eid, seenBeforeUndo, '3')).toBe(false);
    expect($liveView.get().notes.h1?.problem).toBe('Your change of Vex’s Health to 10 was not applied: the game master set it to 14 meanwhile. Enter it again if it still holds.');
    stop();
  });

  it('typed nonsense is a sentence and sends nothing; a player cannot enter on a hero that is not theirs', async () => {
    const t = await table();
    const stop = followLive(t.ana, t.cid, t.eid);
    await until(() => $liveView.get().heroes.length === 2);
    expect(await enterInitiative(t.ana, t.cid, t.eid, vex(), 'three')).toBe(false);
    expect($liveView.get().notes.h1).toEqual({ problem: 'Type the initiative as a whole number, 0 or more.' });
    expect(await enterDamage(t.ana, t.cid, t.eid, vex(), '1000')).toBe(false);
    expect($liveView.get().notes.h1).toEqual({ problem: 'The damage is at most 999.' });
    const kit = $liveView.get().heroes.find((h) => h.id === 'h2')!;
    await expect(t.ana.live.setHeroValue(t.cid, t.eid, kit, 'health', 1)).rejects.toThrow('Only Kit’s player and the game master change Kit’s values.');
    expect(vex().health).toBe(14);
    stop();
  });

  it('offline, a player’s entry waits (and says so) and is sent when they are back', async () => {
    const t = await table();
    const stop = followLive(t.ana, t.cid, t.eid);
    await until(() => !!vex());
    await disableNetwork(t.anaDb);
    const sent = enterInitiative(t.ana, t.cid, t.eid, vex(), '3');
    await until(() => !!$liveView.get().notes.h1?.waiting);
    expect($liveView.get().notes.h1?.waiting).toMatch(/^Your entry \(initiative 3\) waits to be sent/);
    await until(() => vex().initiative === 3); // the last state, with the player's own change shown
    await enableNetwork(t.anaDb);
    expect(await sent).toBe(true);
    expect($liveView.get().notes.h1).toEqual({});
    stop();
  });

  it('the game master offline: the tracker goes on, its publications wait, and members get the latest state when it is back', async () => {
    const t = await table();
    const stop = followLive(t.ana, t.cid, t.eid);
    await until(() => !!vex());
    await disableNetwork(t.gmDb);
    let sent = false;
    const first = t.publish(goNext(t.doc())).then(() => (sent = true));
    const second = t.publish(goNext(damage(t.doc(), 'c1-1', 3, false)));
    expect(t.doc().fight!.turn).toBe(2); // the tracker's own state moved on
    expect(sent).toBe(false);
    await enableNetwork(t.gmDb);
    await Promise.all([first, second]);
    await until(() => $liveView.get().fight?.turn === 2 && $liveView.get().fight?.creatures['c1-1']?.condition === 'wounded');
    stop();
  });
});
