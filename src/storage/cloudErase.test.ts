/**
 * eraseCloudDocuments against the real Firestore emulator with
 * firestore.rules: what "Delete my account" removes first (issue 23).
 */
import { describe, expect, it, vi } from 'vitest';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { CloudRepository } from './cloud';
import { weaponDoc } from './cloud.suite';
import { CloudEraseError, eraseAccountDocuments, eraseCloudDocuments, inBatches, keepAccount, liftTombstone, MAX_BATCH_WRITES, newTombstoneKey, raiseTombstone, tombstoneRef, tombstoneStands } from './cloudErase';
import { refused } from './testing/firestore';
import { readCloudParty, writeCloudParty } from './cloudSettings';
import { useFirestoreEmulator } from './testing/firestore';

/**
 * The emulator commits a batch of any size (Firestore refuses more than 500
 * writes), so every real batch is watched on its way: the writes each commit
 * carries are recorded, and the commit itself goes through unchanged.
 */
const commits = vi.hoisted(() => [] as number[]);
vi.mock('firebase/firestore', async (original) => {
  const real = await original<typeof import('firebase/firestore')>();
  return {
    ...real,
    writeBatch(db: Firestore) {
      const batch = real.writeBatch(db);
      const commit = batch.commit.bind(batch);
      let writes = 0;
      const count = <A extends unknown[]>(fn: (...a: A) => unknown) => (...a: A) => (writes++, fn.apply(batch, a), batch);
      return Object.assign(batch, {
        set: count(batch.set),
        update: count(batch.update),
        delete: count(batch.delete),
        commit: () => (commits.push(writes), commit()),
      });
    },
  };
});

const emulator = useFirestoreEmulator();
const someone = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;

/** Saves `names` as documents of `uid`, each with `saves` versions (every save starts a new one). */
async function seed(db: Firestore, uid: string, names: string[], saves = 2): Promise<void> {
  const repo = new CloudRepository(db, uid);
  for (const id of names) {
    for (let revision = 0; revision < saves; revision++) {
      const r = await repo.save(weaponDoc(id, { name: `${id} ${revision}` }), { basedOn: revision, newVersion: true });
      if (!r.ok) throw new Error(`seeding ${id} hit a conflict`);
    }
  }
}

/** Adds `n` more versions to a document, written past the rules (one commit may make only one version), in batches of 500. */
async function addVersions(db: Firestore, uid: string, id: string, n: number): Promise<void> {
  const json = JSON.stringify(weaponDoc(id));
  for (const run of inBatches([...Array(n).keys()], MAX_BATCH_WRITES)) {
    const batch = writeBatch(db);
    for (const i of run) {
      const vid = `bulk-${i}`;
      batch.set(doc(db, 'users', uid, 'documents', id, 'versions', vid), { id: vid, documentId: id, revision: 1, savedAt: new Date(i).toISOString(), summary: '', json });
    }
    await batch.commit();
  }
}

/** What a fresh client finds under users/{uid}: documents, and versions of the given document ids. */
async function leftOver(db: Firestore, uid: string, ids: string[]): Promise<{ documents: number; versions: number }> {
  const documents = (await getDocs(collection(db, 'users', uid, 'documents'))).size;
  let versions = 0;
  for (const id of ids) versions += (await getDocs(collection(db, 'users', uid, 'documents', id, 'versions'))).size;
  return { documents, versions };
}

describe('inBatches', () => {
  it('splits in order into runs of at most the size', () => {
    expect(inBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inBatches([], 500)).toEqual([]);
  });
});

describe('eraseCloudDocuments in the Firestore emulator', () => {
  it('deletes every document and version of the user, in batches of at most 500, and nothing of anyone else', async () => {
    emulator.ready();
    const alice = someone('alice');
    const bob = someone('bob');
    const asAlice = await emulator.open(alice);
    await seed(asAlice, alice, ['w1', 'w2', 'w3']);
    // 2 + 600 versions for w1: more than one batch can hold.
    await addVersions(await emulator.openAsOwner(), alice, 'w1', 600);
    await seed(await emulator.open(bob), bob, ['keep']);
    expect(await leftOver(asAlice, alice, ['w1', 'w2', 'w3'])).toEqual({ documents: 3, versions: 606 });

    commits.length = 0;
    expect(await eraseCloudDocuments(asAlice, alice)).toEqual({ documents: 3, versions: 606 });
    expect(commits).toEqual([500, 109]);

    // A client that never saw alice's data finds nothing under users/{alice}.
    expect(await leftOver(await emulator.open(alice), alice, ['w1', 'w2', 'w3'])).toEqual({ documents: 0, versions: 0 });
    expect(await leftOver(await emulator.open(bob), bob, ['keep'])).toEqual({ documents: 1, versions: 2 });
  });

  it('gets the same result in small batches', async () => {
    emulator.ready();
    const carol = someone('carol');
    const db = await emulator.open(carol);
    await seed(db, carol, ['a', 'b'], 3);
    commits.length = 0;
    expect(await eraseCloudDocuments(db, carol, { batchSize: 2 })).toEqual({ documents: 2, versions: 6 });
    expect(commits).toEqual([2, 2, 2, 2]);
    expect(await leftOver(db, carol, ['a', 'b'])).toEqual({ documents: 0, versions: 0 });
  });

  it('takes the player’s settings (the default party) with the documents', async () => {
    emulator.ready();
    const erin = someone('erin');
    const db = await emulator.open(erin);
    await seed(db, erin, ['a'], 1);
    await writeCloudParty(db, erin, { json: '[]', savedAt: '2026-11-27T22:00:00.000Z' });
    expect(await eraseCloudDocuments(db, erin)).toEqual({ documents: 1, versions: 1 });
    expect(await readCloudParty(await emulator.open(erin), erin)).toBeNull();
  });

  it('reports nothing for a user with no cloud documents', async () => {
    emulator.ready();
    const dave = someone('dave');
    expect(await eraseCloudDocuments(await emulator.open(dave), dave)).toEqual({ documents: 0, versions: 0 });
  });

  it('cannot erase another user’s documents: the rules refuse and everything stays', async () => {
    emulator.ready();
    const erin = someone('erin');
    const mallory = someone('mallory');
    await seed(await emulator.open(erin), erin, ['mine']);
    await expect(eraseCloudDocuments(await emulator.open(mallory), erin)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await leftOver(await emulator.open(erin), erin, ['mine'])).toEqual({ documents: 1, versions: 2 });
  });

  it('deleting an account: once its cloud is erased, another device still signed in can save nothing back', async () => {
    emulator.ready();
    const gina = someone('gina');
    const [deleting, other] = [await emulator.open(gina), await emulator.open(gina)];
    await seed(deleting, gina, ['kept-elsewhere']);
    expect(await eraseAccountDocuments(deleting, gina)).toEqual({ documents: 1, versions: 2, campaigns: { deleted: 0, left: 0 } });
    const late = await new CloudRepository(other, gina).save(weaponDoc('late'), { basedOn: 0 }).then(
      () => 'saved',
      (e: { code?: string }) => e.code,
    );
    expect(late).toBe('permission-denied');
    expect(await leftOver(deleting, gina, ['late'])).toEqual({ documents: 0, versions: 0 });
    // The person kept their account after all (Firebase wanted a fresh sign-in and they stopped): saving works again.
    await keepAccount(deleting, gina);
    expect((await new CloudRepository(other, gina).save(weaponDoc('back'), { basedOn: 0 })).ok).toBe(true);
  });

  it('an account erase that fails takes its tombstone down again, so the account that stays can save', async () => {
    emulator.ready();
    const hal = someone('hal');
    const db = await emulator.open(hal);
    await seed(db, hal, ['a']);
    await expect(eraseAccountDocuments(db, hal, { batchSize: 501 })).rejects.toThrow(/batchSize/);
    const mallory = await emulator.open(someone('mallory'));
    await expect(eraseAccountDocuments(mallory, hal)).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await new CloudRepository(db, hal).save(weaponDoc('b'), { basedOn: 0 })).ok).toBe(true);
  });

  it('a token from before the deletion never lifts the tombstone nor writes again; the deleting device’s key and a later sign-in do', async () => {
    emulator.ready();
    const ivy = someone('ivy');
    // Signed in an hour ago: the deleting device, and another device of the same sign-in age (a token taken before the deletion).
    const signedIn = Math.floor(Date.now() / 1000) - 3600;
    const [deleting, stale] = [await emulator.open(ivy, { auth_time: signedIn }), await emulator.open(ivy, { auth_time: signedIn })];
    await seed(deleting, ivy, ['doc']);
    await eraseAccountDocuments(deleting, ivy);
    const t = (await getDoc(tombstoneRef(stale, ivy))).data()!;
    expect(t.lock).toMatch(/^[0-9a-f]{64}$/);
    // The stale token: no delete, no re-dating, no lock of its own, no key it could guess, no write of any kind.
    await refused(deleteDoc(tombstoneRef(stale, ivy)), 'a token from before the deletion taking the tombstone down');
    await refused(setDoc(tombstoneRef(stale, ivy), { deletedAt: serverTimestamp() }), 'a token from before the deletion re-dating the tombstone without a lock');
    const mine = await newTombstoneKey();
    await refused(setDoc(tombstoneRef(stale, ivy), { deletedAt: serverTimestamp(), lock: mine.lock }), 'a token from before the deletion putting its own lock on');
    await refused(updateDoc(tombstoneRef(stale, ivy), { key: mine.key }), 'a wrong key');
    await refused(updateDoc(tombstoneRef(stale, ivy), { key: 'x'.repeat(101) }), 'a key past 100 characters');
    expect(await new CloudRepository(stale, ivy).save(weaponDoc('late'), { basedOn: 0 }).then(() => 'saved', (e: { code?: string }) => e.code)).toBe('permission-denied');
    await refused(setDoc(doc(stale, 'users', ivy, 'settings', 'encounter'), { defaultParty: '[]', savedAt: new Date().toISOString() }), 'settings saved by a token from before the deletion');
    await refused(setDoc(doc(stale, 'campaigns', someone('camp')), { name: 'Back door', notes: '', gm: ivy, createdAt: serverTimestamp() }), 'a campaign started by a token from before the deletion');
    // A sign-in within the deletion's own second still counts as before it.
    const deletedS = Math.floor((t.deletedAt as { toMillis(): number }).toMillis() / 1000);
    await refused(deleteDoc(tombstoneRef(await emulator.open(ivy, { auth_time: deletedS }), ivy)), 'a sign-in in the same second as the deletion');
    // A sign-in made after the tombstone (the account still stood: Firebase wanted a fresh sign-in) lifts it; writes go through again.
    const fresh = await emulator.open(ivy, { auth_time: deletedS + 1 });
    await deleteDoc(tombstoneRef(fresh, ivy));
    expect((await new CloudRepository(fresh, ivy).save(weaponDoc('back'), { basedOn: 0 })).ok).toBe(true);
  });

  it('another device of the account, refused a write, learns from the server that the tombstone stands; not once the deletion is undone', async () => {
    emulator.ready();
    const kim = someone('kim');
    const [deleting, other] = [await emulator.open(kim), await emulator.open(kim)];
    expect(await tombstoneStands(other, kim)).toBe(false);
    await raiseTombstone(deleting, kim);
    expect(await new CloudRepository(other, kim).save(weaponDoc('late'), { basedOn: 0 }).then(() => 'saved', (e: { code?: string }) => e.code)).toBe('permission-denied');
    expect(await tombstoneStands(other, kim)).toBe(true);
    await liftTombstone(deleting, kim);
    expect(await tombstoneStands(other, kim)).toBe(false);
  });

  it('the deleting device lifts its own tombstone with its key (kept in memory); after a reload it cannot, and says to sign in again', async () => {
    emulator.ready();
    const jo = someone('jo');
    const db = await emulator.open(jo);
    await raiseTombstone(db, jo);
    await refused(deleteDoc(tombstoneRef(db, jo)), 'the same old sign-in without the key');
    await liftTombstone(db, jo);
    expect((await getDoc(tombstoneRef(db, jo))).exists()).toBe(false);
    await liftTombstone(db, jo); // none left: harmless
    // A tombstone whose key this page never had (a reload since the deletion began).
    await setDoc(tombstoneRef(db, jo), { deletedAt: serverTimestamp(), lock: (await newTombstoneKey()).lock });
    await expect(keepAccount(db, jo)).rejects.toThrow(/sign out, sign in again/);
  });

  it('refuses a missing user id or a batch size Firestore would refuse, with a sentence naming it', async () => {
    emulator.ready();
    const db = await emulator.open('frank');
    await expect(eraseCloudDocuments(db, '')).rejects.toThrow(CloudEraseError);
    await expect(eraseCloudDocuments(db, 'a/b')).rejects.toThrow(/uid must be a user id .* not "a\/b"/);
    await expect(eraseCloudDocuments(db, 'frank', { batchSize: 501 })).rejects.toThrow(/batchSize must be a whole number from 1 to 500, not 501/);
  });
});
