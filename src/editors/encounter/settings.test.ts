/**
 * The default party on two devices and one cloud (the real Firestore
 * emulator with firestore.rules): the newest copy wins, the device copy
 * answers offline, and a copy kept before times were still reads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteDoc, doc } from 'firebase/firestore';
import { readCloudParty, writeCloudParty } from '../../storage/cloudSettings';
import { useFirestoreEmulator } from '../../storage/testing/firestore';
import { webStorage } from '../../storage/testing/webStorage';
import type { EncounterHero } from './rules';
import { newestParty, parseSavedParty, readDefaultParty, readSavedParty, saveDefaultParty, syncDefaultParty, type PartyCloud } from './settings';

const emulator = useFirestoreEmulator();
const hero = (name: string): EncounterHero => ({ id: 'h1', source: { kind: 'quick' }, snapshot: { name, rank: 2, reflex: 3, logic: 2, guard: 2, health: 10, protection: 1, strainCapacity: 4, initiative: 5, attacks: [] } });
const T1 = '2026-11-27T20:00:00.000Z';
const T2 = '2026-11-27T21:00:00.000Z';

/** One device: its own localStorage. */
function device() {
  const storage = webStorage();
  return { storage, use: () => vi.stubGlobal('localStorage', storage) };
}

async function cloudOf(uid: string): Promise<PartyCloud> {
  emulator.ready();
  const db = await emulator.open(uid);
  // A write waits for the backend where a first read on a busy machine calls the client offline after 10 s.
  await deleteDoc(doc(db, 'users', uid, 'settings', 'encounter'));
  return { read: () => readCloudParty(db, uid), write: (s) => writeCloudParty(db, uid, s) };
}

afterEach(() => vi.unstubAllGlobals());

describe('which default party wins', () => {
  it('the one saved last; a tie keeps this device’s and writes nothing', () => {
    const old = { party: [hero('Old')], savedAt: T1 };
    const fresh = { party: [hero('New')], savedAt: T2 };
    expect(newestParty(old, fresh)).toEqual({ winner: fresh, device: true, cloud: false });
    expect(newestParty(fresh, old)).toEqual({ winner: fresh, device: false, cloud: true });
    expect(newestParty(fresh, { ...fresh })).toEqual({ winner: fresh, device: false, cloud: false });
    expect(newestParty(null, fresh)).toEqual({ winner: fresh, device: true, cloud: false });
    expect(newestParty(old, null)).toEqual({ winner: old, device: false, cloud: true });
    expect(newestParty(null, null)).toEqual({ winner: null, device: false, cloud: false });
  });

  it('reads a device copy kept before times were (older than any), and drops what is not a hero', () => {
    expect(parseSavedParty(JSON.stringify([hero('Vex'), { id: 3 }, null]))).toEqual({ party: [hero('Vex')], savedAt: '' });
    expect(parseSavedParty('{broken')).toBeNull();
    expect(parseSavedParty(JSON.stringify({ party: [hero('Vex')], savedAt: T1 }))).toEqual({ party: [hero('Vex')], savedAt: T1 });
  });
});

describe('the default party follows the player to another device', () => {
  it('a party saved on one device reaches the other; the newer save wins both ways; offline the device copy answers', async () => {
    const uid = `gm-${Math.random().toString(36).slice(2, 10)}`;
    const cloud = await cloudOf(uid);
    const laptop = device();
    const phone = device();

    laptop.use();
    saveDefaultParty([hero('Vex')], T1);
    await syncDefaultParty(cloud);
    expect(await cloud.read()).toEqual({ json: JSON.stringify([hero('Vex')]), savedAt: T1 });

    phone.use();
    expect(readDefaultParty()).toEqual([]);
    await syncDefaultParty(cloud);
    expect(readDefaultParty()).toEqual([hero('Vex')]);

    // The phone saves a newer party; the laptop, opened later, takes it.
    saveDefaultParty([hero('Rook')], T2);
    await syncDefaultParty(cloud);
    laptop.use();
    await syncDefaultParty(cloud);
    expect(readSavedParty()).toEqual({ party: [hero('Rook')], savedAt: T2 });

    // Offline, the device copy is the answer and nothing is lost.
    const offline: PartyCloud = { read: () => Promise.reject(Object.assign(new Error('offline'), { code: 'unavailable' })), write: () => Promise.reject(new Error('offline')) };
    await expect(syncDefaultParty(offline)).rejects.toThrow();
    expect(readDefaultParty()).toEqual([hero('Rook')]);
  });

  it('a device copy from before times were goes up when the cloud has none, stamped then', async () => {
    const uid = `gm-${Math.random().toString(36).slice(2, 10)}`;
    const cloud = await cloudOf(uid);
    device().use();
    localStorage.setItem('nucleus:encounter:default-party', JSON.stringify([hero('Vex')]));
    await syncDefaultParty(cloud, T1);
    expect(await cloud.read()).toEqual({ json: JSON.stringify([hero('Vex')]), savedAt: T1 });
  });
});
