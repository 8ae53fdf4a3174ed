/**
 * C2 (../sync.ts) A document changed on this device and in the cloud since
 * they were last in step is a conflict, and conflicts keep both
 * (conflicts.ts R3): the newer side keeps the id, the other is saved as
 * "Name (conflict copy, date)" on both sides and listed until the user
 * chooses (`chooseSide`). A push (push.ts) and a pull (pull.ts) hand their
 * conflicts here.
 */
import type { NucleusDocument } from '../../rules';
import { conflictCopyName, resolveConflict } from '../conflicts';
import type { StoredDocument } from '../types';
import type { SyncContext } from './context';

/** The document without what a save stamps, for "same content?" checks. */
export function content(doc: NucleusDocument): string {
  const { updatedAt: _u, ...rest } = doc as NucleusDocument & Record<string, unknown>;
  return JSON.stringify(rest, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** R3: the newer side keeps the id (`l` this device's, `c` the cloud's); the other becomes a conflict copy on both sides. */
export async function keepBoth(ctx: SyncContext, l: StoredDocument, c: StoredDocument): Promise<void> {
  const { keep } = resolveConflict(c, l);
  const keptDevice = keep === l;
  const other = keptDevice ? c : l;
  const copyId = ctx.newId();
  const copyName = conflictCopyName(other.name, new Date(ctx.now()));
  const copy = { ...other.document, id: copyId, name: copyName } as NucleusDocument;
  if (!(await keepUnderId(ctx, l, c, keptDevice))) return; // changed once more: the next run meets it again
  const localCopy = await ctx.writeLocal(copyId, () => ctx.local.save(copy, { basedOn: 0, valid: other.valid }));
  const cloudCopy = await ctx.call(ctx.cloud.save(copy, { basedOn: 0, valid: other.valid }));
  if (localCopy.ok && cloudCopy.ok) await ctx.store.setMeta({ id: copyId, cloudRevision: cloudCopy.stored.revision, localRevision: localCopy.stored.revision });
  await ctx.done(l.id);
  await ctx.store.addConflict({ id: l.id, copyId, name: keep.name, copyName, kept: keptDevice ? 'device' : 'cloud', at: new Date(ctx.now()).toISOString() });
}

/** The kept side under the id on the other side too (a new version, so history has the old one). False: it changed meanwhile. */
async function keepUnderId(ctx: SyncContext, l: StoredDocument, c: StoredDocument, keptDevice: boolean): Promise<boolean> {
  if (keptDevice) {
    const r = await ctx.call(ctx.cloud.save(l.document, { basedOn: c.revision, valid: l.valid, newVersion: true }));
    if (!r.ok) return false;
    await ctx.store.setMeta({ id: l.id, cloudRevision: r.stored.revision, localRevision: l.revision });
  } else {
    const r = await ctx.writeLocal(l.id, () => ctx.local.save(c.document, { basedOn: l.revision, valid: c.valid, newVersion: true }));
    if (!r.ok) return false;
    await ctx.store.setMeta({ id: l.id, cloudRevision: c.revision, localRevision: r.stored.revision });
  }
  return true;
}

/**
 * The user's choice for a conflict: 'both' keeps both documents,
 * 'original' moves the copy to the trash, 'copy' makes the copy's content
 * the original's (a new save, so history can undo it) and trashes the copy.
 * False: no such conflict (any more).
 */
export async function chooseSide(ctx: SyncContext, id: string, choice: 'both' | 'original' | 'copy'): Promise<boolean> {
  const conflict = (await ctx.store.conflicts()).find((c) => c.id === id);
  if (!conflict) return false;
  if (choice === 'copy') {
    const [original, copy] = await Promise.all([ctx.local.get(id), ctx.local.get(conflict.copyId)]);
    if (original && copy) {
      const r = await ctx.local.save({ ...copy.document, id, name: original.name } as NucleusDocument, { basedOn: original.revision, newVersion: true });
      if (!r.ok) throw new Error(`"${original.name}" changed meanwhile; open it and choose again.`);
    }
  }
  if (choice !== 'both') {
    // The user's own change (not written through writeLocal): the trash mark goes to the cloud like an edit.
    ctx.changedHere(conflict.copyId);
    await ctx.local.delete(conflict.copyId);
    await ctx.store.enqueue(conflict.copyId);
  }
  await ctx.store.dropConflict(id);
  return true;
}
