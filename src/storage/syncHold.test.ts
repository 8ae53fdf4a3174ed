/**
 * A document whose cloud sync is held (the game master's encounter in a
 * live fight, syncHold.ts) through the real Firestore emulator: saved and
 * queued on this device at once, pushed only when flushed or released, and
 * nothing lost across a reload while held.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudRepository } from './cloud';
import { weaponDoc } from './cloud.suite';
import { openLocalRepository, type LocalRepository } from './local';
import { $syncStates, SyncEngine } from './sync';
import { flushHeld, holdSync, isHeld, releaseSync } from './syncHold';
import { SyncStore } from './syncStore';
import { useFirestoreEmulator } from './testing/firestore';

const emulator = useFirestoreEmulator();
let last = 0;
const clock = () => (last = Math.max(last + 1, Date.now()));
const user = () => `u-${Math.random().toString(36).slice(2, 10)}`;

async function engineFor(uid: string, local: LocalRepository, storeName: string): Promise<{ engine: SyncEngine; cloud: CloudRepository }> {
  const cloud = new CloudRepository(await emulator.open(uid), uid);
  return { engine: new SyncEngine({ local, cloud, store: await SyncStore.open(uid, storeName), online: () => true, timeoutMs: 45_000 }), cloud };
}

const held: string[] = [];
const hold = (id: string) => {
  held.push(id);
  holdSync(id);
};
afterEach(() => {
  for (const id of held.splice(0)) releaseSync(id);
});

describe('a held document syncs only when flushed or released', () => {
  it('changes while held stay on this device and in the queue; a flush pushes them and keeps holding; a release pushes the rest', async () => {
    emulator.ready();
    const uid = user();
    const name = Math.random().toString(36).slice(2);
    const local = await openLocalRepository({ dbName: `docs-${name}`, channel: null, persist: async () => false, now: clock });
    const { engine, cloud } = await engineFor(uid, local, `sync-${name}`);
    await engine.start();
    await local.save(weaponDoc('h1', { name: 'Round 0' }), { basedOn: 0 });
    await engine.settled();
    expect((await cloud.get('h1'))?.revision).toBe(1);

    hold('h1');
    for (const [i, n] of ['Round 1, turn 1', 'Round 1, turn 2', 'Round 1, turn 3'].entries()) await local.save(weaponDoc('h1', { name: n }), { basedOn: 1 + i });
    await engine.settled();
    expect((await cloud.get('h1'))?.name).toBe('Round 0');
    expect((await engine.store.queue()).map((q) => q.id)).toEqual(['h1']);
    expect($syncStates.get()['h1']).toBe('waiting');

    // The round ends: the fight as it stands goes, as one push (one revision), and the hold stays.
    flushHeld('h1');
    await engine.settled();
    expect(await cloud.get('h1')).toMatchObject({ name: 'Round 1, turn 3', revision: 2 });
    expect(isHeld('h1')).toBe(true);
    await local.save(weaponDoc('h1', { name: 'Round 2, turn 1' }), { basedOn: 4 });
    await engine.settled();
    expect((await cloud.get('h1'))?.name).toBe('Round 1, turn 3');

    // The fight ends (or the tab hides): released, the last state reaches the cloud and later changes go as usual.
    releaseSync('h1');
    await engine.settled();
    expect((await cloud.get('h1'))?.name).toBe('Round 2, turn 1');
    expect($syncStates.get()['h1']).toBe('synced');
    await local.save(weaponDoc('h1', { name: 'After the fight' }), { basedOn: 5 });
    await engine.settled();
    expect((await cloud.get('h1'))?.name).toBe('After the fight');
    engine.stop();
  });

  it('a reload while held loses nothing: the queue survives, the new page holds again, and the release pushes the last change', async () => {
    emulator.ready();
    const uid = user();
    const name = Math.random().toString(36).slice(2);
    const local = await openLocalRepository({ dbName: `docs-${name}`, channel: null, persist: async () => false, now: clock });
    const first = await engineFor(uid, local, `sync-${name}`);
    await first.engine.start();
    await local.save(weaponDoc('h2', { name: 'Before the fight' }), { basedOn: 0 });
    await first.engine.settled();
    hold('h2');
    await local.save(weaponDoc('h2', { name: 'Mid-fight' }), { basedOn: 1 });
    await first.engine.settled();
    first.engine.stop();
    first.engine.store.close();
    releaseSync('h2'); // the page goes away (no engine hears it)

    // The reloaded page holds the document again before its engine's first run.
    hold('h2');
    const again = await engineFor(uid, local, `sync-${name}`);
    expect((await again.engine.store.queue()).map((q) => q.id)).toEqual(['h2']);
    await again.engine.start();
    await again.engine.settled();
    expect((await again.cloud.get('h2'))?.name).toBe('Before the fight');
    releaseSync('h2');
    await again.engine.settled();
    expect((await again.cloud.get('h2'))?.name).toBe('Mid-fight');
    expect(await again.engine.store.queue()).toEqual([]);
    again.engine.stop();
  });
});
