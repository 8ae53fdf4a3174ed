/**
 * C5 (../sync.ts): documents that were on this device before sign-in go to
 * the account only when the user accepts the copy offer.
 */
import { $copyOffer } from '../syncStatus';
import type { SyncStore } from '../syncStore';
import type { DocumentRepository, StoredDocument } from '../types';

export class CopyOffer {
  constructor(
    private readonly local: DocumentRepository,
    private readonly store: SyncStore,
  ) {}

  /** Offers the copy (`$copyOffer`) unless the user already answered, or nothing would be copied. */
  async offer(): Promise<void> {
    if (await this.store.setting<boolean>('copyAnswered')) return $copyOffer.set(null);
    const count = (await this.deviceOnly()).length;
    $copyOffer.set(count ? { count } : null);
  }

  /** Documents on this device the account does not have. */
  private async deviceOnly(): Promise<StoredDocument[]> {
    const [live, trash, meta, queue] = await Promise.all([this.local.list(), this.local.list({ trash: true }), this.store.allMeta(), this.store.queue()]);
    const known = new Set([...meta.map((m) => m.id), ...queue.map((q) => q.id)]);
    return [...live, ...trash].filter((d) => !known.has(d.id));
  }

  /** Accepted: every such document is queued for the account; returns how many. */
  async accept(): Promise<number> {
    const docs = await this.deviceOnly();
    for (const d of docs) await this.store.enqueue(d.id);
    await this.answer();
    return docs.length;
  }

  /** Accepted or declined: not offered again (until sync resumes). */
  async answer(): Promise<void> {
    await this.store.setSetting('copyAnswered', true);
    $copyOffer.set(null);
  }

  /** Sync resumes after a pause: ask again. */
  async ask(): Promise<void> {
    await this.store.setSetting('copyAnswered', false);
    await this.offer();
  }
}
