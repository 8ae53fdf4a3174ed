/**
 * C1 (../sync.ts) A change saved here while signed in is queued (in the
 * sync store, in IndexedDB, so the queue survives a reload) and a push is
 * scheduled FLUSH_MS after the last one, so a burst of saves makes one run.
 * Sync's own writes on this device are not changes.
 */
import type { ChangeEvent } from '../types';
import type { SyncContext } from './context';
import { markWaiting } from './status';
import { isHeld } from '../syncHold';

/** The wait after the last change heard before the push run starts. */
export const FLUSH_MS = 300;

export interface QueueHooks {
  /** Publishes the status once a change is queued ("Syncing…", "Offline — will sync"). */
  queued(): Promise<void>;
  /** The scheduled run (pull, then push). */
  flush(): Promise<void>;
}

export class ChangeQueue {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Changes heard whose queue entry is being written. */
  private readonly pending = new Set<Promise<void>>();
  /** `settled()` calls waiting for the scheduled run to start. */
  private waiters: ((run?: Promise<void>) => void)[] = [];
  private stopped = false;

  constructor(
    private readonly ctx: SyncContext,
    private readonly hooks: QueueHooks,
  ) {}

  /** A change event of this device's repository (this tab's, or another tab's with `remote`). */
  heard(e: ChangeEvent): void {
    if (this.ctx.isSyncWriting(e.id) || this.stopped) return;
    if (!e.remote) {
      this.ctx.changedHere(e.id);
      markWaiting(e.id);
    }
    const work = this.enqueue(e);
    this.pending.add(work);
    // A failure still surfaces (as before this was tracked), only `pending` forgets it.
    void work.then(
      () => void this.pending.delete(work),
      (err: unknown) => {
        this.pending.delete(work);
        throw err;
      },
    );
  }

  private async enqueue(e: ChangeEvent): Promise<void> {
    // Another tab's save: an edit unless it was that tab's sync writing what
    // this account already has (then the revisions are in step).
    if (e.remote && e.type === 'saved' && !(await this.changedSinceSync(e.id))) return;
    await this.ctx.store.enqueue(e.id);
    await this.hooks.queued();
    // A held document waits for its release (../syncHold.ts): no run for it now.
    if (!isHeld(e.id)) this.schedule();
  }

  private async changedSinceSync(id: string): Promise<boolean> {
    const [meta, l] = await Promise.all([this.ctx.store.meta(id), this.ctx.local.get(id)]);
    return !meta || !l || meta.localRevision !== l.revision;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const run = this.hooks.flush();
      for (const wake of this.waiters.splice(0)) wake(run);
    }, FLUSH_MS);
  }

  /** Changes heard and not yet through their run. */
  get busy(): boolean {
    return this.pending.size > 0 || this.timer !== null;
  }

  /** Resolves once every change heard so far is queued and the run it scheduled has finished. */
  async settled(): Promise<void> {
    while (this.busy) {
      await Promise.allSettled([...this.pending]);
      if (this.timer) await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const wake of this.waiters.splice(0)) wake();
  }
}
