/**
 * This device's queued changes to the cloud.
 * C1 (../sync.ts) A change saved here while signed in waits in the queue
 *    (queue.ts puts it there) until a run pushes it; edits saved while no
 *    engine ran are found and queued first (`reconcile`).
 * C2 A push names the cloud revision this device last saw; a newer one
 *    there is a conflict, handed to conflict.ts.
 */
import type { SyncContext } from './context';
import { content, keepBoth } from './conflict';

/** Edits saved while no engine ran (a crash, a page without sync): queue them. */
export async function reconcile(ctx: SyncContext): Promise<void> {
  const [live, trash, metas] = await Promise.all([ctx.local.list(), ctx.local.list({ trash: true }), ctx.store.allMeta()]);
  const byId = new Map([...live, ...trash].map((d) => [d.id, d]));
  for (const m of metas) {
    const l = byId.get(m.id);
    if (l && l.revision !== m.localRevision) await ctx.store.enqueue(m.id);
  }
}

/**
 * Every queued document to the cloud, in the queue's order, but those
 * `held` says wait (../syncHold.ts): they stay queued for a later run.
 */
export async function pushQueue(ctx: SyncContext, held: (id: string) => boolean = () => false): Promise<void> {
  for (const entry of await ctx.store.queue()) if (!held(entry.id)) await push(ctx, entry.id);
}

/** C1/C2: one queued document to the cloud. */
async function push(ctx: SyncContext, id: string): Promise<void> {
  const [l, meta] = await Promise.all([ctx.local.get(id), ctx.store.meta(id)]);
  if (!l) {
    // Purged here: gone from the cloud too, if it ever got there.
    if (meta) await ctx.call(ctx.cloud.purge(id));
    await ctx.store.dropMeta(id);
    await ctx.done(id);
    return;
  }
  let saved = false;
  if (!meta || meta.localRevision !== l.revision) {
    const r = await ctx.call(ctx.cloud.save(l.document, { basedOn: meta?.cloudRevision ?? 0, valid: l.valid }));
    if (!r.ok) {
      // The same content there (say, pushed by a run that did not get to record it) is no conflict.
      if (content(r.conflict.document) === content(l.document)) {
        await ctx.store.setMeta({ id, cloudRevision: r.conflict.revision, localRevision: l.revision });
      } else {
        await keepBoth(ctx, l, r.conflict);
      }
      await ctx.done(id);
      return;
    }
    saved = true;
    await ctx.store.setMeta({ id, cloudRevision: r.stored.revision, localRevision: l.revision });
  }
  // The trash mark travels on its own (it does not change the revision).
  if (l.deletedAt) await ctx.call(ctx.cloud.delete(id));
  else if (!saved) await ctx.call(ctx.cloud.restore(id));
  await ctx.done(id);
}
