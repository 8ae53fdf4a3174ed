/**
 * What cloud sync remembers on this device, per signed-in user, in its own
 * IndexedDB database (so it survives a reload, a crash and going offline):
 * - `queue`: documents changed here and not yet in the cloud;
 * - `meta`: for each synced document, the cloud and device revisions it was
 *   last in step at (the base of the next push, and how a pull tells a
 *   change here from one there);
 * - `conflicts`: the conflicts kept both ways, until the user chooses;
 * - `settings`: small flags (the copy offer answered, sync paused).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface QueueEntry {
  id: string;
  queuedAt: string;
}

export interface SyncMeta {
  id: string;
  cloudRevision: number;
  localRevision: number;
}

export interface ConflictRecord {
  /** The document that kept its id. */
  id: string;
  /** The other side, saved as "Name (conflict copy, date)". */
  copyId: string;
  name: string;
  copyName: string;
  /** Which side's content kept the id. */
  kept: 'device' | 'cloud';
  at: string;
}

interface SyncSchema extends DBSchema {
  queue: { key: string; value: QueueEntry };
  meta: { key: string; value: SyncMeta };
  conflicts: { key: string; value: ConflictRecord };
  settings: { key: string; value: { key: string; value: unknown } };
}

export class SyncStore {
  private constructor(private readonly db: IDBPDatabase<SyncSchema>) {}

  /** One database per user (`dbName` for tests that play two devices in one process). */
  static async open(uid: string, dbName = `nucleus-sync-${uid}`): Promise<SyncStore> {
    const db = await openDB<SyncSchema>(dbName, 1, {
      upgrade(d) {
        d.createObjectStore('queue', { keyPath: 'id' });
        d.createObjectStore('meta', { keyPath: 'id' });
        d.createObjectStore('conflicts', { keyPath: 'id' });
        d.createObjectStore('settings', { keyPath: 'key' });
      },
    });
    return new SyncStore(db);
  }

  enqueue(id: string): Promise<string> {
    return this.db.put('queue', { id, queuedAt: new Date().toISOString() });
  }
  dequeue(id: string): Promise<void> {
    return this.db.delete('queue', id);
  }
  queue(): Promise<QueueEntry[]> {
    return this.db.getAll('queue');
  }

  meta(id: string): Promise<SyncMeta | undefined> {
    return this.db.get('meta', id);
  }
  allMeta(): Promise<SyncMeta[]> {
    return this.db.getAll('meta');
  }
  setMeta(meta: SyncMeta): Promise<string> {
    return this.db.put('meta', meta);
  }
  dropMeta(id: string): Promise<void> {
    return this.db.delete('meta', id);
  }

  conflicts(): Promise<ConflictRecord[]> {
    return this.db.getAll('conflicts');
  }
  addConflict(c: ConflictRecord): Promise<string> {
    return this.db.put('conflicts', c);
  }
  dropConflict(id: string): Promise<void> {
    return this.db.delete('conflicts', id);
  }

  async setting<T>(key: string): Promise<T | undefined> {
    return (await this.db.get('settings', key))?.value as T | undefined;
  }
  setSetting(key: string, value: unknown): Promise<string> {
    return this.db.put('settings', { key, value });
  }

  /** Forgets everything about the cloud (after "delete my cloud data"). */
  async clear(): Promise<void> {
    const tx = this.db.transaction(['queue', 'meta', 'conflicts'], 'readwrite');
    await Promise.all([tx.objectStore('queue').clear(), tx.objectStore('meta').clear(), tx.objectStore('conflicts').clear(), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}
