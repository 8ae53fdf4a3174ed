/**
 * What sync tells the pages (the atoms of ../syncStatus.ts): each
 * document's state and the status, recomputed from the sync store.
 */
import { $copyOffer, $syncConflicts, $syncStates, $syncStatus, type SyncPhase } from '../syncStatus';
import type { SyncStore } from '../syncStore';
import type { SyncState } from '../types';

/**
 * The per-document states and the status from the store; `offline` is asked
 * once the store has answered; `message`: why the last run stopped;
 * `changedHere`: ids saved here whose queue entry may not be written yet
 * (they wait too: "Synced" is said only of what the cloud acknowledged).
 */
export async function publishStatus(store: SyncStore, s: { offline: () => boolean; message?: string | undefined; changedHere?: readonly string[] }): Promise<void> {
  const [queue, meta, conflicts, paused] = await Promise.all([store.queue(), store.allMeta(), store.conflicts(), store.setting<boolean>('paused')]);
  const states: Record<string, SyncState> = {};
  for (const m of meta) states[m.id] = 'synced';
  const waiting = new Set([...queue.map((q) => q.id), ...(s.changedHere ?? [])]);
  for (const id of waiting) states[id] = 'waiting';
  for (const c of conflicts) states[c.id] = states[c.copyId] = 'conflict';
  $syncStates.set(states);
  $syncConflicts.set(conflicts);
  const phase = phaseOf({ paused: !!paused, message: s.message, conflicts: conflicts.length, waiting: waiting.size, offline: s.offline() });
  $syncStatus.set({ phase, waiting: waiting.size, conflicts: conflicts.length, ...(s.message ? { message: s.message } : {}) });
}

/**
 * A save of this tab, heard a moment ago: it waits from now on, before its
 * queue entry is written (an IndexedDB round trip later), so the editor
 * never says "Synced" of a revision the cloud has not acknowledged.
 */
export function markWaiting(id: string): void {
  const status = $syncStatus.get();
  const states = $syncStates.get();
  if (status.phase === 'off' || states[id] === 'waiting' || states[id] === 'conflict') return;
  $syncStates.set({ ...states, [id]: 'waiting' });
  $syncStatus.set({ ...status, waiting: status.waiting + 1, ...(status.phase === 'synced' ? { phase: 'syncing' } : {}) });
}

/** A run started: the status says so until it ends. */
export function publishSyncing(): void {
  $syncStatus.set({ ...$syncStatus.get(), phase: 'syncing' });
}

/** Sync stopped (signed out): nothing to say. */
export function clearStatus(): void {
  $syncStatus.set({ phase: 'off', waiting: 0, conflicts: 0 });
  $syncStates.set({});
  $syncConflicts.set([]);
  $copyOffer.set(null);
}

/** The status's phase: paused, then an error, conflicts, work waiting (offline or syncing), and all synced. */
export function phaseOf(s: { paused: boolean; message?: string | undefined; conflicts: number; waiting: number; offline: boolean }): SyncPhase {
  if (s.paused) return 'paused';
  if (s.message) return 'error';
  if (s.conflicts) return 'conflict';
  if (s.offline) return 'offline';
  return s.waiting ? 'syncing' : 'synced';
}
