/**
 * The packs of a person's campaigns as they last reached this device, in
 * IndexedDB (one database per signed-in user, like the sync store), so the
 * editors offer a campaign's packs offline and with the cloud gone
 * (docs/accounts.md "Packs"). Written by `CampaignPacks.watch` each time
 * the server's list of the campaign's packs comes in; read without
 * Firestore (light).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PublishedPack } from './packShape';

/** A pack as the device keeps it: the campaign it came from, and when. */
export interface CachedPack {
  campaignId: string;
  pack: PublishedPack;
  /** When this copy reached the device (ms). */
  receivedAt: number;
}

interface PackCacheSchema extends DBSchema {
  packs: { key: [string, string]; value: CachedPack & { packId: string }; indexes: { campaignId: string } };
}

export class PackCache {
  private constructor(private readonly db: IDBPDatabase<PackCacheSchema>) {}

  /** One database per user (`dbName` for tests that play two devices in one process). */
  static async open(uid: string, dbName = `nucleus-packs-${uid}`): Promise<PackCache> {
    const db = await openDB<PackCacheSchema>(dbName, 1, {
      upgrade(d) {
        const packs = d.createObjectStore('packs', { keyPath: ['campaignId', 'packId'] });
        packs.createIndex('campaignId', 'campaignId');
      },
    });
    return new PackCache(db);
  }

  /** The campaign's packs as last received, by name. */
  async packs(campaignId: string): Promise<CachedPack[]> {
    const rows = await this.db.getAllFromIndex('packs', 'campaignId', campaignId);
    return rows.map(({ campaignId: cid, pack, receivedAt }) => ({ campaignId: cid, pack, receivedAt })).sort((a, b) => a.pack.name.localeCompare(b.pack.name));
  }

  /** Every campaign's packs as last received (what an editor offers a member of several campaigns). */
  async all(): Promise<CachedPack[]> {
    const rows = await this.db.getAll('packs');
    return rows.map(({ campaignId, pack, receivedAt }) => ({ campaignId, pack, receivedAt })).sort((a, b) => a.pack.name.localeCompare(b.pack.name) || a.campaignId.localeCompare(b.campaignId));
  }

  /**
   * The server's whole list for the campaign: these packs replace what was
   * kept (a pack no longer there was taken off the campaign).
   */
  async replace(campaignId: string, packs: readonly PublishedPack[], now = Date.now()): Promise<void> {
    const tx = this.db.transaction('packs', 'readwrite');
    const kept = await tx.store.index('campaignId').getAll(campaignId);
    const incoming = new Set(packs.map((p) => p.id));
    for (const row of kept) if (!incoming.has(row.packId)) await tx.store.delete([campaignId, row.packId]);
    for (const pack of packs) await tx.store.put({ campaignId, packId: pack.id, pack, receivedAt: now });
    await tx.done;
  }

  /** Forgets a campaign's packs (the person left it, or chose to). */
  async forget(campaignId: string): Promise<void> {
    await this.replace(campaignId, []);
  }

  close(): void {
    this.db.close();
  }
}
