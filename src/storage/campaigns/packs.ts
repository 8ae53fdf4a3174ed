/**
 * Packs shared with a campaign in Firestore (docs/accounts.md "Packs",
 * firestore.rules `packs/{packId}`): the game master publishes what the
 * players may receive of their pack, takes it off again and says which
 * sources the campaign allows; members follow the campaign's packs live, and
 * each copy that reaches them is kept on the device (`PackCache`), so their
 * editors offer the packs offline.
 *
 * Reached as `CampaignCloud.packs`; heavy like it (the Firestore SDK).
 */
import { arrayRemove, arrayUnion, collection, doc, getDoc, onSnapshot, runTransaction, serverTimestamp, Timestamp, updateDoc, writeBatch, type Firestore, type Unsubscribe } from 'firebase/firestore';
import { CampaignError, refusedCode } from './invite';
import type { PackCache } from './packCache';
import { OFFICIAL_SOURCE, PUBLISHED_PACK_LIMITS, packFields, publishedPackOf, readPackFields, type PackSource, type ReceivedPack } from './packShape';

/** What a publication did: the version members now read, and how many game-master-only entries stayed behind. */
export interface Publication {
  version: number;
  leftOut: number;
}

/** The packs a campaign holds and the sources its characters may use. */
export interface CampaignSources {
  packs: string[];
  /** 'official' and pack ids; a campaign that never said allows every source it holds. */
  allowed: string[];
}

/** A publication needs the cloud at once (never queued: members would wait on a version nobody sees). */
export const PUBLISH_OFFLINE = 'Nucleus cannot reach the cloud (offline?): nothing was published. Publish again once you are back online.';

type Guard = <T>(cid: string, read: () => Promise<T>) => Promise<T>;

export class CampaignPacks {
  constructor(
    private readonly db: Firestore,
    private readonly uid: string,
    /** Turns a refused read into the sentence of why this person is no longer in the campaign. */
    private readonly guarded: Guard,
  ) {}

  private packRef(cid: string, packId: string) {
    return doc(this.db, 'campaigns', cid, 'packs', packId);
  }

  /** The campaign as the game master may change it: refused with a sentence to anyone else. */
  private async ownCampaign(cid: string): Promise<Record<string, unknown>> {
    return gmCampaign((await this.guarded(cid, () => getDoc(doc(this.db, 'campaigns', cid)))).data(), this.uid);
  }

  /**
   * Publishes what the players may receive of the game master's pack: the
   * entries not marked game-master-only, each checked against its kind's
   * rules, at a version above both the pack's own and the campaign's copy;
   * the campaign lists the pack in the same commit. A transaction, so
   * offline it fails (after the SDK's retries) instead of waiting in a
   * queue to land unseen later; two tabs or
   * devices publishing at once both land, one version after the other (the
   * rules refuse the second's stale version: it reads again and retries).
   * Store the returned version in the pack document, so its next
   * publication goes on from it.
   * @throws CampaignError naming what stops it (an entry, a limit, not the game master, no longer in the campaign)
   */
  async publish(cid: string, source: PackSource): Promise<Publication> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.publishOnce(cid, source);
      } catch (e) {
        if (refusedCode(e) === 'unavailable') throw new CampaignError(PUBLISH_OFFLINE);
        if (refusedCode(e) !== 'permission-denied') throw e;
        await this.ownCampaign(cid); // says why if this person no longer runs the campaign
        if (attempt === 3) throw new CampaignError('The campaign refused this pack three times (another tab or device kept publishing it meanwhile?): publish it again.');
      }
    }
  }

  private publishOnce(cid: string, source: PackSource): Promise<Publication> {
    const campaignRef = doc(this.db, 'campaigns', cid);
    const packRef = this.packRef(cid, source.id);
    return runTransaction(this.db, async (tx) => {
      const held = stringList(gmCampaign((await tx.get(campaignRef)).data(), this.uid).packs);
      if (!held.includes(source.id) && held.length >= PUBLISHED_PACK_LIMITS.perCampaign) {
        throw new CampaignError(`This campaign already holds ${PUBLISHED_PACK_LIMITS.perCampaign} packs, the most it takes: take one off before publishing another.`);
      }
      const current = await tx.get(packRef);
      const before = current.exists() ? Number(current.data().version) || 0 : 0;
      const { pack, leftOut } = publishedPackOf(source, Math.max(source.version, before + 1, 1));
      tx.set(packRef, { ...packFields(pack), publishedAt: serverTimestamp() });
      if (!held.includes(pack.id)) tx.update(campaignRef, { packs: arrayUnion(pack.id) });
      return { version: pack.version, leftOut };
    });
  }

  /**
   * Takes the pack off the campaign: its published copy goes, and the
   * campaign no longer lists or allows it. Members' documents keep the
   * copies of the entries they took (GAME.md §6).
   */
  async unpublish(cid: string, packId: string): Promise<void> {
    const campaign = await this.ownCampaign(cid);
    const batch = writeBatch(this.db);
    batch.delete(this.packRef(cid, packId));
    // A campaign that never named its sources allows all it holds: it stays so.
    const off = 'allowedSources' in campaign ? { packs: arrayRemove(packId), allowedSources: arrayRemove(packId) } : { packs: arrayRemove(packId) };
    batch.update(doc(this.db, 'campaigns', cid), off);
    await this.guarded(cid, () => batch.commit());
  }

  /** The packs the campaign holds and the sources it allows. */
  async sources(cid: string): Promise<CampaignSources> {
    const data = (await this.guarded(cid, () => getDoc(doc(this.db, 'campaigns', cid)))).data() ?? {};
    return sourcesOf(data);
  }

  /**
   * Says which sources the campaign's characters may use: the official
   * catalogue and packs the campaign holds.
   * @throws CampaignError for a source the campaign does not hold, or when this person is not its game master
   */
  async allowSources(cid: string, allowed: readonly string[]): Promise<void> {
    const { packs } = sourcesOf(await this.ownCampaign(cid));
    const unknown = allowed.find((s) => s !== OFFICIAL_SOURCE && !packs.includes(s));
    if (unknown !== undefined) throw new CampaignError(`The campaign does not hold the pack “${unknown}”: publish it to the campaign before allowing it.`);
    await this.guarded(cid, () => updateDoc(doc(this.db, 'campaigns', cid), { allowedSources: [...new Set(allowed)] }));
  }

  /**
   * Follows the campaign's packs live, as the server has them (a snapshot
   * from the SDK's memory alone is not reported: offline, the device's copy
   * in `cache` is what counts). Each list that comes in replaces the
   * campaign's packs in `cache` before `onChange` hears it, with the ids of
   * the packs new or changed in it (each one document read: the cost of
   * following, docs/accounts.md "Packs"). `onGone` hears why when the reads
   * are refused (removed, left, the campaign deleted).
   */
  watch(cid: string, onChange: (packs: ReceivedPack[], changed: string[]) => void, onGone: (sentence: string) => void, cache?: PackCache): Unsubscribe {
    let latest = Promise.resolve();
    return onSnapshot(
      collection(this.db, 'campaigns', cid, 'packs'),
      (snap) => {
        if (snap.metadata.fromCache) return;
        const packs = snap.docs.map((d) => readPackFields(d.id, d.data(), millis(d.data().publishedAt)));
        const changed = snap.docChanges().filter((c) => c.type !== 'removed').map((c) => c.doc.id);
        // Kept in the order they came, so an older list never lands after a newer one.
        latest = latest.then(() => cache?.replace(cid, packs.map((p) => p.pack))).then(
          () => onChange(packs, changed),
          () => onChange(packs, changed),
        );
      },
      (e) => void this.guarded(cid, () => Promise.reject(e)).catch((err: Error) => onGone(refusedCode(e) === 'permission-denied' ? err.message : `The campaign’s packs cannot be read now: ${err.message}`)),
    );
  }
}

/** The campaign's data if this person runs it; else why not, as a sentence. */
function gmCampaign(data: Record<string, unknown> | undefined, uid: string): Record<string, unknown> {
  if (!data) throw new CampaignError('This campaign no longer exists.');
  if (data.gm !== uid) throw new CampaignError('Only the campaign’s game master can publish, take off or allow its packs.');
  return data;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function sourcesOf(campaign: Record<string, unknown>): CampaignSources {
  const packs = stringList(campaign.packs);
  const allowed = Array.isArray(campaign.allowedSources) ? stringList(campaign.allowedSources) : [OFFICIAL_SOURCE, ...packs];
  return { packs, allowed };
}

function millis(t: unknown): number {
  return t instanceof Timestamp ? t.toMillis() : 0;
}
