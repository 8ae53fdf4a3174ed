/**
 * Every record and summary, kept after the first list so listing a large
 * library is a filter in memory, not a read of every record. Kept only when
 * other tabs' writes are announced (a BroadcastChannel): each message
 * refreshes its document here before listeners hear of it.
 */
import type { DocumentSummary, StoredDocument } from '../types';
import { publicSummary } from './records';
import type { SummaryRecord } from './database';

type Slot<T> = { at: number; reading: Promise<T[]> } | null;

export class ListCache {
  private records: Map<string, StoredDocument> | null = null;
  private summaries: Map<string, DocumentSummary> | null = null;
  /** Counts writes, so a list that raced one does not install a stale cache. */
  private writes = 0;
  /**
   * Reads of every record / summary under way, shared by lists asked for at
   * the same time (the library asks for live and trash together); joined
   * only while no write happened since the read started.
   */
  private recordRead: { current: Slot<StoredDocument> } = { current: null };
  private summaryRead: { current: Slot<DocumentSummary> } = { current: null };

  constructor(private readonly keep: boolean) {}

  /** Whether a write from another tab must refresh anything here. */
  get holdsAny(): boolean {
    return !!(this.records || this.summaries);
  }

  /** All summaries, if kept. */
  get keptSummaries(): DocumentSummary[] | null {
    return this.summaries ? [...this.summaries.values()] : null;
  }

  /** Every record: from the cache, or one read shared by lists asked for meanwhile. */
  async allRecords(read: () => Promise<StoredDocument[]>): Promise<StoredDocument[]> {
    if (this.records) return [...this.records.values()];
    const { at, reading } = this.shared(this.recordRead, read);
    const all = await reading;
    if (this.keep && !this.records && this.writes === at) this.records = new Map(all.map((d) => [d.id, d]));
    return all;
  }

  /** Every summary, the same way. */
  async allSummaries(read: () => Promise<DocumentSummary[]>): Promise<DocumentSummary[]> {
    if (this.summaries) return [...this.summaries.values()];
    const { at, reading } = this.shared(this.summaryRead, read);
    const all = await reading;
    if (this.keep && !this.summaries && this.writes === at) this.summaries = new Map(all.map((d) => [d.id, d]));
    return all;
  }

  /** A write happened somewhere (another tab): reads under way no longer count. */
  invalidate(): void {
    this.writes++;
  }

  /** A document was written (none: removed). */
  set(id: string, record: StoredDocument | undefined, summary?: SummaryRecord): void {
    this.writes++;
    if (this.records) {
      if (record) this.records.set(id, record);
      else this.records.delete(id);
    }
    if (this.summaries) {
      if (summary) this.summaries.set(id, publicSummary(summary));
      else this.summaries.delete(id);
    }
  }

  private shared<T>(slot: { current: Slot<T> }, read: () => Promise<T[]>): { at: number; reading: Promise<T[]> } {
    if (slot.current && slot.current.at === this.writes) return slot.current;
    const next = { at: this.writes, reading: read() };
    slot.current = next;
    const done = () => {
      if (slot.current === next) slot.current = null;
    };
    next.reading.then(done, done);
    return next;
  }
}
