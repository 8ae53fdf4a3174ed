/**
 * firestore.rules for the player's settings (users/{uid}/settings/encounter)
 * on the real Firestore emulator: each field has a write that is refused
 * beside the well-formed one that passes, and the app's own reader and
 * writer (cloudSettings.ts) round-trip a default party through it.
 */
import { describe, expect, it } from 'vitest';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { MAX_PARTY_JSON, readCloudParty, writeCloudParty, CloudSettingError } from './cloudSettings';
import { refused, useFirestoreEmulator } from './testing/firestore';

const emulator = useFirestoreEmulator();
type Data = Record<string, unknown>;
const ISO = '2026-11-27T22:00:00.000Z';
const PARTY = JSON.stringify([{ id: 'h1', source: { kind: 'quick' }, snapshot: { name: 'Vex', rank: 2 } }]);

async function player() {
  emulator.ready();
  const uid = `player-${Math.random().toString(36).slice(2, 10)}`;
  const db = await emulator.open(uid);
  return { uid, db, ref: (name = 'encounter', who = uid) => doc(db, 'users', who, 'settings', name) };
}

describe('firestore.rules for the player’s settings in the Firestore emulator', () => {
  it('every field is checked: the default party as JSON text of a list up to 100,000 characters, the save time as the app writes it; nothing else', async () => {
    const { ref } = await player();
    const ok = { defaultParty: PARTY, savedAt: ISO };
    const bad: [Data, string][] = [
      [{ defaultParty: 'x'.repeat(10) }, 'a party that is not a list'],
      [{ defaultParty: `[${' '.repeat(MAX_PARTY_JSON - 1)}]` }, 'a party of 100,001 characters'],
      [{ defaultParty: [{ name: 'Vex' }] }, 'a party stored as a Firestore list instead of text'],
      [{ savedAt: '27 November' }, 'a save time not written by toISOString()'],
      [{ savedAt: serverTimestamp() }, 'a save time that is not text'],
      [{ extra: 1 }, 'another field'],
    ];
    for (const [over, what] of bad) await refused(setDoc(ref(), { ...ok, ...over }), what);
    await refused(setDoc(ref(), { savedAt: ISO }), 'a settings document without its party');
    await refused(setDoc(ref(), { defaultParty: PARTY }), 'a settings document without its save time');
    await refused(setDoc(ref('theme'), ok), 'a settings document of another name');
    await setDoc(ref(), { defaultParty: `[${' '.repeat(MAX_PARTY_JSON - 2)}]`, savedAt: ISO });
    await setDoc(ref(), ok);
    expect((await getDoc(ref())).data()).toEqual(ok);
  });

  it('only the player reads, writes or deletes their settings; signed out, nobody does; a deleted account writes no more', async () => {
    const me = await player();
    const other = await player();
    const signedOut = await emulator.open(null);
    const ok = { defaultParty: PARTY, savedAt: ISO };
    await setDoc(me.ref(), ok);
    await refused(getDoc(other.ref('encounter', me.uid)), 'another player reading my settings');
    await refused(setDoc(other.ref('encounter', me.uid), ok), 'another player writing my settings');
    await refused(deleteDoc(other.ref('encounter', me.uid)), 'another player deleting my settings');
    await refused(getDoc(doc(signedOut, 'users', me.uid, 'settings', 'encounter')), 'a signed-out reader');
    await setDoc(doc(me.db, 'tombstones', me.uid), { deletedAt: serverTimestamp() });
    await refused(setDoc(me.ref(), ok), 'a deleted account saving its settings');
    await deleteDoc(me.ref());
  });

  it('the app’s writer and reader keep the party and its time, and refuse a party too large with a sentence', async () => {
    const { db, uid } = await player();
    expect(await readCloudParty(db, uid)).toBeNull();
    await writeCloudParty(db, uid, { json: PARTY, savedAt: ISO });
    expect(await readCloudParty(db, uid)).toEqual({ json: PARTY, savedAt: ISO });
    await expect(writeCloudParty(db, uid, { json: `[${'x'.repeat(MAX_PARTY_JSON)}]`, savedAt: ISO })).rejects.toThrow(CloudSettingError);
    await expect(writeCloudParty(db, uid, { json: `[${'x'.repeat(MAX_PARTY_JSON)}]`, savedAt: ISO })).rejects.toThrow(/too large for your cloud settings .* it is kept on this device/);
  });
});
