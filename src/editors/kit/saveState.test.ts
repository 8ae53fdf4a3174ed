import { describe, expect, it } from 'vitest';
import { SAVE_STATE_TEXT, shownSaveState } from './session';
import type { SyncStatus } from '../../storage/syncStatus';

const status = (phase: SyncStatus['phase'], waiting = 0): SyncStatus => ({ phase, waiting, conflicts: 0 });
const shown = (...a: Parameters<typeof shownSaveState>) => SAVE_STATE_TEXT[shownSaveState(...a)];

describe('the editor says where the work is', () => {
  it('signed out: this device only', () => {
    expect(shown('saved', status('off'), undefined)).toBe('Saved on this device');
    expect(shown('unsaved', status('off'), undefined)).toBe('Saving…');
    expect(shown('error', status('off'), undefined)).toBe('Not saved');
  });

  it('signed in: the cloud side once it is saved here', () => {
    expect(shown('saved', status('synced'), 'synced')).toBe('Synced');
    expect(shown('saved', status('syncing', 1), 'waiting')).toBe('Saved on this device, syncing…');
    expect(shown('saved', status('offline', 1), 'waiting')).toBe('Offline — will sync');
    expect(shown('saved', status('offline', 0), undefined)).toBe('Offline — will sync');
    expect(shown('saved', status('conflict'), 'conflict')).toBe('Conflict');
  });

  it('held during a live fight: saved here, synced at the round’s end (offline still says offline)', () => {
    expect(shown('saved', status('syncing', 1), 'waiting', false, true)).toBe('Saved on this device; synced at the round’s end');
    expect(shown('saved', status('offline', 1), 'waiting', false, true)).toBe('Offline — will sync');
    // Once pushed, it is synced like any other.
    expect(shown('saved', status('synced'), 'synced', false, true)).toBe('Synced');
  });

  it('sync stopped (the cloud refused): a waiting document says it is not synced, never that it is syncing', () => {
    expect(shown('saved', status('error', 1), 'waiting')).toBe('Saved on this device, not synced');
    expect(shown('saved', status('error', 1), undefined)).toBe('Saved on this device, not synced');
    expect(shown('saved', status('error', 1), 'synced')).toBe('Synced');
    expect(shown('unsaved', status('error', 1), 'waiting')).toBe('Saving…');
  });

  it('saving here comes first, whatever the cloud says', () => {
    expect(shown('saving', status('synced'), 'synced')).toBe('Saving…');
    expect(shown('conflict', status('synced'), 'synced')).toBe('Conflict');
  });

  it('sync paused or unavailable: saved on this device', () => {
    expect(shown('saved', status('paused'), 'waiting')).toBe('Saved on this device');
    expect(shown('saved', status('unavailable'), undefined)).toBe('Saved on this device');
  });

  it('storage that cannot be used: kept in the page', () => {
    expect(shown('saved', status('off'), undefined, true)).toBe('Kept in this page only');
  });
});
