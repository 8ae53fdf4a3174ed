/**
 * What cloud sync tells the pages, as nanostores atoms: the editors' save
 * indicator and the library read these without loading the sync engine
 * (sync.ts, whose sync/status.ts writes them, loads only once someone is
 * signed in).
 */
import { atom } from 'nanostores';
import type { ConflictRecord } from './syncStore';
import type { SyncState } from './types';

export type SyncPhase = 'off' | 'unavailable' | 'syncing' | 'synced' | 'offline' | 'conflict' | 'paused' | 'error';

export interface SyncStatus {
  phase: SyncPhase;
  /** Documents changed here and not yet in the cloud. */
  waiting: number;
  conflicts: number;
  /** A sentence for 'unavailable' and 'error'. */
  message?: string;
}

/** The sync status the editors' save indicator and the library read. */
export const $syncStatus = atom<SyncStatus>({ phase: 'off', waiting: 0, conflicts: 0 });
/** Sync state of each document on this device, by id (signed in only). */
export const $syncStates = atom<Record<string, SyncState>>({});
/** Conflicts kept both ways, waiting for the user's choice. */
export const $syncConflicts = atom<ConflictRecord[]>([]);
/** "Copy this device's documents into your account?" (count), or null. */
export const $copyOffer = atom<{ count: number } | null>(null);

/** Short words for a save indicator; null when there is nothing to say. */
export function syncLabel(status: SyncStatus): string | null {
  switch (status.phase) {
    case 'synced':
      return 'Synced';
    case 'syncing':
      return 'Syncing…';
    case 'offline':
      return status.waiting ? 'Offline — will sync' : 'Offline';
    case 'conflict':
      return 'Conflict';
    case 'paused':
      return 'Cloud sync paused';
    case 'unavailable':
      return 'Cloud sync unavailable';
    case 'error':
      return 'Not synced';
    default:
      return null;
  }
}

