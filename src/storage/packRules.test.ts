/**
 * firestore.rules for packs published to a campaign, on the real Firestore
 * emulator: only the game master writes one, members read it and nobody
 * else, a removed member cannot read a version published after; every field
 * is bounded and typed. Each refusal stands beside the well-formed write
 * that passes, so the refusal is the rule's. docs/accounts.md "Packs".
 */
import { describe, expect, it } from 'vitest';
import { arrayUnion, collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { CampaignCloud } from './campaigns/cloud';
import { PUBLISHED_PACK_LIMITS, packBytes, packFields, publishedPackOf, type PackFields } from './campaigns/packShape';
import { packOf } from './campaigns/packTesting';
import { refused, useFirestoreEmulator } from './testing/firestore';

const emulator = useFirestoreEmulator();
const uniq = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
type Data = Record<string, unknown>;

/** A campaign run by a game master, with a player who joined by invite and a stranger. */
async function table() {
  emulator.ready();
  const [gmUid, p1Uid, strangerUid] = ['gm', 'p1', 'stranger'].map(uniq) as [string, string, string];
  const [gm, p1, stranger] = (await Promise.all([gmUid, p1Uid, strangerUid].map((u) => emulator.open(u)))) as [Firestore, Firestore, Firestore];
  const gmCloud = new CampaignCloud(gm, gmUid, 'Ada');
  const cid = await gmCloud.create('Neon Nights');
  const { code } = await gmCloud.invite(cid);
  await new CampaignCloud(p1, p1Uid, 'Vex').join(cid, code);
  const pack = (db: Firestore, id = 'neon') => doc(db, 'campaigns', cid, 'packs', id);
  const campaign = (db: Firestore) => doc(db, 'campaigns', cid);
  /** The pack written as the app writes it: with its id added to the campaign's packs in the same commit. */
  const publishRaw = (db: Firestore, data: object, id = 'neon') => {
    const batch = writeBatch(db);
    batch.set(pack(db, id), data);
    batch.update(campaign(db), { packs: arrayUnion(id) });
    return batch.commit();
  };
  const publish = (db: Firestore, fields: object, id = 'neon') => publishRaw(db, { ...fields, publishedAt: serverTimestamp() }, id);
  return { cid, gm, p1, stranger, gmUid, p1Uid, gmCloud, pack, campaign, publish, publishRaw };
}

/** A well-formed pack of `count` real entries at `version`, as the app sends it. */
const fieldsOf = (count = 14, version = 1): PackFields => packFields(publishedPackOf(packOf(count), version).pack);

/** The fields with the entries of each kind replaced. */
const withEntries = (over: Partial<Record<keyof PackFields['entries'], unknown>>): Data => {
  const f = fieldsOf(0);
  return { ...f, entries: { ...f.entries, ...over } };
};

/** `n` entry texts of exactly `chars` characters each, shaped as JSON objects. */
const texts = (n: number, chars: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ id: `e${i}`, text: '' }).replace('""', `"${'x'.repeat(chars - JSON.stringify({ id: `e${i}`, text: '' }).length)}"`));

describe('firestore.rules for packs in the Firestore emulator', () => {
  it('the game master publishes; members read it; a stranger or anyone signed out reads nothing', async () => {
    const t = await table();
    await t.publish(t.gm, fieldsOf());
    const read = await getDoc(t.pack(t.p1));
    expect(read.data()?.name).toBe('Neon Nights');
    expect((await getDocs(collection(t.p1, 'campaigns', t.cid, 'packs'))).size).toBe(1);
    await refused(getDoc(t.pack(t.stranger)), 'a stranger reading a pack');
    await refused(getDocs(collection(t.stranger, 'campaigns', t.cid, 'packs')), 'a stranger listing the packs');
    await refused(getDoc(t.pack(await emulator.open(null))), 'reading a pack signed out');
  });

  it('a member cannot write a pack: not create, not update, not delete, not list it in the campaign', async () => {
    const t = await table();
    await refused(t.publish(t.p1, fieldsOf()), 'a member publishing a pack');
    await updateDoc(t.campaign(t.gm), { packs: ['neon', 'theirs'] });
    await refused(setDoc(t.pack(t.p1, 'theirs'), { ...fieldsOf(), publishedAt: serverTimestamp() }), 'a member writing a pack the campaign lists');
    await t.publish(t.gm, fieldsOf());
    await refused(setDoc(t.pack(t.p1), { ...fieldsOf(14, 2), publishedAt: serverTimestamp() }), 'a member writing a newer version');
    await refused(deleteDoc(t.pack(t.p1)), 'a member deleting a pack');
    await refused(updateDoc(t.campaign(t.p1), { packs: [] }), 'a member changing the campaign’s packs');
    await refused(updateDoc(t.campaign(t.p1), { allowedSources: ['official'] }), 'a member changing the allowed sources');
    await refused(setDoc(t.pack(t.stranger, 'x'), { ...fieldsOf(), publishedAt: serverTimestamp() }), 'a stranger writing a pack');
    expect((await getDoc(t.pack(t.p1))).data()?.version).toBe(1);
  });

  it('a pack is written only while the campaign lists it, and each write raises its version', async () => {
    const t = await table();
    await refused(setDoc(t.pack(t.gm), { ...fieldsOf(), publishedAt: serverTimestamp() }), 'a pack the campaign does not list');
    await t.publish(t.gm, fieldsOf(14, 1));
    await refused(t.publish(t.gm, fieldsOf(14, 1)), 'the same version again');
    await t.publish(t.gm, fieldsOf(14, 2));
    await refused(t.publish(t.gm, fieldsOf(14, 1)), 'an older version');
    // By at least 1: the pack's own count may have moved on in another campaign.
    await t.publish(t.gm, fieldsOf(14, 5));
    await refused(t.publish(t.gm, fieldsOf(14, 5)), 'version 5 again');
    await refused(t.publish(t.gm, fieldsOf(14, 6), 'a.b'), 'a pack id with a dot');
    expect((await getDoc(t.pack(t.p1))).data()?.version).toBe(5);
  });

  it('a removed member cannot read the pack, nor any version published after the removal', async () => {
    const t = await table();
    await t.publish(t.gm, fieldsOf(14, 1));
    expect((await getDoc(t.pack(t.p1))).data()?.version).toBe(1);
    await t.gmCloud.remove(t.cid, t.p1Uid);
    await t.publish(t.gm, fieldsOf(14, 2));
    await refused(getDoc(t.pack(t.p1)), 'a removed member reading the newer version');
    await refused(getDocs(collection(t.p1, 'campaigns', t.cid, 'packs')), 'a removed member listing the packs');
    expect((await getDoc(t.pack(t.gm))).data()?.version).toBe(2);
  });

  it('pack fields: exact keys, types and sizes; the server’s time', async () => {
    const t = await table();
    const ok = fieldsOf();
    const bad: [Data, string][] = [
      [{ extra: 1 }, 'another field'],
      [{ name: '' }, 'an empty name'],
      [{ name: 'n'.repeat(101) }, 'a 101-character name'],
      [{ name: 7 }, 'a number as name'],
      [{ author: 'a'.repeat(101) }, 'a 101-character author'],
      [{ description: 'd'.repeat(4001) }, 'a 4,001-character description'],
      [{ version: 0 }, 'version 0'],
      [{ version: '2' }, 'a version as text'],
      [{ version: 1.5 }, 'a fractional version'],
      [{ version: 1_000_000 }, 'version 1,000,000'],
      [{ changelog: [{ version: 1, text: 'x' }] }, 'a changelog that is a list, not JSON text'],
      [{ changelog: JSON.stringify([{ version: '1', text: 'x' }]) }, 'a changelog version as text'],
      [{ changelog: JSON.stringify([{ version: 1, text: 'x', by: 'Ada' }]) }, 'a changelog item with another key'],
      [{ changelog: JSON.stringify([{ version: 1, text: 'c'.repeat(1001) }]) }, 'a changelog text of 1,001 characters'],
      [{ changelog: JSON.stringify(Array.from({ length: 70 }, (_, i) => ({ version: i + 1, text: 'c'.repeat(900) }))) }, 'a changelog over 60,000 characters'],
    ];
    for (const [over, what] of bad) await refused(t.publish(t.gm, { ...ok, ...over }), what);
    await refused(t.publishRaw(t.gm, { ...ok, publishedAt: Timestamp.fromMillis(0) }), 'a publication time other than the server’s');
    await refused(t.publishRaw(t.gm, ok), 'a pack without its publication time');
    // At the limits: accepted.
    const changelog = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ version: i + 1, text: `"${'c'.repeat(997)}"` })));
    expect(changelog.length).toBeLessThanOrEqual(PUBLISHED_PACK_LIMITS.changelogChars);
    await t.publish(t.gm, { ...ok, name: 'n'.repeat(100), author: 'a'.repeat(100), description: 'd'.repeat(4000), version: 999_999, changelog });
  });

  it('entries: every kind and no other, each a list of JSON objects on one line, none marked game-master-only', async () => {
    const t = await table();
    const f = fieldsOf(0);
    const { features: _, ...sixKinds } = f.entries;
    const bad: [Data, string][] = [
      [{ ...f, entries: sixKinds }, 'entries missing a kind'],
      [{ ...f, entries: { ...f.entries, spells: [] } }, 'entries of a kind that does not exist'],
      [{ ...f, entries: 'all of them' }, 'entries as text'],
      [withEntries({ gear: '{"id":"x"}' }), 'a kind as text, not a list'],
      [withEntries({ gear: [{ id: 'x' }] }), 'an entry as a map, not JSON text'],
      [withEntries({ gear: [7] }), 'an entry as a number'],
      [withEntries({ features: ['{"id":"a",\n"name":"A"}'] }), 'an entry with a line break'],
      [withEntries({ features: ['["not","an","object"]'] }), 'an entry that is not an object'],
      [withEntries({ features: ['{"id":"secret","gmOnly":true}'] }), 'an entry marked game-master-only'],
      [withEntries({ creatures: ['{"id":"lurker","name":"Lurker","gmOnly":false}'] }), 'an entry carrying the mark at all'],
    ];
    for (const [data, what] of bad) await refused(t.publish(t.gm, data), what);
    // The mark's words inside a text are only text: accepted.
    await t.publish(t.gm, withEntries({ features: [JSON.stringify({ id: 'note', text: 'a "gmOnly":true note, {"gmOnly":1}' })] }));
  });

  it('oversize packs are refused: over 300 entries in a kind or in all, over 20,000 characters an entry, over 800,000 in all', async () => {
    const t = await table();
    await refused(t.publish(t.gm, withEntries({ features: texts(301, 100) })), '301 features');
    await refused(t.publish(t.gm, withEntries({ features: texts(200, 100), gear: texts(101, 100) })), '301 entries over two kinds');
    await refused(t.publish(t.gm, withEntries({ features: texts(1, 20_001) })), 'one entry of 20,001 characters');
    await refused(t.publish(t.gm, withEntries({ features: texts(150, 2700), gear: texts(150, 2700) })), '810,000 characters of entries');
    await t.publish(t.gm, withEntries({ features: texts(1, 20_000) }));
    await t.publish(t.gm, withEntries({ features: texts(200, 100), gear: texts(100, 100) }), 'three-hundred');
  });

  it('the largest pack the limits allow fits in one Firestore document; a 300-entry pack of real entries is far under it', async () => {
    const t = await table();
    // 800,000 characters of entries, 300 of them, with the longest changelog and fields.
    const changelog = JSON.stringify(Array.from({ length: 59 }, (_, i) => ({ version: i + 1, text: 'c'.repeat(990) })));
    const largest = { ...withEntries({ features: texts(150, 2666), gear: texts(150, 2666) }), name: 'n'.repeat(100), author: 'a'.repeat(100), description: 'd'.repeat(4000), changelog };
    await t.publish(t.gm, largest, 'largest');
    expect(((await getDoc(t.pack(t.p1, 'largest'))).data()?.entries as PackFields['entries']).gear).toHaveLength(150);
    const real = publishedPackOf(packOf(300), 1).pack;
    await t.publish(t.gm, { ...packFields(real) }, 'real');
    // Measured (packBytes counts as Firestore does): 105,981 bytes for 300 real entries.
    expect(packBytes(real)).toBeLessThan(200_000);
  });

  it('the campaign lists at most 20 packs by id, and allows only the official catalogue and packs it lists', async () => {
    const t = await table();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `pack-${i}`);
    await refused(updateDoc(t.campaign(t.gm), { packs: ids(21) }), '21 packs');
    await refused(updateDoc(t.campaign(t.gm), { packs: ['a/b'] }), 'a pack id with a slash');
    await refused(updateDoc(t.campaign(t.gm), { packs: 'pack-0' }), 'packs as text');
    await updateDoc(t.campaign(t.gm), { packs: ids(20) });
    await refused(updateDoc(t.campaign(t.gm), { allowedSources: ['official', 'elsewhere'] }), 'allowing a pack the campaign does not list');
    await refused(updateDoc(t.campaign(t.gm), { allowedSources: 'official' }), 'allowed sources as text');
    await updateDoc(t.campaign(t.gm), { allowedSources: ['official', 'pack-3'] });
    await refused(updateDoc(t.campaign(t.gm), { packs: ids(3) }), 'dropping a pack the campaign still allows');
    await updateDoc(t.campaign(t.gm), { allowedSources: ['pack-3'] });
    expect((await getDoc(t.campaign(t.p1))).data()?.allowedSources).toEqual(['pack-3']);
  });
});
