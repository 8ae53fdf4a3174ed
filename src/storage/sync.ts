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
 *   only when the user accepts the copy offer.
 * - C6 A run that met the cloud offline while the browser is online is
 *   tried again, 1, 2, 4 … up to 30 s apart (sync/retry.ts), so sync resumes
 *   on its own when the cloud answers again; going offline and back online
 *   is the browser's to say.
 *
 * In pieces under sync/: `queue` (changes heard here, queued, and the run
 * they schedule: C1), `push` (the queue to the cloud: C1, C2), `pull` (the
 * cloud's changes onto this device: C3, C4), `conflict` (keeping both, and
 * the user's choice: C2), `offer` (the copy offer: C5), `status` (the
 * atoms of syncStatus.ts), `account` (counts, usage, delete my cloud
 * data), `context` (what the pieces share), `offline` (when a cloud call
 * counts as offline), `lock` (one tab at a time), `retry` (C6). The store is
 * syncStore.ts and the atoms syncStatus.ts, beside this file, since pages
 * read them without loading the engine. This file runs the pieces: one run
 * at a time, pull then push.
 */
import type { ChangeEvent, DocumentRepository, Usage } from './types';
import type { SyncStore, ConflictRecord } from './syncStore';
import { SyncContext, type CloudSide } from './sync/context';
import { ChangeQueue } from './sync/queue';
import { pushQueue, reconcile } from './sync/push';
import { pull, pullChange } from './sync/pull';
import { chooseSide } from './sync/conflict';
import { CopyOffer } from './sync/offer';
import { clearStatus, publishStatus, publishSyncing } from './sync/status';
import { counts, eraseCloud, usage } from './sync/account';
import { isOffline } from './sync/offline';
import { RetrySchedule } from './sync/retry';
import { isHeld, onHeldPush } from './syncHold';
import { cloudProblem } from './problems';

export type { ConflictRecord, CloudSide };
export { $copyOffer, $syncConflicts, $syncStates, $syncStatus, syncLabel, type SyncPhase, type SyncStatus } from './syncStatus';
export { phaseOf } from './sync/status';
export { browserLock } from './sync/lock';

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
  /**
   * Asked when the cloud refuses a run (permission-denied): a sentence that
   * says why when the refusal has a cause the engine cannot see (the
   * account deleted on another device), else null for the refusal's own.
   */
  explainRefusal?: () => Promise<string | null>;
}

export class SyncEngine {
  readonly store: SyncStore;
  private readonly ctx: SyncContext;
  private readonly online: () => boolean;
  private readonly lock: <T>(task: () => Promise<T>) => Promise<T>;
  private readonly explainRefusal: () => Promise<string | null>;
  private readonly changes: ChangeQueue;
  private readonly copyOffer: CopyOffer;
  private readonly retry = new RetrySchedule(() => void this.syncNow());
  private readonly cleanups: (() => void)[] = [];
  private running: Promise<void> = Promise.resolve();
  private offline = false;
  private stopped = false;

  constructor(options: SyncOptions) {
    this.store = options.store;
    this.ctx = new SyncContext({
      local: options.local,
      cloud: options.cloud,
      store: options.store,
      now: options.now ?? Date.now,
      newId: options.newId ?? (() => globalThis.crypto.randomUUID()),
      timeoutMs: options.timeoutMs ?? 20_000,
    });
    this.online = options.online ?? (() => globalThis.navigator?.onLine !== false);
    this.lock = options.lock ?? ((task) => task());
    this.explainRefusal = options.explainRefusal ?? (() => Promise.resolve(null));
    this.changes = new ChangeQueue(this.ctx, { queued: () => this.refresh(), flush: () => this.syncNow() });
    this.copyOffer = new CopyOffer(options.local, options.store);
  }

  /** Starts listening both ways and runs a first sync (pull, then push). */
  async start(): Promise<void> {
    this.cleanups.push(this.ctx.local.subscribe((e) => this.changes.heard(e)));
    this.cleanups.push(this.ctx.cloud.subscribe((e) => this.onCloud(e)));
    // A held document (syncHold.ts) released or flushed: its queued change goes now.
    this.cleanups.push(onHeldPush((id) => void this.exclusive(() => this.run(id))));
    if (typeof window !== 'undefined') {
      const back = () => {
        this.retry.reset();
        void this.syncNow();
      };
      const gone = () => {
        this.retry.reset();
        void this.refresh();
      };
      window.addEventListener('online', back);
      window.addEventListener('offline', gone);
      this.cleanups.push(() => window.removeEventListener('online', back), () => window.removeEventListener('offline', gone));
    }
    await this.copyOffer.offer();
    await this.syncNow();
  }

  stop(): void {
    this.stopped = true;
    this.changes.stop();
    this.retry.reset();
    for (const c of this.cleanups.splice(0)) c();
    this.ctx.cloud.close?.();
    clearStatus();
  }

  /** Pull then push, one run at a time (and one tab at a time). */
  syncNow(): Promise<void> {
    return this.exclusive(() => this.run());
  }

  /** Waits for the runs started so far (the library's buttons). */
  idle(): Promise<void> {
    return this.running;
  }

  /**
   * Waits until everything heard so far is through: each change saved here
   * queued and the run it scheduled finished, and the runs and cloud
   * changes already in line. What a test awaits instead of a guessed delay.
   */
  async settled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.running;
      await this.changes.settled();
      await seen;
    } while (seen !== this.running || this.changes.busy);
  }

  /** `task` after the runs in line, under the lock; a failure is reported by the task itself. */
  private exclusive(task: () => Promise<void>): Promise<void> {
    this.running = this.running.then(() => this.lock(task)).catch(() => {});
    return this.running;
  }

  /** One run; `flushing`: a held document to push in this run all the same. */
  private async run(flushing?: string): Promise<void> {
    if (this.stopped) return;
    if (await this.store.setting<boolean>('paused')) return this.refresh();
    if (!this.online()) {
      this.offline = true;
      return this.refresh();
    }
    // A retry while the cloud is away (C6) keeps saying "Offline — will sync" until the cloud answers.
    if (!this.offline) publishSyncing();
    try {
      await reconcile(this.ctx);
      await pull(this.ctx);
      await pushQueue(this.ctx, (id) => id !== flushing && isHeld(id));
      this.offline = false;
      this.retry.reset();
      await this.refresh();
    } catch (e) {
      if (isOffline(e)) {
        this.offline = true;
        // C6: the browser says online, so no `online` event will come: try again on our own.
        if (this.online() && !this.stopped) this.retry.failed();
        await this.refresh();
      } else {
        console.warn('[nucleus] cloud sync failed:', e);
        const refused = (e as { code?: string } | null)?.code === 'permission-denied';
        const why = refused ? await this.explainRefusal().catch(() => null) : null;
        await this.refresh(why ?? `Cloud sync stopped: ${cloudProblem(e)}`);
      }
    }
  }

  /** C3: another device's change, pulled in line with the runs. */
  private onCloud(e: ChangeEvent): void {
    if (!e.remote || this.stopped) return;
    void this.exclusive(async () => {
      await pullChange(this.ctx, e);
      await this.refresh();
    });
  }

  /** The user's choice for a conflict (conflict.ts `chooseSide`), then synced. */
  async resolve(id: string, choice: 'both' | 'original' | 'copy'): Promise<void> {
    if (!(await chooseSide(this.ctx, id, choice))) return;
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

  /** "Delete my cloud data" (account.ts `eraseCloud`), after the runs in line. */
  async deleteCloudData(): Promise<number> {
    await this.idle();
    const n = await this.lock(() => eraseCloud(this.ctx));
    await this.refresh();
    return n;
  }

  async resume(): Promise<void> {
    await this.store.setSetting('paused', false);
    await this.copyOffer.ask();
    await this.syncNow();
  }

  counts(): Promise<{ local: number; cloud: number | null }> {
    return counts(this.ctx);
  }

  usage(): Promise<{ local: Usage; cloud: Usage | null }> {
    return usage(this.ctx);
  }

  /** Recomputes the per-document states and the status from the store. */
  async refresh(message?: string): Promise<void> {
    if (this.stopped) return;
    await publishStatus(this.store, { offline: () => this.offline || !this.online(), message, changedHere: this.ctx.changedIds() });
  }
}
