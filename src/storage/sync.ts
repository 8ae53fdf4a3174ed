/**
 * Cloud sync for a signed-in user. The editors always save on this device
 * (fast, works offline); this engine carries those saves to the cloud and
 * the cloud's changes back:
 * - C1 A change saved here while signed in is queued (SyncStore, in
 *   IndexedDB, so the queue survives a reload) and pushed when online.
 * - C2 A push names the cloud revision this device last saw; a newer one
 *   there is a conflict. Conflicts keep both (conflicts.ts R3): the newer
 *   side keeps the id, the other is saved as "Name (conflict copy, date)" on
 *   both sides and listed until the user chooses.
 * - C3 A pull brings documents changed elsewhere onto this device; one
 *   changed on both sides since the last sync is a conflict (C2).
 * - C4 Nothing here ever deletes a document on this device because it is
 *   missing in the cloud: "delete my cloud data" elsewhere leaves it local.
 * - C5 Documents that were on this device before sign-in go to the account
 *   only when the user accepts the copy offer (syncOffer.ts).
 */
import type { NucleusDocument } from '../rules';
import { $copyOffer, $syncConflicts, $syncStates, $syncStatus, type SyncPhase, type SyncStatus } from './syncStatus';
import { conflictCopyName, resolveConflict } from './conflicts';
import { SyncStore, type ConflictRecord } from './syncStore';
import { CopyOffer } from './syncOffer';
import type { ChangeEvent, DocumentRepository, StoredDocument, SyncState, Usage } from './types';

export type { ConflictRecord };

export { $copyOffer, $syncConflicts, $syncStates, $syncStatus, syncLabel, type SyncPhase, type SyncStatus } from './syncStatus';

/** The cloud side as sync needs it (CloudRepository). */
export interface CloudSide extends DocumentRepository {
  deleteAll(): Promise<number>;
  close?(): void;
}

export interface SyncOptions {
  local: DocumentRepository;
  cloud: CloudSide;
  store: SyncStore;
  online?: () => boolean;
  now?: () => number;
  newId?: () => string;
  /** Serialises sync work across this user's tabs (Web Locks in the browser). */
  lock?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Milliseconds a cloud call may take before it counts as offline. */
  timeoutMs?: number;
}

class OfflineError extends Error {}

const OFFLINE_CODES = new Set(['unavailable', 'deadline-exceeded', 'cancelled']);

/** The document without what a save stamps, for "same content?" checks. */
function content(doc: NucleusDocument): string {
  const { updatedAt: _u, ...rest } = doc as NucleusDocument & Record<string, unknown>;
  return JSON.stringify(rest, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export class SyncEngine {
  private readonly local: DocumentRepository;
  private readonly cloud: CloudSide;
  readonly store: SyncStore;
  private readonly online: () => boolean;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly lock: <T>(task: () => Promise<T>) => Promise<T>;
  private readonly timeoutMs: number;
  /** Ids this engine is writing on the device right now (their change events are not edits). */
  private readonly applying = new Set<string>();
  /**
   * Ids changed here whose queue entry may not be written yet: a pull must
   * not take the cloud's state over them (say, undo a trash mark).
   */
  private readonly dirty = new Set<string>();
  private readonly cleanups: (() => void)[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();
  private offline = false;
  private stopped = false;
  private readonly copyOffer: CopyOffer;

  constructor(options: SyncOptions) {
    this.local = options.local;
    this.cloud = options.cloud;
    this.store = options.store;
    this.online = options.online ?? (() => globalThis.navigator?.onLine !== false);
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
    this.lock = options.lock ?? ((task) => task());
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.copyOffer = new CopyOffer(this.local, this.store);
  }

  /** Starts listening both ways and runs a first sync (pull, then push). */
  async start(): Promise<void> {
    this.cleanups.push(this.local.subscribe((e) => this.onLocal(e)));
    this.cleanups.push(this.cloud.subscribe((e) => this.onCloud(e)));
    if (typeof window !== 'undefined') {
      const back = () => void this.syncNow();
      const gone = () => void this.refresh();
      window.addEventListener('online', back);
      window.addEventListener('offline', gone);
      this.cleanups.push(() => window.removeEventListener('online', back), () => window.removeEventListener('offline', gone));
    }
    await this.copyOffer.offer();
    await this.syncNow();
  }

  stop(): void {
    this.stopped = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    for (const c of this.cleanups.splice(0)) c();
    this.cloud.close?.();
    $syncStatus.set({ phase: 'off', waiting: 0, conflicts: 0 });
    $syncStates.set({});
    $syncConflicts.set([]);
    $copyOffer.set(null);
  }

  /** Pull then push, one run at a time (and one tab at a time). */
  syncNow(): Promise<void> {
    this.running = this.running.then(() => this.lock(() => this.run())).catch(() => {});
    return this.running;
  }

  /** Waits for the runs started so far (tests, and the library's buttons). */
  idle(): Promise<void> {
    return this.running;
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    if (await this.store.setting<boolean>('paused')) return this.refresh();
    if (!this.online()) {
      this.offline = true;
      return this.refresh();
    }
    this.offline = false;
    $syncStatus.set({ ...$syncStatus.get(), phase: 'syncing' });
    try {
      await this.reconcile();
      await this.pull();
      for (const entry of await this.store.queue()) await this.push(entry.id);
      this.offline = false;
      await this.refresh();
    } catch (e) {
      if (e instanceof OfflineError || OFFLINE_CODES.has((e as { code?: string }).code ?? '')) {
        this.offline = true;
        await this.refresh();
      } else {
        console.warn('[nucleus] cloud sync failed:', e);
        await this.refresh(`Cloud sync stopped: ${(e as Error).message}`);
      }
    }
  }

  /** A cloud call that gives up (as offline) instead of hanging. */
  private call<T>(p: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new OfflineError('The cloud did not answer in time.')), this.timeoutMs);
      p.then(
        (v) => (clearTimeout(t), resolve(v)),
        (e) => (clearTimeout(t), reject(e)),
      );
    });
  }

  private onLocal(e: ChangeEvent): void {
    // Our own writes are not edits.
    if (this.applying.has(e.id) || this.stopped) return;
    if (!e.remote) this.dirty.add(e.id);
    void (async () => {
      // Another tab's save: an edit unless it was that tab's sync writing what
      // this account already has (then the revisions are in step).
      if (e.remote && e.type === 'saved' && !(await this.changedSinceSync(e.id))) return;
      await this.store.enqueue(e.id);
      await this.refresh();
      if (this.flushTimer) clearTimeout(this.flushTimer);
      this.flushTimer = setTimeout(() => void this.syncNow(), 300);
    })();
  }

  private async changedSinceSync(id: string): Promise<boolean> {
    const [meta, l] = await Promise.all([this.store.meta(id), this.local.get(id)]);
    return !meta || !l || meta.localRevision !== l.revision;
  }

  /** Edits saved while no engine ran (a crash, a page without sync): queue them. */
  private async reconcile(): Promise<void> {
    const [live, trash, metas] = await Promise.all([this.local.list(), this.local.list({ trash: true }), this.store.allMeta()]);
    const byId = new Map([...live, ...trash].map((d) => [d.id, d]));
    for (const m of metas) {
      const l = byId.get(m.id);
      if (l && l.revision !== m.localRevision) await this.store.enqueue(m.id);
    }
  }

  private onCloud(e: ChangeEvent): void {
    if (!e.remote || this.stopped) return;
    this.running = this.running
      .then(() =>
        this.lock(async () => {
          if (e.type === 'purged') {
            // C4: gone from the cloud, kept here (as a document of this device only).
            if (!(await this.queued(e.id))) await this.store.dropMeta(e.id);
          } else {
            const c = await this.call(this.cloud.get(e.id));
            if (c) await this.pullOne(c);
          }
          await this.refresh();
        }),
      )
      .catch(() => {});
  }

  private async queued(id: string): Promise<boolean> {
    return this.dirty.has(id) || (await this.store.queue()).some((q) => q.id === id);
  }

  private async writeLocal<T>(id: string, task: () => Promise<T>): Promise<T> {
    this.applying.add(id);
    try {
      return await task();
    } finally {
      this.applying.delete(id);
    }
  }

  private async pull(): Promise<void> {
    const [live, trash] = await Promise.all([this.call(this.cloud.list()), this.call(this.cloud.list({ trash: true }))]);
    const inCloud = new Set<string>();
    for (const c of [...live, ...trash]) {
      inCloud.add(c.id);
      await this.pullOne(c);
    }
    const queued = new Set([...(await this.store.queue()).map((q) => q.id), ...this.dirty]);
    for (const m of await this.store.allMeta()) {
      if (inCloud.has(m.id) || queued.has(m.id)) continue;
      // The browser SDK answers a list from the collection it already watches,
      // which takes in this device's own commits only when the watch stream
      // delivers them: a document pushed a moment ago can be missing. Only one
      // the cloud really lacks (deleted elsewhere) loses its sync link (C4).
      const c = await this.call(this.cloud.get(m.id));
      if (c) await this.pullOne(c);
      else await this.store.dropMeta(m.id);
    }
  }

  /** C3: one cloud document onto this device. */
  private async pullOne(c: StoredDocument): Promise<void> {
    const [meta, l, queued] = await Promise.all([this.store.meta(c.id), this.local.get(c.id), this.queued(c.id)]);
    if (!l) {
      if (queued) return; // purged here; the push removes it there
      await this.applyLocal(c, 0);
      return;
    }
    if (meta && meta.cloudRevision === c.revision) {
      if (!queued && !!c.deletedAt !== !!l.deletedAt) {
        await this.writeLocal(c.id, () => (c.deletedAt ? this.local.delete(c.id) : this.local.restore(c.id)));
      }
      return;
    }
    const changedHere = queued || !meta || l.revision !== meta.localRevision;
    if (!changedHere || content(l.document) === content(c.document)) return this.applyLocal(c, l.revision);
    await this.keepBoth(l, c);
  }

  /** Writes the cloud's document on this device (as a new save, so history keeps the old one). */
  private async applyLocal(c: StoredDocument, basedOn: number): Promise<void> {
    const r = await this.writeLocal(c.id, () => this.local.save(c.document, { basedOn, valid: c.valid, newVersion: basedOn > 0 }));
    if (!r.ok) return; // edited here meanwhile: the queued push meets it as a conflict
    if (c.deletedAt) await this.writeLocal(c.id, () => this.local.delete(c.id));
    await this.store.setMeta({ id: c.id, cloudRevision: c.revision, localRevision: r.stored.revision });
    await this.store.dequeue(c.id);
  }

  /** C1/C2: one queued document to the cloud. */
  private async push(id: string): Promise<void> {
    const [l, meta] = await Promise.all([this.local.get(id), this.store.meta(id)]);
    if (!l) {
      if (meta) await this.call(this.cloud.purge(id));
      await this.store.dropMeta(id);
      await this.store.dequeue(id);
      this.dirty.delete(id);
      return;
    }
    let saved = false;
    if (!meta || meta.localRevision !== l.revision) {
      const r = await this.call(this.cloud.save(l.document, { basedOn: meta?.cloudRevision ?? 0, valid: l.valid }));
      if (!r.ok) {
        if (content(r.conflict.document) === content(l.document)) {
          await this.store.setMeta({ id, cloudRevision: r.conflict.revision, localRevision: l.revision });
        } else {
          await this.keepBoth(l, r.conflict);
        }
        await this.store.dequeue(id);
        this.dirty.delete(id);
        return;
      }
      saved = true;
      await this.store.setMeta({ id, cloudRevision: r.stored.revision, localRevision: l.revision });
    }
    // The trash mark travels on its own (it does not change the revision).
    if (l.deletedAt) await this.call(this.cloud.delete(id));
    else if (!saved) await this.call(this.cloud.restore(id));
    await this.store.dequeue(id);
    this.dirty.delete(id);
  }

  /** R3: the newer side keeps the id; the other becomes a conflict copy on both sides. */
  private async keepBoth(l: StoredDocument, c: StoredDocument): Promise<void> {
    const { keep } = resolveConflict(c, l);
    const keptDevice = keep === l;
    const other = keptDevice ? c : l;
    const copyId = this.newId();
    const copyName = conflictCopyName(other.name, new Date(this.now()));
    const copy = { ...other.document, id: copyId, name: copyName } as NucleusDocument;
    if (keptDevice) {
      const r = await this.call(this.cloud.save(l.document, { basedOn: c.revision, valid: l.valid, newVersion: true }));
      if (!r.ok) return; // changed there once more: the next run meets it again
      await this.store.setMeta({ id: l.id, cloudRevision: r.stored.revision, localRevision: l.revision });
    } else {
      const r = await this.writeLocal(l.id, () => this.local.save(c.document, { basedOn: l.revision, valid: c.valid, newVersion: true }));
      if (!r.ok) return;
      await this.store.setMeta({ id: l.id, cloudRevision: c.revision, localRevision: r.stored.revision });
    }
    const localCopy = await this.writeLocal(copyId, () => this.local.save(copy, { basedOn: 0, valid: other.valid }));
    const cloudCopy = await this.call(this.cloud.save(copy, { basedOn: 0, valid: other.valid }));
    if (localCopy.ok && cloudCopy.ok) await this.store.setMeta({ id: copyId, cloudRevision: cloudCopy.stored.revision, localRevision: localCopy.stored.revision });
    await this.store.dequeue(l.id);
    this.dirty.delete(l.id);
    await this.store.addConflict({ id: l.id, copyId, name: keep.name, copyName, kept: keptDevice ? 'device' : 'cloud', at: new Date(this.now()).toISOString() });
  }

  /**
   * The user's choice for a conflict: 'both' keeps both documents,
   * 'original' moves the copy to the trash, 'copy' makes the copy's content
   * the original's (a new save, so history can undo it) and trashes the copy.
   */
  async resolve(id: string, choice: 'both' | 'original' | 'copy'): Promise<void> {
    const conflict = (await this.store.conflicts()).find((c) => c.id === id);
    if (!conflict) return;
    if (choice === 'copy') {
      const [original, copy] = await Promise.all([this.local.get(id), this.local.get(conflict.copyId)]);
      if (original && copy) {
        const r = await this.local.save({ ...copy.document, id, name: original.name } as NucleusDocument, { basedOn: original.revision, newVersion: true });
        if (!r.ok) throw new Error(`"${original.name}" changed meanwhile; open it and choose again.`);
      }
    }
    if (choice !== 'both') {
      this.dirty.add(conflict.copyId);
      await this.local.delete(conflict.copyId);
      await this.store.enqueue(conflict.copyId);
    }
    await this.store.dropConflict(id);
    await this.refresh();
    void this.syncNow();
  }

  /** C5: accepts the copy offer: every document of this device goes into the account. */
  async copyIntoAccount(): Promise<number> {
    const n = await this.copyOffer.accept();
    await this.refresh();
    await this.syncNow();
    return n;
  }

  async declineCopy(): Promise<void> {
    await this.copyOffer.answer();
  }

  /**
   * "Delete my cloud data": every cloud document and version of this
   * account goes; this device keeps its documents, and sync pauses so the
   * next edit does not quietly fill the cloud again.
   */
  async deleteCloudData(): Promise<number> {
    await this.idle();
    const n = await this.lock(async () => {
      const deleted = await this.call(this.cloud.deleteAll());
      await this.store.clear();
      await this.store.setSetting('paused', true);
      return deleted;
    });
    await this.refresh();
    return n;
  }

  async resume(): Promise<void> {
    await this.store.setSetting('paused', false);
    await this.copyOffer.ask();
    await this.syncNow();
  }

  /** Live documents on this device and in the cloud (null: the cloud did not answer). */
  async counts(): Promise<{ local: number; cloud: number | null }> {
    // Counting needs no document content: the summaries where the device keeps them.
    const [local, cloud] = await Promise.all([this.local.summaries?.() ?? this.local.list(), this.call(this.cloud.list()).catch(() => null)]);
    return { local: local.length, cloud: cloud ? cloud.length : null };
  }

  async usage(): Promise<{ local: Usage; cloud: Usage | null }> {
    const [local, cloud] = await Promise.all([this.local.usage(), this.call(this.cloud.usage()).catch(() => null)]);
    return { local, cloud };
  }

  /** Recomputes the per-document states and the status from the store. */
  async refresh(message?: string): Promise<void> {
    if (this.stopped) return;
    const [queue, meta, conflicts, paused] = await Promise.all([this.store.queue(), this.store.allMeta(), this.store.conflicts(), this.store.setting<boolean>('paused')]);
    const states: Record<string, SyncState> = {};
    for (const m of meta) states[m.id] = 'synced';
    for (const q of queue) states[q.id] = 'waiting';
    for (const c of conflicts) states[c.id] = states[c.copyId] = 'conflict';
    $syncStates.set(states);
    $syncConflicts.set(conflicts);
    const phase = phaseOf({ paused: !!paused, message, conflicts: conflicts.length, waiting: queue.length, offline: this.offline || !this.online() });
    $syncStatus.set({ phase, waiting: queue.length, conflicts: conflicts.length, ...(message ? { message } : {}) });
  }
}

/** The status's phase: paused, then an error, conflicts, work waiting (offline or syncing), and all synced. */
export function phaseOf(s: { paused: boolean; message?: string; conflicts: number; waiting: number; offline: boolean }): SyncPhase {
  if (s.paused) return 'paused';
  if (s.message) return 'error';
  if (s.conflicts) return 'conflict';
  if (s.offline) return 'offline';
  return s.waiting ? 'syncing' : 'synced';
}

/** Web Locks when the browser has them: one tab syncs at a time. */
export function browserLock(name: string): <T>(task: () => Promise<T>) => Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return (task) => task();
  return (task) => locks.request(name, () => task()) as Promise<Awaited<ReturnType<typeof task>>>;
}
