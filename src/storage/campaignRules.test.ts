/**
 * firestore.rules for campaigns on the real Firestore emulator: membership
 * is the only door. Each rule has a write or read it forbids, refused,
 * beside the well-formed one that passes (so the refusal is the rule's).
 * The data model is in docs/accounts.md ("Campaigns").
 */
import { describe, expect, it } from 'vitest';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { character } from '../rules/testing';
import { liftTombstone, raiseTombstone } from './cloudErase';
import { refused, useFirestoreEmulator } from './testing/firestore';

const emulator = useFirestoreEmulator();
const DAY = 24 * 60 * 60 * 1000;
type Data = Record<string, unknown>;

const uniq = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
/** A code as the app makes it: 43 URL-safe characters. */
const newCode = () => (uniq('c') + 'x'.repeat(43)).slice(0, 43).replace(/[^A-Za-z0-9_-]/g, 'y');

/** A campaign with its game master, two players who joined by invite and a stranger. */
async function table() {
  emulator.ready();
  const cid = uniq('camp');
  const [gmUid, p1Uid, p2Uid, strangerUid] = ['gm', 'p1', 'p2', 'stranger'].map(uniq) as [string, string, string, string];
  const [gm, p1, p2, stranger] = await Promise.all([gmUid, p1Uid, p2Uid, strangerUid].map((u) => emulator.open(u)));
  const code = newCode();
  const campaign = (db: Firestore) => doc(db, 'campaigns', cid);
  const member = (db: Firestore, uid: string) => doc(db, 'campaigns', cid, 'members', uid);
  const invite = (db: Firestore, c = code) => doc(db, 'campaigns', cid, 'invites', c);

  const count = (db: Firestore) => doc(db, 'campaigns', cid, 'counts', 'members');
  const removed = (db: Firestore, uid: string) => doc(db, 'campaigns', cid, 'removed', uid);

  await start(gm!, cid, gmUid);
  await setDoc(invite(gm!), { campaignName: 'Neon Nights', createdAt: serverTimestamp(), expiresAt: Timestamp.fromMillis(Date.now() + 7 * DAY - 60_000) });
  /** A join as the app makes it: the entry and the count one up, in one commit (`counted: false` leaves the count out). */
  const join = (db: Firestore, uid: string, over: Data = {}, counted = true) => {
    const batch = writeBatch(db);
    batch.set(member(db, uid), { uid, name: `Player ${uid}`, joinedAt: serverTimestamp(), invite: code, ...over });
    if (counted) batch.set(count(db), { count: increment(1), last: uid }, { merge: true });
    return batch.commit();
  };
  /** A leave (by the person) or a removal (by the game master, marked): the entry goes with the count one down. */
  const drop = (db: Firestore, uid: string, { mark = false, counted = true } = {}) => {
    const batch = writeBatch(db);
    batch.delete(member(db, uid));
    if (mark) batch.set(removed(db, uid), { removedAt: serverTimestamp() });
    if (counted) batch.update(count(db), { count: increment(-1), last: uid });
    return batch.commit();
  };
  await join(p1!, p1Uid);
  await join(p2!, p2Uid);
  return { cid, code, gm: gm!, p1: p1!, p2: p2!, stranger: stranger!, gmUid, p1Uid, p2Uid, strangerUid, campaign, member, invite, count, removed, join, drop };
}

/** Starts a campaign as the app does: the campaign, its game master's entry and a count of 1, in one commit. */
function start(db: Firestore, cid: string, gmUid: string, over: Data = {}, countOver: Data = {}) {
  const batch = writeBatch(db);
  batch.set(doc(db, 'campaigns', cid), { name: 'Neon Nights', notes: 'Thursdays', gm: gmUid, createdAt: serverTimestamp(), ...over });
  batch.set(doc(db, 'campaigns', cid, 'members', gmUid), { uid: gmUid, name: 'Ada (GM)', joinedAt: serverTimestamp() });
  batch.set(doc(db, 'campaigns', cid, 'counts', 'members'), { count: 1, last: gmUid, ...countOver });
  return batch.commit();
}

const LIVE_CREATURES_LIMIT = 200_000;
const LIVE_NUMBERS_LIMIT = 100_000;

/** JSON text of `n` characters, `entry(id, fill)` after entry (fill: 1 to 300 characters), as JSON.stringify writes an object. */
function jsonOfSize(n: number, entry: (id: string, fill: number) => unknown): string {
  const items: Record<string, unknown> = {};
  const size = () => JSON.stringify(items).length;
  for (let i = 0; ; i++) {
    const id = `c${i}`;
    items[id] = entry(id, 300);
    if (size() < n) continue;
    // Too long by `over`: shorten this entry's fill (or drop it and let the next one fit).
    const over = size() - n;
    if (over <= 299) {
      items[id] = entry(id, 300 - over);
      return JSON.stringify(items);
    }
    items[id] = entry(id, 1);
    if (size() > n) throw new Error(`cannot make ${n} characters`);
  }
}

/** The creatures' JSON text, exactly `n` characters long. */
const textOfSize = (n: number) => jsonOfSize(n, (_id, fill) => ({ name: 'n'.repeat(fill), condition: 'wounded' }));
/** The numbers' JSON text, exactly `n` characters long (the padding is in the ids, up to 100 characters). */
const numbersOfSize = (n: number) => {
  let text = '';
  const entries: string[] = [];
  for (let i = 0; ; i++) {
    const tail = `":{"health":12,"maxHealth":14}`;
    const next = (id: string) => '{' + [...entries, `"${id}${tail}`].join(',') + '}';
    const full = `k${i}-`.padEnd(100, 'k');
    if (next(full).length <= n) {
      entries.push(`"${full}${tail}`);
      text = '{' + entries.join(',') + '}';
      if (text.length === n) return text;
      continue;
    }
    const room = n - next('').length;
    if (room < 1) throw new Error(`cannot make ${n} characters`);
    return next(`k${i}-`.padEnd(room, 'k').slice(0, room));
  }
};

/** A hero's live values as the game master mirrors them. */
function hero(owner: string, over: Data = {}): Data {
  return {
    owner,
    name: 'Vex',
    maxHealth: 14,
    strainCapacity: 7,
    initiative: 3,
    initiativeAt: serverTimestamp(),
    health: 14,
    healthAt: serverTimestamp(),
    strain: 0,
    strainAt: serverTimestamp(),
    ...over,
  };
}

describe('firestore.rules for campaigns in the Firestore emulator', () => {
  it('only members read a campaign and its members; a stranger reads nothing', async () => {
    const t = await table();
    expect((await getDoc(t.campaign(t.p1))).data()?.name).toBe('Neon Nights');
    expect((await getDocs(collection(t.p2, 'campaigns', t.cid, 'members'))).size).toBe(3);
    await refused(getDoc(t.campaign(t.stranger)), 'a stranger reading the campaign');
    await refused(getDocs(collection(t.stranger, 'campaigns', t.cid, 'members')), 'a stranger listing the members');
    await refused(getDocs(collection(t.stranger, 'campaigns')), 'listing every campaign');
    const mine = await getDocs(query(collection(t.gm, 'campaigns'), where('gm', '==', t.gmUid)));
    expect(mine.docs.map((d) => d.id)).toEqual([t.cid]);
  });

  it('campaign fields: name 1–100, notes up to 2,000, the creator as gm, the server’s time; nothing else', async () => {
    emulator.ready();
    const uid = uniq('gm');
    const db = await emulator.open(uid);
    const ok = { name: 'Crew', notes: '', gm: uid, createdAt: serverTimestamp() };
    const bad: [Data, string][] = [
      [{ name: '' }, 'an empty name'],
      [{ name: 'x'.repeat(101) }, 'a 101-character name'],
      [{ notes: 'x'.repeat(2001) }, '2,001 characters of notes'],
      [{ gm: 'someone-else' }, 'a campaign run by someone else'],
      [{ createdAt: Timestamp.fromMillis(0) }, 'a creation time other than the server’s'],
      [{ extra: 1 }, 'another field'],
    ];
    for (const [over, what] of bad) await refused(start(db, uniq('c'), uid, { ...ok, ...over }), what);
    await refused(setDoc(doc(db, 'campaigns', uniq('c')), ok), 'a campaign without its member count');
    await refused(start(db, uniq('c'), uid, ok, { count: 2 }), 'a new campaign counting 2 members');
    await refused(start(db, uniq('c'), uid, ok, { last: 'someone-else' }), 'a count naming another entry');
    await start(db, uniq('c'), uid, ok);
  });

  it('only the game master changes or deletes the campaign, and never its gm or creation time', async () => {
    const t = await table();
    await refused(updateDoc(t.campaign(t.p1), { name: 'Taken over' }), 'a player renaming the campaign');
    await refused(updateDoc(t.campaign(t.gm), { gm: t.p1Uid }), 'handing the campaign to another');
    await refused(updateDoc(t.campaign(t.gm), { createdAt: Timestamp.fromMillis(0) }), 'changing the creation time');
    await updateDoc(t.campaign(t.gm), { notes: 'Fridays now' });
    await refused(deleteDoc(t.campaign(t.p1)), 'a player deleting the campaign');
  });

  it('invites: the game master makes them for at most 7 days; a code is read one by one, never listed', async () => {
    const t = await table();
    const later = (ms: number) => ({ campaignName: 'Neon Nights', createdAt: serverTimestamp(), expiresAt: Timestamp.fromMillis(Date.now() + ms) });
    await refused(setDoc(t.invite(t.gm, newCode()), later(8 * DAY)), 'an invite for 8 days');
    await refused(setDoc(t.invite(t.gm, newCode()), later(-60_000)), 'an invite that has already expired');
    await refused(setDoc(t.invite(t.gm, 'short'), later(DAY)), 'a short, guessable code');
    await refused(setDoc(t.invite(t.p1, newCode()), later(DAY)), 'a player making an invite');
    await refused(setDoc(t.invite(t.gm, newCode()), { ...later(DAY), note: 'x' }), 'an invite with another field');
    expect((await getDoc(t.invite(t.stranger))).data()?.campaignName).toBe('Neon Nights');
    await refused(getDocs(collection(t.stranger, 'campaigns', t.cid, 'invites')), 'a stranger listing the codes');
    await refused(getDocs(collection(t.p1, 'campaigns', t.cid, 'invites')), 'a player listing the codes');
    expect((await getDocs(collection(t.gm, 'campaigns', t.cid, 'invites'))).size).toBe(1);
    await refused(deleteDoc(t.invite(t.p1)), 'a player revoking the invite');
  });

  it('joining needs the campaign’s valid, unexpired, unrevoked code, for one’s own entry only', async () => {
    const t = await table();
    const s = t.strangerUid;
    await refused(setDoc(t.member(t.stranger, s), { uid: s, name: 'S', joinedAt: serverTimestamp() }), 'joining with no invite field');
    await refused(t.join(t.stranger, s, { invite: newCode() }), 'joining with a made-up code');
    await refused(t.join(t.stranger, t.p2Uid, { uid: t.p2Uid }), 'writing another person’s entry');
    await refused(t.join(t.stranger, s, { joinedAt: Timestamp.fromMillis(0) }), 'a join time other than the server’s');
    await refused(t.join(t.stranger, s, { role: 'gm' }), 'an entry with another field');
    await refused(updateDoc(t.member(t.p1, t.p1Uid), { invite: newCode() }), 'a member changing anything but their name');
    // Expired (arranged past the rules) and revoked codes open nothing.
    const owner = await emulator.openAsOwner();
    const old = newCode();
    await setDoc(doc(owner, 'campaigns', t.cid, 'invites', old), { campaignName: 'Neon Nights', createdAt: Timestamp.now(), expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    await refused(t.join(t.stranger, s, { invite: old }), 'joining with an expired code');
    await deleteDoc(t.invite(t.gm));
    await refused(t.join(t.stranger, s), 'joining with a revoked code');
    expect((await getDoc(doc(owner, 'campaigns', t.cid, 'members', s))).exists()).toBe(false);
  });

  it('a member who leaves or is removed is refused at their next read or write', async () => {
    const t = await table();
    await refused(deleteDoc(t.member(t.p1, t.p1Uid)), 'leaving without the count one down');
    await t.drop(t.p1, t.p1Uid);
    await refused(getDoc(t.campaign(t.p1)), 'a member who left reading the campaign');
    await refused(t.drop(t.p1, t.p2Uid), 'a player removing another');
    await refused(t.drop(t.gm, t.p2Uid), 'a removal the game master does not mark');
    await t.drop(t.gm, t.p2Uid, { mark: true });
    await refused(getDoc(t.campaign(t.p2)), 'a removed member reading the campaign');
    await refused(
      setDoc(doc(t.p2, 'campaigns', t.cid, 'characters', 'c1'), { owner: t.p2Uid, name: 'Vex', json: JSON.stringify(character({ id: 'c1' })), updatedAt: serverTimestamp() }),
      'a removed member attaching a character',
    );
  });

  it('a removed player’s old link no longer admits them; a new invite, or the game master lifting the removal, does', async () => {
    const t = await table();
    await refused(setDoc(t.removed(t.p1, t.p2Uid), { removedAt: serverTimestamp() }), 'a player marking another removed');
    await t.drop(t.gm, t.p2Uid, { mark: true });
    // The link p2 joined with is still valid for everyone else…
    await t.join(t.stranger, t.strangerUid);
    // …but not for p2, whose removal came after it was made.
    await refused(t.join(t.p2, t.p2Uid), 'a removed player joining again with the link they had');
    expect((await getDoc(t.removed(t.p2, t.p2Uid))).exists()).toBe(true); // they may read why
    await refused(getDoc(t.removed(t.p1, t.p2Uid)), 'another player reading the removal');
    await refused(deleteDoc(t.removed(t.p2, t.p2Uid)), 'the removed player lifting their own removal');
    await refused(setDoc(t.removed(t.gm, t.p1Uid), { removedAt: Timestamp.fromMillis(0) }), 'a removal dated other than now');
    // A new invite (a new code, made after the removal) admits them.
    const fresh = newCode();
    await setDoc(t.invite(t.gm, fresh), { campaignName: 'Neon Nights', createdAt: serverTimestamp(), expiresAt: Timestamp.fromMillis(Date.now() + DAY) });
    await t.join(t.p2, t.p2Uid, { invite: fresh });
    // Removed again, then the game master lifts the removal: the old link admits them once more.
    await t.drop(t.gm, t.p2Uid, { mark: true });
    await refused(t.join(t.p2, t.p2Uid, { invite: fresh }), 'the newer link, made before the second removal');
    await deleteDoc(t.removed(t.gm, t.p2Uid));
    await t.join(t.p2, t.p2Uid);
  });

  it('the member count moves by one with each join, leave and removal, in the same commit; nobody moves it alone', async () => {
    const t = await table();
    const counted = async () => (await getDoc(t.count(t.stranger))).data()?.count;
    expect(await counted()).toBe(3); // anyone signed in may read it, to learn whether there is room
    await refused(t.join(t.stranger, t.strangerUid, {}, false), 'joining without counting');
    const s = t.strangerUid;
    const batch = (db: Firestore, write: (b: ReturnType<typeof writeBatch>) => void) => {
      const b = writeBatch(db);
      write(b);
      return b.commit();
    };
    const entry = { uid: s, name: 'S', joinedAt: serverTimestamp(), invite: t.code };
    await refused(batch(t.stranger, (b) => (b.set(t.member(t.stranger, s), entry), b.set(t.count(t.stranger), { count: 5, last: s }))), 'a join counting two');
    await refused(batch(t.stranger, (b) => (b.set(t.member(t.stranger, s), entry), b.set(t.count(t.stranger), { count: increment(1), last: t.p1Uid }))), 'a join naming another entry');
    await refused(updateDoc(t.count(t.stranger), { count: increment(1), last: s }), 'the count up with no entry made');
    await refused(updateDoc(t.count(t.p1), { count: increment(-1), last: t.p1Uid }), 'the count down with the entry still there');
    await refused(updateDoc(t.count(t.gm), { count: 1 }), 'the game master setting the count');
    await refused(deleteDoc(t.count(t.gm)), 'the game master deleting the count of a campaign that stands');
    await refused(updateDoc(t.count(t.gm), { count: increment(-1), last: t.p1Uid, note: 'x' }), 'another field');
    await refused(batch(t.p1, (b) => (b.delete(t.member(t.p1, t.p1Uid)), b.update(t.count(t.p1), { count: increment(-2), last: t.p1Uid }))), 'a leave counting two');
    await t.join(t.stranger, s);
    expect(await counted()).toBe(4);
    await t.drop(t.p1, t.p1Uid);
    await t.drop(t.gm, t.p2Uid, { mark: true });
    expect(await counted()).toBe(2);
  });

  it('a campaign holds at most 50 members: the 50th joins, the 51st is refused', async () => {
    const t = await table();
    const owner = await emulator.openAsOwner();
    // 48 entries arranged past the rules (the count is what the rules read).
    await setDoc(doc(owner, 'campaigns', t.cid, 'counts', 'members'), { count: 49, last: t.p2Uid });
    await t.join(t.stranger, t.strangerUid);
    expect((await getDoc(t.count(t.gm))).data()?.count).toBe(50);
    const late = uniq('late');
    await refused(t.join(await emulator.open(late), late), 'a 51st member');
    // A place freed is a place taken again.
    await t.drop(t.p1, t.p1Uid);
    await t.join(await emulator.open(late), late);
    expect((await getDoc(t.count(t.gm))).data()?.count).toBe(50);
  });

  it('several players joining at once for the last place: exactly one gets it', async () => {
    const t = await table();
    const owner = await emulator.openAsOwner();
    await setDoc(doc(owner, 'campaigns', t.cid, 'counts', 'members'), { count: 49, last: t.p2Uid });
    const uids = Array.from({ length: 6 }, () => uniq('rush'));
    const dbs = await Promise.all(uids.map((u) => emulator.open(u)));
    const outcomes = await Promise.all(dbs.map((db, i) => t.join(db, uids[i]!).then(() => 'in', (e: { code?: string }) => e.code)));
    expect(outcomes.filter((o) => o === 'in')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'in').every((o) => o === 'permission-denied' || o === 'aborted')).toBe(true);
    const members = await getDocs(collection(owner, 'campaigns', t.cid, 'members'));
    expect(members.docs.filter((d) => uids.includes(d.id))).toHaveLength(1);
    expect((await getDoc(doc(owner, 'campaigns', t.cid, 'counts', 'members'))).data()?.count).toBe(50);
  });

  it('a campaign made before member counts: nobody joins it until its game master counts it, once', async () => {
    const t = await table();
    const owner = await emulator.openAsOwner();
    await deleteDoc(doc(owner, 'campaigns', t.cid, 'counts', 'members'));
    await refused(t.join(t.stranger, t.strangerUid), 'joining an uncounted campaign');
    await refused(setDoc(t.count(t.p1), { count: 1, last: t.p1Uid }), 'a player counting the campaign');
    // Leaving stays possible meanwhile.
    await t.drop(t.p1, t.p1Uid, { counted: false });
    await setDoc(t.count(t.gm), { count: 2, last: t.gmUid });
    await refused(setDoc(t.count(t.gm), { count: 1, last: t.gmUid }), 'counting it a second time');
    await t.join(t.stranger, t.strangerUid);
    expect((await getDoc(t.count(t.gm))).data()?.count).toBe(3);
    // Once a deletion has begun the count may go, but never comes back at another number.
    await setDoc(doc(t.gm, 'deletedCampaigns', t.cid), { name: 'Neon Nights', gm: t.gmUid, deletedAt: serverTimestamp() });
    await deleteDoc(t.count(t.gm));
    await refused(setDoc(t.count(t.gm), { count: 1, last: t.gmUid }), 'counting a campaign being deleted anew');
  });

  it('characters: a player writes only their own; the others read them; the game master may take one off', async () => {
    const t = await table();
    const ref = (db: Firestore, id = 'hero-1') => doc(db, 'campaigns', t.cid, 'characters', id);
    const shared = (owner: string, id = 'hero-1', over: Data = {}) => ({ owner, name: 'Vex', json: JSON.stringify(character({ id })), updatedAt: serverTimestamp(), ...over });
    await refused(setDoc(ref(t.p1), shared(t.p2Uid)), 'attaching a character as someone else');
    await refused(setDoc(ref(t.p1), shared(t.p1Uid, 'hero-1', { json: JSON.stringify(character({ id: 'other' })) })), 'the json of another character');
    await refused(setDoc(ref(t.p1), shared(t.p1Uid, 'hero-1', { json: '{"kind":"core","id":"hero-1"}' })), 'a core in a character’s place');
    await refused(setDoc(ref(t.p1), shared(t.p1Uid, 'hero-1', { updatedAt: Timestamp.fromMillis(0) })), 'a time other than the server’s');
    await refused(setDoc(ref(t.stranger), shared(t.strangerUid)), 'a stranger attaching a character');
    await setDoc(ref(t.p1), shared(t.p1Uid));
    expect((await getDoc(ref(t.p2))).data()?.owner).toBe(t.p1Uid);
    await refused(setDoc(ref(t.p2), shared(t.p2Uid)), 'a player overwriting another’s character');
    await refused(setDoc(ref(t.gm), shared(t.gmUid)), 'the game master overwriting a player’s character');
    await refused(deleteDoc(ref(t.p2)), 'a player detaching another’s character');
    await deleteDoc(ref(t.gm));
  });

  it('live: the game master runs the fight; a player changes only their hero’s initiative, Health and strain, naming what they changed', async () => {
    const t = await table();
    const live = (db: Firestore) => doc(db, 'campaigns', t.cid, 'live', 'enc-1');
    const heroRef = (db: Firestore, id = 'h1') => doc(db, 'campaigns', t.cid, 'live', 'enc-1', 'heroes', id);
    const state = { title: 'Lobby ambush', round: 1, turn: 0, order: ['h1', 'h2', 'c1'], creatures: JSON.stringify({ c1: { name: 'Drone', condition: 'unhurt' } }), reveal: false, updatedAt: serverTimestamp() };
    await refused(setDoc(live(t.p1), state), 'a player writing the fight');
    await refused(setDoc(live(t.gm), { ...state, round: -1 }), 'a negative round');
    await refused(setDoc(live(t.gm), { ...state, secret: 1 }), 'another field in the fight');
    await setDoc(live(t.gm), state);
    expect((await getDoc(live(t.p2))).data()?.order).toEqual(['h1', 'h2', 'c1']);
    await refused(getDoc(live(t.stranger)), 'a stranger watching the fight');
    await refused(setDoc(heroRef(t.p1), hero(t.p1Uid)), 'a player creating a hero');
    await setDoc(heroRef(t.gm), hero(t.p1Uid));
    await setDoc(heroRef(t.gm, 'h2'), hero(t.p2Uid, { name: 'Rook' }));

    const seen = (await getDoc(heroRef(t.p1))).data()!;
    const hit = { health: 9, healthAt: serverTimestamp(), healthFrom: seen.healthAt };
    await refused(updateDoc(heroRef(t.p1, 'h2'), hit), 'a player changing another’s hero');
    await refused(updateDoc(heroRef(t.p1), { ...hit, maxHealth: 99 }), 'a player raising their maximum Health');
    await refused(updateDoc(heroRef(t.p1), { health: 9 }), 'a change without the server’s time and what it replaces');
    await refused(updateDoc(heroRef(t.p1), { ...hit, healthFrom: Timestamp.fromMillis(0) }), 'a change naming a value that is no longer there');
    await refused(updateDoc(heroRef(t.p1), { ...hit, health: 15, healthAt: serverTimestamp() }), 'Health above its maximum');
    await refused(updateDoc(heroRef(t.p1), { ...hit, lastEntry: { what: 'damage', amount: 5, by: t.p2Uid, at: serverTimestamp() } }), 'an entry signed by someone else');
    await updateDoc(heroRef(t.p1), { ...hit, lastEntry: { what: 'damage', amount: 5, by: t.p1Uid, at: serverTimestamp() } });
    const afterMine = (await getDoc(heroRef(t.p1))).data()!.healthAt;
    // The game master changed Health meanwhile: a player's change based on the older value is refused, not applied over it.
    await updateDoc(heroRef(t.gm), { health: 12, healthAt: serverTimestamp() });
    await refused(updateDoc(heroRef(t.p1), { health: 7, healthAt: serverTimestamp(), healthFrom: afterMine }), 'a change based on a value the game master replaced');
    expect((await getDoc(heroRef(t.p2))).data()?.health).toBe(12);
  });

  it('the creatures’ numbers are the game master’s alone', async () => {
    const t = await table();
    const secret = (db: Firestore) => doc(db, 'campaigns', t.cid, 'secrets', 'enc-1');
    await setDoc(secret(t.gm), { numbers: JSON.stringify({ c1: { health: 11, maxHealth: 14 } }) });
    await refused(getDoc(secret(t.p1)), 'a player reading the creatures’ numbers');
    await refused(setDoc(secret(t.p1), { numbers: JSON.stringify({ c1: { health: 0, maxHealth: 14 } }) }), 'a player writing the creatures’ numbers');
  });

  it('every field of the live fight has a type and a size: accepted at its limit, refused just past it and with the wrong type', async () => {
    const t = await table();
    const live = doc(t.gm, 'campaigns', t.cid, 'live', 'enc-1');
    const creatures = { c1: { name: 'Drone', condition: 'unhurt' } };
    const state: Data = { title: 'Lobby ambush', round: 1, turn: 0, order: ['h1', 'c1'], creatures: JSON.stringify(creatures), reveal: false, updatedAt: serverTimestamp() };
    for (const n of [LIVE_CREATURES_LIMIT, LIVE_CREATURES_LIMIT + 1]) expect(textOfSize(n)).toHaveLength(n);
    for (const n of [LIVE_NUMBERS_LIMIT, LIVE_NUMBERS_LIMIT + 1]) expect(numbersOfSize(n)).toHaveLength(n);
    const ids = (n: number, size = 4) => Array.from({ length: n }, (_, i) => `c${i}`.padEnd(size, 'x'));
    // [field, accepted values (the limits), refused values (just past, wrong type), what]
    const fields: [string, unknown[], unknown[]][] = [
      ['title', ['', 'x'.repeat(300)], ['x'.repeat(301), 7, null]],
      ['round', [0, 9999], [-1, 10000, 1.5, '1']],
      ['turn', [0, 500], [-1, 501, '0']],
      ['order', [[], ids(500), ['x'.repeat(100)]], [ids(501), ['x'.repeat(101)], [''], ['a\nb'], [7], 'c1', { 0: 'c1' }]],
      ['creatures', [textOfSize(LIVE_CREATURES_LIMIT), '{}', JSON.stringify({ ['k'.repeat(100)]: { name: 'n'.repeat(300), condition: 'down', health: 9999, maxHealth: 9999 } }), JSON.stringify({ c1: { name: 'Say \"hi\"\\', condition: 'bloodied' } })],
        [textOfSize(LIVE_CREATURES_LIMIT + 1), creatures, JSON.stringify({ c1: { name: 'n'.repeat(301), condition: 'down' } }), JSON.stringify({ ['k'.repeat(101)]: { name: 'n', condition: 'down' } }),
          JSON.stringify({ c1: { name: 'n', condition: 'asleep' } }), JSON.stringify({ c1: { name: 'n', condition: 'down', health: 10000, maxHealth: 10000 } }),
          JSON.stringify({ c1: { name: 'n', condition: 'down', health: -1, maxHealth: 5 } }), JSON.stringify({ c1: { name: 'n', condition: 'down', health: 5 } }),
          JSON.stringify({ c1: { name: 'n', condition: 'down', junk: 'x' } }), JSON.stringify([1, 2]), 'x'.repeat(1000), 7]],
      ['reveal', [true, false], ['yes', 1]],
    ];
    for (const [field, good, bad] of fields) {
      for (const v of good) {
        const outcome = await setDoc(live, { ...state, [field]: v }).then(() => 'accepted', (e: { code?: string }) => e.code);
        expect(outcome, `${field} = ${JSON.stringify(v).slice(0, 60)}`).toBe('accepted');
      }
      for (const v of bad) await refused(setDoc(live, { ...state, [field]: v }), `${field} = ${JSON.stringify(v).slice(0, 60)}`);
    }
    await refused(setDoc(live, { ...state, updatedAt: Timestamp.fromMillis(0) }), 'a time other than the server’s');

    const secret = doc(t.gm, 'campaigns', t.cid, 'secrets', 'enc-1');
    await setDoc(secret, { numbers: numbersOfSize(LIVE_NUMBERS_LIMIT) });
    await setDoc(secret, { numbers: '{}' });
    await setDoc(secret, { numbers: JSON.stringify({ ['k'.repeat(100)]: { health: 0, maxHealth: 9999 } }) });
    const badNumbers: [unknown, string][] = [
      [numbersOfSize(LIVE_NUMBERS_LIMIT + 1), 'numbers past 100,000 characters'],
      [{ c1: { health: 1, maxHealth: 2 } }, 'numbers as a map'],
      [JSON.stringify({ c1: { health: 10000, maxHealth: 2 } }), 'Health past 9999'],
      [JSON.stringify({ c1: { health: 1 } }), 'a creature without its maximum'],
      [JSON.stringify({ c1: { health: 1, maxHealth: 2, junk: 'x'.repeat(100) } }), 'another field in a creature'],
      [JSON.stringify({ ['k'.repeat(101)]: { health: 1, maxHealth: 2 } }), 'an id of 101 characters'],
      ['x'.repeat(900), 'junk text'],
    ];
    for (const [numbers, what] of badNumbers) await refused(setDoc(secret, { numbers }), what);
    await refused(setDoc(secret, { c1: { health: 1, maxHealth: 2 } }), 'the numbers as fields of their own');
    await refused(setDoc(secret, { numbers: '{}', junk: 'x'.repeat(1000) }), 'another field beside the numbers');

    // Each write a hero of its own (the game master never changes a hero's owner).
    let heroes = 0;
    const newHero = () => doc(t.gm, 'campaigns', t.cid, 'live', 'enc-1', 'heroes', `h${++heroes}`);
    const heroFields: [string, unknown[], unknown[]][] = [
      ['owner', ['x'.repeat(128)], ['', 'x'.repeat(129), 7]],
      ['name', ['', 'x'.repeat(300)], ['x'.repeat(301), 7]],
      ['maxHealth', [14, 9999], [-1, 10000, '14']],
      ['strainCapacity', [0, 999], [-1, 1000, '7']],
      ['protection', [0, 999], [-1, 1000, '1']],
      ['initiative', [null, 0, 999], [-1, 1000, '3']],
      ['strain', [0, 999], [-1, 1000, '0']],
      ['healthFrom', [Timestamp.now()], ['yesterday', 1]],
      ['lastEntry', [{ what: 'damage', amount: 9999, by: t.p1Uid, at: Timestamp.now() }, { what: 'strain', amount: -9999, by: t.p1Uid, at: Timestamp.now() }],
        [{ what: 'damage', amount: 10000, by: t.p1Uid, at: Timestamp.now() }, { what: 'nap', amount: 1, by: t.p1Uid, at: Timestamp.now() }, { what: 'damage', amount: '5', by: t.p1Uid, at: Timestamp.now() },
          { what: 'damage', amount: 5, by: 'x'.repeat(129), at: Timestamp.now() }, { what: 'damage', amount: 5, by: t.p1Uid, at: 'now' }, { what: 'damage', amount: 5, by: t.p1Uid }, 'damage 5']],
    ];
    for (const [field, good, bad] of heroFields) {
      for (const v of good) {
        const outcome = await setDoc(newHero(), hero(t.p1Uid, { maxHealth: 9999, [field]: v })).then(() => 'accepted', (e: { code?: string }) => e.code);
        expect(outcome, `hero ${field} = ${JSON.stringify(v)}`).toBe('accepted');
      }
      for (const v of bad) await refused(setDoc(newHero(), hero(t.p1Uid, { maxHealth: 9999, [field]: v })), `hero ${field} = ${JSON.stringify(v).slice(0, 60)}`);
    }
    await setDoc(newHero(), hero(t.p1Uid, { health: 14 }));
    await refused(setDoc(newHero(), hero(t.p1Uid, { health: 15 })), 'Health above its maximum');
    await refused(setDoc(newHero(), hero(t.p1Uid, { junk: 'x' })), 'another field on a hero');
  });

  it('a member finds their own campaigns through their entries, and no one else’s', async () => {
    const t = await table();
    const mine = await getDocs(query(collectionGroup(t.p1, 'members'), where('uid', '==', t.p1Uid)));
    expect(mine.docs.map((d) => d.ref.parent.parent!.id)).toEqual([t.cid]);
    await refused(getDocs(query(collectionGroup(t.p1, 'members'), where('uid', '==', t.p2Uid))), 'listing another person’s campaigns');
  });

  it('deleting a campaign: a record for its members first, then its shared data is gone from the cloud', async () => {
    const t = await table();
    await setDoc(doc(t.p1, 'campaigns', t.cid, 'characters', 'hero-1'), { owner: t.p1Uid, name: 'Vex', json: JSON.stringify(character({ id: 'hero-1' })), updatedAt: serverTimestamp() });
    const record = (db: Firestore) => doc(db, 'deletedCampaigns', t.cid);
    await refused(setDoc(record(t.p1), { name: 'Neon Nights', gm: t.p1Uid, deletedAt: serverTimestamp() }), 'a player marking the campaign deleted');
    await setDoc(record(t.gm), { name: 'Neon Nights', gm: t.gmUid, deletedAt: serverTimestamp() });
    const batch = writeBatch(t.gm);
    for (const sub of ['members', 'invites', 'characters']) {
      for (const d of (await getDocs(collection(t.gm, 'campaigns', t.cid, sub))).docs) batch.delete(d.ref);
    }
    batch.delete(t.count(t.gm));
    batch.delete(t.campaign(t.gm));
    await batch.commit();
    const owner = await emulator.openAsOwner();
    for (const sub of ['members', 'invites', 'characters']) {
      expect((await getDocs(collection(owner, 'campaigns', t.cid, sub))).size, sub).toBe(0);
    }
    expect((await getDoc(doc(owner, 'campaigns', t.cid))).exists()).toBe(false);
    expect((await getDoc(record(t.p2))).data()?.name).toBe('Neon Nights');
  });

  it('a deleted account’s tombstone stops every write under its id, from any device; erasing still works', async () => {
    emulator.ready();
    const uid = uniq('gone');
    const [deviceA, deviceB, other] = await Promise.all([emulator.open(uid), emulator.open(uid), emulator.open(uniq('other'))]);
    await refused(setDoc(doc(other, 'tombstones', uid), { deletedAt: serverTimestamp() }), 'someone else’s tombstone');
    await refused(setDoc(doc(deviceA, 'tombstones', uid), { deletedAt: Timestamp.fromMillis(0) }), 'a tombstone dated other than now');
    await refused(setDoc(doc(deviceA, 'tombstones', uid), { deletedAt: serverTimestamp(), lock: 'not-a-hash' }), 'a lock that is no SHA-256');
    await refused(setDoc(doc(deviceA, 'tombstones', uid), { deletedAt: serverTimestamp(), by: 'me' }), 'a field a tombstone has not');
    await raiseTombstone(deviceA, uid);
    await refused(start(deviceB, uniq('c'), uid), 'a campaign made by a deleted account');
    // The document rules' own write (a record and its head version) is refused the same way.
    const id = 'late-save';
    const json = JSON.stringify({ kind: 'blueprint', id });
    const batch = writeBatch(deviceB);
    batch.set(doc(deviceB, 'users', uid, 'documents', id), { id, kind: 'blueprint', name: 'x', tags: [], revision: 1, createdAt: 'a', updatedAt: 'a', valid: true, json, head: { id: 'r1-abc', at: 1 } });
    batch.set(doc(deviceB, 'users', uid, 'documents', id, 'versions', 'r1-abc'), { id: 'r1-abc', documentId: id, revision: 1, savedAt: '2026-03-01T10:00:00.000Z', summary: 'Created', json });
    await refused(batch.commit(), 'a document saved by a deleted account');
    // Undoing a deletion halfway removes the tombstone (the device that wrote it, with its key); then saving works again.
    await refused(deleteDoc(doc(deviceB, 'tombstones', uid)), 'another device, signed in before the deletion, taking the tombstone down');
    await liftTombstone(deviceA, uid);
    const again = writeBatch(deviceB);
    again.set(doc(deviceB, 'users', uid, 'documents', id), { id, kind: 'blueprint', name: 'x', tags: [], revision: 1, createdAt: 'a', updatedAt: 'a', valid: true, json, head: { id: 'r1-abc', at: 1 } });
    again.set(doc(deviceB, 'users', uid, 'documents', id, 'versions', 'r1-abc'), { id: 'r1-abc', documentId: id, revision: 1, savedAt: '2026-03-01T10:00:00.000Z', summary: 'Created', json });
    await again.commit();
  });
});
