/**
 * What the account panel asks of sync beyond syncing: how much is where,
 * and "delete my cloud data". C4 (../sync.ts): this device keeps its
 * documents either way.
 */
import type { Usage } from '../types';
import type { SyncContext } from './context';

/**
 * Every cloud document and version of this account goes; this device keeps
 * its documents, and sync pauses so the next edit does not quietly fill
 * the cloud again. Returns how many documents went. Run under the sync lock.
 */
export async function eraseCloud(ctx: SyncContext): Promise<number> {
  const deleted = await ctx.call(ctx.cloud.deleteAll());
  await ctx.store.clear();
  await ctx.store.setSetting('paused', true);
  return deleted;
}

/** Live documents on this device and in the cloud (null: the cloud did not answer). */
export async function counts(ctx: SyncContext): Promise<{ local: number; cloud: number | null }> {
  // Counting needs no document content: the summaries where the device keeps them.
  const [local, cloud] = await Promise.all([ctx.local.summaries?.() ?? ctx.local.list(), ctx.call(ctx.cloud.list()).catch(() => null)]);
  return { local: local.length, cloud: cloud ? cloud.length : null };
}

export async function usage(ctx: SyncContext): Promise<{ local: Usage; cloud: Usage | null }> {
  const [local, cloud] = await Promise.all([ctx.local.usage(), ctx.call(ctx.cloud.usage()).catch(() => null)]);
  return { local, cloud };
}
