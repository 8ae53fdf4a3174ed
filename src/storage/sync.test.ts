/**
 * Sync between two "devices" (two IndexedDB repositories, fake-indexeddb)
 * through the real Firestore emulator, for one user.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CloudRepository } from './cloud';
import { weaponDoc } from './cloud.suite';
import { openLocalRepository, type LocalRepository } from './local';
import { $copyOffer, $syncConflicts, $syncStates, $syncStatus, SyncEngine, syncLabel } from './sync';
import { SyncStore } from './syncStore';
import { useFirestoreEmulator } from './testing/firestore';
import { raiseTombstone, tombstoneStands } from './cloudErase';

const emulator = useFirestoreEmulator();
let n = 0;
/** The devices' clock: real time, but never the same moment twice, so of two saves the later is newer (R3) without waiting. */
let last = 0;
const clock = () => (last = Math.max(last + 1, Date.now()));

interface Device {
  local: LocalRepository;
  cloud: CloudRepository;
  engine: SyncEngine;
  net: { online: boolean };
  storeName: string;
}

async function device(uid: string, local?: LocalRepository, explainRefusal?: () => Promise<string | null>): Promise<Device> {
  const name = `d${++n}-${Math.random().toString(36).slice(2)}`;
  const net = { online: true };
  const l = local ?? (await openLocalRepository({ dbName: `docs-${name}`, channel: null, persist: async () => false, now: clock }));
  const cloud = new CloudRepository(await emulator.open(uid), uid);
  const storeName = `sync-${name}`;
  const engine = new SyncEngine({ local: l, cloud, store: await SyncStore.open(uid, storeName), online: () => net.online, timeoutMs: 45_000, explainRefusal });
  return { local: l, cloud, engine, net, storeName };
}

const user = () => `u-${Math.random().toString(36).slice(2, 10)}`;

/** Each device's engine through everything it heard: saves queued, their scheduled run finished. */
async function settle(...devices: Device[]): Promise<void> {
  await Promise.all(devices.map((d) => d.engine.settled()));
}

// The machine may be busy: the emulator's first answers can take seconds.
describe('cloud sync through the Firestore emulator', () => {
  it('a save on one device reaches the cloud and another device; both say Synced', async () => {
    emulator.ready();
    const uid = user();
    const a = await device(uid);
    const b = await device(uid);
    await a.engine.start();
    const r = await a.local.save(weaponDoc('s1', { name: 'Needle rifle' }), { basedOn: 0 });
    expect(r.ok).toBe(true);
    await settle(a);
    expect((await a.cloud.get('s1'))?.name).toBe('Needle rifle');
    expect($syncStates.get()['s1']).toBe('synced');
    a.engine.stop();
    await b.engine.start();
    expect((await b.local.get('s1'))?.name).toBe('Needle rifle');
    expect(syncLabel($syncStatus.get())).toBe('Synced');
    b.engine.stop();
  });

  it('a refused push says why when the account is being deleted on another device, instead of the refusal’s general sentence', async () => {
    emulator.ready();
    const uid = user();
    const deleting = await emulator.open(uid);
    const asked: string[] = [];
    const b = await device(uid, undefined, async () => {
      asked.push('why');
      return (await tombstoneStands(deleting, uid)) ? 'Your account is being deleted on another device.' : null;
    });
    await b.engine.start();
    await raiseTombstone(deleting, uid);
    await b.local.save(weaponDoc('s-late', { name: 'Edited after the deletion began' }), { basedOn: 0 });
    await settle(b);
    expect(asked.length).toBeGreaterThan(0);
    expect($syncStatus.get()).toMatchObject({ phase: 'error', message: 'Your account is being deleted on another device.' });
    expect(syncLabel($syncStatus.get())).toBe('Not synced');
    // The document stays on this device, waiting.
    expect((await b.local.get('s-late'))?.name).toBe('Edited after the deletion began');
    expect($syncStates.get()['s-late']).toBe('waiting');
    b.engine.stop();
  });

  it('offline: the change waits in a queue that survives a reload, then syncs when back online', async () => {
    emulator.ready();
    const uid = user();
    const a = await device(uid);
    await a.engine.start();
    a.net.online = false;
    await a.local.save(weaponDoc('s2', { name: 'Offline edit' }), { basedOn: 0 });
    await settle(a);
    expect($syncStatus.get()).toMatchObject({ phase: 'offline', waiting: 1 });
    expect(syncLabel($syncStatus.get())).toBe('Offline — will sync');
    expect($syncStates.get()['s2']).toBe('waiting');
    expect(await a.cloud.get('s2')).toBeUndefined();
    a.engine.stop();
    a.engine.store.close();
    // "Reload": a new engine over the same databases finds the queue and pushes it.
    const reopened = new SyncEngine({ local: a.local, cloud: new CloudRepository(await emulator.open(uid), uid), store: await SyncStore.open(uid, a.storeName), online: () => true });
    expect((await reopened.store.queue()).map((q) => q.id)).toEqual(['s2']);
    await reopened.start();
    await reopened.idle();
    expect((await a.cloud.get('s2'))?.name).toBe('Offline edit');
    expect($syncStatus.get()).toMatchObject({ phase: 'synced', waiting: 0 });
    reopened.stop();
  });

  it('the same document changed on two devices: both kept, the older as a conflict copy, and listed', async () => {
    emulator.ready();
    const uid = user();
    const a = await device(uid);
    const b = await device(uid);
    await a.engine.start();
    await a.local.save(weaponDoc('s3', { name: 'Shared gun' }), { basedOn: 0 });
    await settle(a);
    await b.engine.start();
    await settle(b);
    const onB = await b.local.get('s3');
    expect(onB?.name).toBe('Shared gun');
    // Both go offline and edit; A's edit is the older one.
    a.net.online = b.net.online = false;
    const baseA = (await a.local.get('s3'))!.revision;
    await a.local.save(weaponDoc('s3', { name: 'Edited on A' }), { basedOn: baseA });
    await b.local.save(weaponDoc('s3', { name: 'Edited on B' }), { basedOn: onB!.revision });
    await settle(a, b);
    a.net.online = true;
    await a.engine.syncNow();
    expect((await a.cloud.get('s3'))?.name).toBe('Edited on A');
    // One engine per page publishes the stores; device A rests while B is looked at.
    a.engine.stop();
    b.net.online = true;
    await b.engine.syncNow();
    await settle(b);
    // B's edit is newer: it keeps the id; A's becomes the copy, on B and in the cloud.
    const live = await b.local.list({ sort: 'name' });
    expect(live.map((d) => d.name)).toEqual(['Edited on A (conflict copy, ' + live[0]!.name.slice(-17), 'Edited on B']);
    expect(live[0]!.name).toMatch(/^Edited on A \(conflict copy, \d{4}-\d\d-\d\d \d\d:\d\d\)$/);
    const cloudNames = (await b.cloud.list({ sort: 'name' })).map((d) => d.name);
    expect(cloudNames).toEqual(live.map((d) => d.name));
    expect($syncConflicts.get()).toHaveLength(1);
    expect($syncStatus.get().phase).toBe('conflict');
    expect($syncStates.get()['s3']).toBe('conflict');
    // The user keeps the original: the copy goes to the trash (locally and in the cloud).
    await b.engine.resolve('s3', 'original');
    await settle(b);
    expect((await b.local.list()).map((d) => d.name)).toEqual(['Edited on B']);
    expect((await b.cloud.list()).map((d) => d.name)).toEqual(['Edited on B']);
    expect($syncStatus.get().phase).toBe('synced');
    b.engine.stop();
    // A pulls: it gets B's content under the id and the copy in its trash; nothing of A's edit is lost.
    const again = new SyncEngine({ local: a.local, cloud: new CloudRepository(await emulator.open(uid), uid), store: a.engine.store, online: () => true });
    await again.start();
    expect((await a.local.get('s3'))?.name).toBe('Edited on B');
    expect((await a.local.list({ trash: true })).map((d) => d.name)[0]).toMatch(/^Edited on A \(conflict copy/);
    again.stop();
  });

  it('signing in with documents on this device offers to copy them; accepting puts them in the account', async () => {
    emulator.ready();
    const uid = user();
    const local = await openLocalRepository({ dbName: `docs-pre-${uid}`, channel: null, persist: async () => false });
    await local.save(weaponDoc('p1', { name: 'Before sign-in 1' }), { basedOn: 0 });
    await local.save(weaponDoc('p2', { name: 'Before sign-in 2' }), { basedOn: 0 });
    const a = await device(uid, local);
    await a.engine.start();
    expect($copyOffer.get()).toEqual({ count: 2 });
    expect($syncStates.get()['p1']).toBeUndefined();
    expect(await a.cloud.list()).toHaveLength(0);
    expect(await a.engine.copyIntoAccount()).toBe(2);
    expect((await a.cloud.list({ sort: 'name' })).map((d) => d.name)).toEqual(['Before sign-in 1', 'Before sign-in 2']);
    expect($copyOffer.get()).toBeNull();
    expect($syncStates.get()).toMatchObject({ p1: 'synced', p2: 'synced' });
    a.engine.stop();
  });

  it('a sync run right after this device’s own pushes keeps them synced (the cloud list may lag behind its commits)', async () => {
    emulator.ready();
    const uid = user();
    const local = await openLocalRepository({ dbName: `docs-lag-${uid}`, channel: null, persist: async () => false });
    for (let i = 1; i <= 3; i++) await local.save(weaponDoc(`lag${i}`, { name: `Lagging ${i}` }), { basedOn: 0 });
    const cloud = new CloudRepository(await emulator.open(uid), uid);
    // In the browser, Firestore answers a list from the collection it already
    // watches, and that view takes in this client's transaction commits only
    // when the watch stream delivers them: a list right after a push can miss
    // it. Model that lag exactly: the first list after a save does not show it.
    const unseen = new Set<string>();
    const lagging = Object.assign(Object.create(cloud) as CloudRepository, {
      save: async (...args: Parameters<CloudRepository['save']>) => {
        const r = await cloud.save(...args);
        if (r.ok) unseen.add(r.stored.id);
        return r;
      },
      list: async (...args: Parameters<CloudRepository['list']>) => {
        const all = await cloud.list(...args);
        const shown = all.filter((d) => !unseen.has(d.id));
        unseen.clear();
        return shown;
      },
    });
    const engine = new SyncEngine({ local, cloud: lagging, store: await SyncStore.open(uid, `sync-lag-${uid}`), online: () => true, timeoutMs: 45_000 });
    await engine.start();
    expect($copyOffer.get()).toEqual({ count: 3 });
    // The copy's run pushes all three; the next run lists the cloud before the view caught up.
    await engine.copyIntoAccount();
    await engine.syncNow();
    expect($syncStates.get()).toMatchObject({ lag1: 'synced', lag2: 'synced', lag3: 'synced' });
    // And the sync link survives for good: a change here is pushed on top of the cloud's revision.
    await engine.syncNow();
    const l = await local.get('lag2');
    await local.save({ ...l!.document, name: 'Lagging 2, edited' }, { basedOn: l!.revision });
    await engine.syncNow();
    expect((await cloud.get('lag2'))?.name).toBe('Lagging 2, edited');
    expect($syncStates.get()['lag2']).toBe('synced');
    engine.stop();
  });

  it('trash travels both ways; delete my cloud data empties the cloud and keeps this device’s documents', async () => {
    emulator.ready();
    const uid = user();
    const a = await device(uid);
    const b = await device(uid);
    await a.engine.start();
    await a.local.save(weaponDoc('t1', { name: 'Trash me' }), { basedOn: 0 });
    await a.local.save(weaponDoc('t2', { name: 'Keep me' }), { basedOn: 0 });
    await settle(a);
    await a.local.delete('t1');
    await settle(a);
    expect((await a.cloud.list({ trash: true })).map((d) => d.id)).toEqual(['t1']);
    a.engine.stop();
    await b.engine.start();
    expect((await b.local.list({ trash: true })).map((d) => d.id)).toEqual(['t1']);
    expect((await b.local.list()).map((d) => d.id)).toEqual(['t2']);
    expect(await b.engine.deleteCloudData()).toBe(2);
    expect(await b.cloud.list()).toHaveLength(0);
    expect((await b.local.list()).map((d) => d.id)).toEqual(['t2']);
    expect($syncStatus.get().phase).toBe('paused');
    expect($syncStates.get()).toEqual({});
    // Paused: an edit stays on the device.
    await b.local.save(weaponDoc('t3'), { basedOn: 0 });
    await settle(b);
    expect(await b.cloud.list()).toHaveLength(0);
    b.engine.stop();
  });
});
