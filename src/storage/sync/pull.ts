/**
 * The cloud's changes onto this device.
 * C3 (../sync.ts) A pull brings documents changed elsewhere onto this
 *    device; one changed on both sides since the last sync is a conflict
 *    (C2, handed to conflict.ts).
 * C4 Nothing here ever deletes a document on this device because it is
 *    missing in the cloud: it only loses its sync link and stays, a
 *    document of this device only.
 */
import type { ChangeEvent, StoredDocument } from '../types';
import type { SyncContext } from './context';
import { content, keepBoth } from './conflict';

/** Every cloud document (live and in the trash) onto this device. */
export async function pull(ctx: SyncContext): Promise<void> {
  const [live, trash] = await Promise.all([ctx.call(ctx.cloud.list()), ctx.call(ctx.cloud.list({ trash: true }))]);
  const inCloud = new Set<string>();
  for (const c of [...live, ...trash]) {
    inCloud.add(c.id);
    await pullOne(ctx, c);
  }
  const waiting = await ctx.waitingIds();
  for (const m of await ctx.store.allMeta()) {
    if (inCloud.has(m.id) || waiting.has(m.id)) continue;
    // The browser SDK answers a list from the collection it already watches,
    // which takes in this device's own commits only when the watch stream
    // delivers them: a document pushed a moment ago can be missing. Only one
    // the cloud really lacks (deleted elsewhere) loses its sync link (C4).
    const c = await ctx.call(ctx.cloud.get(m.id));
    if (c) await pullOne(ctx, c);
    else await ctx.store.dropMeta(m.id);
  }
}

/** One change the cloud's watcher announced (another device's save, trash mark or purge). */
export async function pullChange(ctx: SyncContext, e: ChangeEvent): Promise<void> {
  if (e.type === 'purged') {
    // C4: gone from the cloud, kept here (as a document of this device only).
    if (!(await ctx.isWaiting(e.id))) await ctx.store.dropMeta(e.id);
    return;
  }
  const c = await ctx.call(ctx.cloud.get(e.id));
  if (c) await pullOne(ctx, c);
}

/** C3: one cloud document onto this device. */
async function pullOne(ctx: SyncContext, c: StoredDocument): Promise<void> {
  const [meta, l, waiting] = await Promise.all([ctx.store.meta(c.id), ctx.local.get(c.id), ctx.isWaiting(c.id)]);
  if (!l) {
    if (waiting) return; // purged here; the push removes it there
    await applyLocal(ctx, c, 0);
    return;
  }
  if (meta && meta.cloudRevision === c.revision) {
    // Same revision: only the trash mark can differ (it does not change the revision).
    if (!waiting && !!c.deletedAt !== !!l.deletedAt) {
      await ctx.writeLocal(c.id, () => (c.deletedAt ? ctx.local.delete(c.id) : ctx.local.restore(c.id)));
    }
    return;
  }
  const changedHere = waiting || !meta || l.revision !== meta.localRevision;
  if (!changedHere || content(l.document) === content(c.document)) return applyLocal(ctx, c, l.revision);
  await keepBoth(ctx, l, c);
}

/** Writes the cloud's document on this device (as a new save, so history keeps the old one). */
async function applyLocal(ctx: SyncContext, c: StoredDocument, basedOn: number): Promise<void> {
  const r = await ctx.writeLocal(c.id, () => ctx.local.save(c.document, { basedOn, valid: c.valid, newVersion: basedOn > 0 }));
  if (!r.ok) return; // edited here meanwhile: the queued push meets it as a conflict
  if (c.deletedAt) await ctx.writeLocal(c.id, () => ctx.local.delete(c.id));
  await ctx.store.setMeta({ id: c.id, cloudRevision: c.revision, localRevision: r.stored.revision });
  await ctx.store.dequeue(c.id);
}
