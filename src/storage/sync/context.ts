/**
 * What the pieces of sync share: the two sides, the sync store, the clock,
 * and which documents sync is writing on this device or the user changed
 * here a moment ago.
 */
import type { SyncStore } from '../syncStore';
import type { DocumentRepository } from '../types';
import { withTimeout } from './offline';

/** The cloud side as sync needs it (CloudRepository). */
export interface CloudSide extends DocumentRepository {
  deleteAll(): Promise<number>;
  close?(): void;
}

export interface SyncSides {
  local: DocumentRepository;
  cloud: CloudSide;
  store: SyncStore;
  now: () => number;
  newId: () => string;
  /** Milliseconds a cloud call may take before it counts as offline. */
  timeoutMs: number;
}

export class SyncContext {
  readonly local: DocumentRepository;
  readonly cloud: CloudSide;
  readonly store: SyncStore;
  readonly now: () => number;
  readonly newId: () => string;
  private readonly timeoutMs: number;
  /** Ids this engine is writing on the device right now (their change events are not edits). */
  private readonly applying = new Set<string>();
  /**
   * Ids changed here whose queue entry may not be written yet: a pull must
   * not take the cloud's state over them (say, undo a trash mark).
   */
  private readonly dirty = new Set<string>();

  constructor(sides: SyncSides) {
    this.local = sides.local;
    this.cloud = sides.cloud;
    this.store = sides.store;
    this.now = sides.now;
    this.newId = sides.newId;
    this.timeoutMs = sides.timeoutMs;
  }

  /** A cloud call that gives up (as offline) instead of hanging. */
  call<T>(p: Promise<T>): Promise<T> {
    return withTimeout(p, this.timeoutMs);
  }

  /** A write of sync's own on this device: its change event is not an edit. */
  async writeLocal<T>(id: string, task: () => Promise<T>): Promise<T> {
    this.applying.add(id);
    try {
      return await task();
    } finally {
      this.applying.delete(id);
    }
  }

  isSyncWriting(id: string): boolean {
    return this.applying.has(id);
  }

  /** The user changed `id` here: it counts as queued from now on, before its queue entry is written. */
  changedHere(id: string): void {
    this.dirty.add(id);
  }

  /** Ids changed here and not yet through a push (or met as a conflict). */
  changedIds(): string[] {
    return [...this.dirty];
  }

  /** Ids waiting to go to the cloud: in the queue, or changed a moment ago. */
  async waitingIds(): Promise<Set<string>> {
    return new Set([...(await this.store.queue()).map((q) => q.id), ...this.dirty]);
  }

  async isWaiting(id: string): Promise<boolean> {
    return this.dirty.has(id) || (await this.store.queue()).some((q) => q.id === id);
  }

  /** `id` no longer waits: pushed, or met as a conflict and kept both ways. */
  async done(id: string): Promise<void> {
    await this.store.dequeue(id);
    this.dirty.delete(id);
  }
}
