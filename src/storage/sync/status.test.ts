/**
 * "Synced" is said only of a revision the cloud acknowledged: the status
 * sync publishes while a save of this tab is on its way to the queue, with
 * the cloud never answering (the flush does nothing).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { weaponDoc } from '../cloud.suite';
import { createMemoryRepository } from '../memory';
import { SyncStore } from '../syncStore';
import { $syncStates, $syncStatus, syncLabel } from '../syncStatus';
import { SyncContext, type CloudSide } from './context';
import { ChangeQueue } from './queue';
import { clearStatus, publishStatus } from './status';

let n = 0;

/** This device's repository, its sync store and the change queue wired as the engine wires them; the cloud never acknowledges. */
async function wired() {
  const local = createMemoryRepository();
  const cloud: CloudSide = Object.assign(createMemoryRepository(), { deleteAll: async () => 0 });
  const store = await SyncStore.open('u', `status-${++n}`);
  const ctx = new SyncContext({ local, cloud, store, now: Date.now, newId: () => `c${++n}`, timeoutMs: 1_000 });
  const refresh = () => publishStatus(store, { offline: () => false, changedHere: ctx.changedIds() });
  const flushes: number[] = [];
  const queue = new ChangeQueue(ctx, { queued: refresh, flush: async () => void flushes.push(Date.now()) });
  local.subscribe((e) => queue.heard(e));
  return { local, store, ctx, queue, refresh, flushes };
}

describe('the sync status says "Synced" only after the cloud acknowledged the revision', () => {
  it('a save of this tab is waiting from the moment it is heard, not once its queue entry is written', async () => {
    clearStatus();
    const { local, store, queue, refresh } = await wired();
    const first = await local.save(weaponDoc('s1'), { basedOn: 0 });
    if (!first.ok) throw new Error('the first save failed');
    // The cloud acknowledged revision 1: synced.
    await queue.settled();
    await store.dequeue('s1');
    await store.setMeta({ id: 's1', cloudRevision: 1, localRevision: first.stored.revision });
    await publishStatus(store, { offline: () => false });
    expect(syncLabel($syncStatus.get())).toBe('Synced');

    const seen: string[] = [];
    const stop = $syncStates.listen((states) => void seen.push(states['s1'] ?? 'none'));
    const labels: (string | null)[] = [];
    const stopLabels = $syncStatus.listen((s) => void labels.push(syncLabel(s)));
    await local.save(weaponDoc('s1', { name: 'Renamed' }), { basedOn: first.stored.revision });
    // The save has resolved (the editor now leaves "Saving…"): not synced.
    expect($syncStates.get()['s1']).toBe('waiting');
    expect(syncLabel($syncStatus.get())).not.toBe('Synced');
    // A refresh that read the store before the queue entry was written (a run ending meanwhile) keeps it waiting too.
    await refresh();
    await queue.settled();
    await refresh();
    stop();
    stopLabels();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s === 'waiting'), `states heard: ${seen.join(', ')}`).toBe(true);
    expect(labels).not.toContain('Synced');
    expect(syncLabel($syncStatus.get())).toBe('Syncing…');
  });

  it('once pushed (the queue entry gone, the revisions in step) it is synced', async () => {
    clearStatus();
    const { local, store, ctx, queue, refresh } = await wired();
    const r = await local.save(weaponDoc('s2'), { basedOn: 0 });
    if (!r.ok) throw new Error('the save failed');
    await queue.settled();
    expect($syncStates.get()['s2']).toBe('waiting');
    // What push.ts does on the cloud's answer.
    await store.setMeta({ id: 's2', cloudRevision: 1, localRevision: r.stored.revision });
    await ctx.done('s2');
    await refresh();
    expect($syncStates.get()['s2']).toBe('synced');
    expect(syncLabel($syncStatus.get())).toBe('Synced');
  });
});
