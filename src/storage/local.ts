/**
 * This device's documents: IndexedDB through `idb` (stores `documents`,
 * `versions`, `summaries`, `meta`). Implements DocumentRepository.
 *
 * - Every document is migrated and parsed with the rules engine on the way
 *   in (save, import) and, when its schemaVersion is older, on the way out;
 *   unknown fields are kept (the schemas are loose).
 * - A save names the revision it was based on (conflicts.ts R1/R2); a
 *   conflict returns the stored document and writes nothing.
 * - Every save also writes a version, coalesced and pruned per versions.ts.
 * - Delete marks `deletedAt`; documents in the trash longer than TRASH_DAYS
 *   are purged when the repository opens.
 * - `summaries` holds each document without its content (name, kind, tags,
 *   revision, validity, trash mark, bytes, the copies it carries), written
 *   in the same transaction as every save, delete, restore and purge, so
 *   the library's first list reads a small record per document instead of
 *   every document. Version 2 of the database builds it once from the
 *   stored documents when an older database is opened.
 * - Changes are announced to this tab's subscribers and, through a
 *   BroadcastChannel, to other tabs' (there with `remote: true`).
 *
 * In pieces under local/: `database` (stores, opening, upgrading the
 * database), `records` (records, summaries, list queries), `upgrade`
 * (older documents to the current schema; loads the parser itself),
 * `write` (one save's transaction), `cache` (lists kept in memory),
 * `changes` (this tab's and other tabs' change events). This file ties
 * them into the repository.
 */
import type { Catalogues, NucleusDocument } from '../rules/engine';
import { TRASH_DAYS, type ChangeEvent, type DocumentRepository, type DocumentSummary, type ListQuery, type SaveOptions, type SaveResult, type StoredDocument, type Usage, type Version } from './types';
import { abortQuietly, DEFAULT_DB_NAME, openDatabase, type Database } from './local/database';
import { applyListQuery, jsonBytes, publicSummary, summaryOf, validityOf } from './local/records';
import { documentParser, isCurrent, upgraded, upgradedOne, type DocumentParser } from './local/upgrade';
import { ListCache } from './local/cache';
import { ChangeFeed } from './local/changes';
import { writeDocument, type PreparedSave, type WriteResult } from './local/write';
import type { SummaryRecord } from './local/database';

export { DEFAULT_DB_NAME, OPEN_TIMEOUT_MS, StorageBlockedError } from './local/database';
export { applyListQuery, sortDocuments, storedRecord, summaryOf, validityOf } from './local/records';

export const CHANNEL_NAME = 'nucleus-documents';
const DAY_MS = 86_400_000;

export interface LocalRepositoryOptions {
  /** IndexedDB database name (tests and benchmarks use their own). */
  dbName?: string;
  /** Clock, ms since epoch (tests move it). */
  now?: () => number;
  /**
   * The catalogues for `valid` when a save does not say. Without them,
   * issues that only mean "not in the catalogue" are not counted, since
   * the repository cannot know the catalogue.
   */
  catalogues?: () => Partial<Catalogues> | undefined;
  /** BroadcastChannel name for other tabs; null: this tab only. */
  channel?: string | null;
  /** Asks for persistent storage; defaults to navigator.storage.persist. */
  persist?: () => Promise<boolean>;
}

export interface LocalRepository extends DocumentRepository {
  readonly place: 'device';
  summaries(query?: ListQuery): Promise<DocumentSummary[]>;
  /** Removes documents that have been in the trash longer than TRASH_DAYS. Returns how many. */
  purgeExpired(): Promise<number>;
  /** Several documents at once (an import): all written in one transaction, or none (BatchConflictError). */
  saveMany(documents: readonly { document: NucleusDocument; options: SaveOptions }[]): Promise<SaveResult[]>;
  close(): void;
  /** Resolves once the database is open; rejects with why it cannot be (VersionError, blocked, refused). */
  ready(): Promise<void>;
}

/** A batch (saveMany) met stored documents newer than it expected: nothing was written. */
export class BatchConflictError extends Error {
  override readonly name = 'BatchConflictError';
  constructor(readonly conflicts: StoredDocument[]) {
    super(`Nothing was saved: ${conflicts.map((c) => `"${c.name}"`).join(', ')} changed meanwhile.`);
  }
}

/** Asks the browser once per database to keep its storage (not evict it), after the first save. */
class PersistRequest {
  private asked = false;
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly persist: () => Promise<boolean>,
  ) {}

  async ask(): Promise<void> {
    if (this.asked) return;
    this.asked = true;
    try {
      if (await this.db.get('meta', 'persistRequested')) return;
      await this.db.put('meta', new Date(this.now()).toISOString(), 'persistRequested');
    } catch {
      return; // closed meanwhile (the page is going): the next session asks
    }
    try {
      await this.persist();
    } catch {
      // A browser that refuses is fine: the data is still saved, just evictable.
    }
  }
}

/** The repository on an open database. Every read brings older records to the current schema itself. */
class LocalDocuments implements LocalRepository {
  readonly place = 'device' as const;
  private readonly cache: ListCache;
  private readonly changes: ChangeFeed;
  private readonly persistence: PersistRequest;
  private readonly now: () => number;
  private readonly catalogues: () => Partial<Catalogues> | undefined;

  constructor(
    private readonly db: Database,
    options: LocalRepositoryOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.catalogues = options.catalogues ?? (() => undefined);
    const channelName = options.channel === undefined ? CHANNEL_NAME : options.channel;
    this.changes = new ChangeFeed(channelName, (e) => this.heardFromOtherTab(e));
    this.cache = new ListCache(this.changes.hearsOtherTabs);
    const persist = options.persist ?? (() => globalThis.navigator?.storage?.persist?.() ?? Promise.resolve(false));
    this.persistence = new PersistRequest(db, this.now, persist);
  }

  /** Another tab wrote a document: refresh it here before listeners hear of it. */
  private async heardFromOtherTab(e: ChangeEvent): Promise<void> {
    this.cache.invalidate();
    if (!this.cache.holdsAny) return;
    const tx = this.db.transaction(['documents', 'summaries']);
    const [record, summary] = await Promise.all([tx.objectStore('documents').get(e.id), tx.objectStore('summaries').get(e.id)]);
    this.cache.set(e.id, await upgradedOne(record), summary && (await this.currentSummary(summary)));
  }

  /** A summary whose document an older Nucleus saved: listed as its upgraded document reads (or with its problem). */
  private async currentSummary(summary: SummaryRecord): Promise<SummaryRecord> {
    if (isCurrent(summary)) return summary;
    const record = await upgradedOne(await this.db.get('documents', summary.id));
    return record ? { ...summaryOf(record), bytes: summary.bytes } : summary;
  }

  async list(query: ListQuery = {}): Promise<StoredDocument[]> {
    const all = await this.cache.allRecords(async () => upgraded(await this.db.getAll('documents')));
    return applyListQuery(all, query);
  }

  async summaries(query: ListQuery = {}): Promise<DocumentSummary[]> {
    const all = await this.cache.allSummaries(async () => (await Promise.all((await this.db.getAll('summaries')).map((s) => this.currentSummary(s)))).map(publicSummary));
    return applyListQuery(all, query);
  }

  async get(id: string): Promise<StoredDocument | undefined> {
    return upgradedOne(await this.db.get('documents', id));
  }

  async save(document: NucleusDocument, options: SaveOptions): Promise<SaveResult> {
    return (await this.saveMany([{ document, options }]))[0]!;
  }

  /** All written in one transaction, or none. */
  async saveMany(items: readonly { document: NucleusDocument; options: SaveOptions }[]): Promise<SaveResult[]> {
    // Parsing and evaluation happen before the transaction: it must not wait on anything else.
    const parser = await documentParser();
    const prepared = items.map((i) => this.prepare(parser, i.document, i.options));
    const results = await this.writeAll(prepared, parser);
    for (const r of results) if (r.ok) this.cache.set(r.stored.id, r.stored, r.summary);
    results.forEach((r, i) => {
      const moved = items[i]!.options.movedToCopy;
      if (r.ok) this.changes.emit({ type: 'saved', id: r.stored.id, kind: r.stored.kind, revision: r.stored.revision, ...(moved ? { movedToCopy: moved } : {}) });
    });
    if (results.some((r) => r.ok)) void this.persistence.ask();
    return results.map(({ summary: _summary, ...r }) => r as SaveResult);
  }

  private prepare(parser: DocumentParser, document: NucleusDocument, options: SaveOptions): PreparedSave {
    const parsed = parser.parse(document);
    const valid = options.valid ?? validityOf(parsed, this.catalogues());
    return { parsed, valid, options };
  }

  /** One transaction for the batch; a conflict in a batch of several, or a write that throws, takes all of it back. */
  private async writeAll(prepared: PreparedSave[], parser: DocumentParser): Promise<WriteResult[]> {
    const tx = this.db.transaction(['documents', 'versions', 'summaries'], 'readwrite');
    const results: WriteResult[] = [];
    try {
      for (const p of prepared) results.push(await writeDocument(tx, p, this.now(), parser));
    } catch (e) {
      // A batch is all or nothing: a write that throws (not only one the browser fails,
      // which aborts by itself) takes back the ones before it.
      abortQuietly(tx);
      await tx.done.catch(() => undefined);
      throw e;
    }
    const conflicts = results.flatMap((r) => (r.ok ? [] : [r.conflict]));
    if (conflicts.length && results.length > 1) {
      // A batch is all or nothing.
      abortQuietly(tx);
      await tx.done.catch(() => undefined);
      throw new BatchConflictError(conflicts);
    }
    await tx.done;
    return results;
  }

  /** Marks (or unmarks) a document as in the trash; returns it as it was. */
  private async setDeleted(id: string, deletedAt: string | undefined): Promise<StoredDocument | undefined> {
    const tx = this.db.transaction(['documents', 'summaries'], 'readwrite');
    const stored = await tx.objectStore('documents').get(id);
    if (stored) {
      const next = { ...stored };
      if (deletedAt) next.deletedAt = deletedAt;
      else delete next.deletedAt;
      await tx.objectStore('documents').put(next);
      const before = await tx.objectStore('summaries').get(id);
      const summary = { ...summaryOf(next), bytes: before?.bytes ?? jsonBytes(next) };
      await tx.objectStore('summaries').put(summary);
      await tx.done;
      this.cache.set(id, await upgradedOne(next), await this.currentSummary(summary));
    }
    return stored;
  }

  private async purgeOne(id: string): Promise<void> {
    const tx = this.db.transaction(['documents', 'versions', 'summaries'], 'readwrite');
    await tx.objectStore('documents').delete(id);
    await tx.objectStore('summaries').delete(id);
    const keys = await tx.objectStore('versions').index('documentId').getAllKeys(id);
    for (const k of keys) await tx.objectStore('versions').delete(k);
    await tx.done;
    this.cache.set(id, undefined);
  }

  async delete(id: string): Promise<void> {
    const stored = await this.setDeleted(id, new Date(this.now()).toISOString());
    if (stored) this.changes.emit({ type: 'deleted', id, kind: stored.kind, revision: stored.revision });
  }

  async restore(id: string): Promise<void> {
    const stored = await this.setDeleted(id, undefined);
    if (stored) this.changes.emit({ type: 'restored', id, kind: stored.kind, revision: stored.revision });
  }

  async purge(id: string): Promise<void> {
    const stored = await this.db.get('documents', id);
    await this.purgeOne(id);
    this.changes.emit({ type: 'purged', id, kind: stored?.kind });
  }

  async versions(id: string): Promise<Version[]> {
    const list = await this.db.getAllFromIndex('versions', 'documentId', id);
    const documents = await upgraded(list.map((v) => ({ document: v.document }) as StoredDocument));
    return list
      .map(({ startedAt: _startedAt, ...v }, i) => ({ ...v, document: documents[i]!.document }))
      .sort((a, b) => b.revision - a.revision);
  }

  async restoreVersion(id: string, versionId: string): Promise<SaveResult> {
    const [version, stored] = await Promise.all([this.db.get('versions', [id, versionId]), this.db.get('documents', id)]);
    if (!version || !stored) throw new Error(`There is no version ${versionId} of document ${id}.`);
    return this.save(version.document, { basedOn: stored.revision, newVersion: true });
  }

  subscribe(listener: (e: ChangeEvent) => void): () => void {
    return this.changes.subscribe(listener);
  }

  async usage(): Promise<Usage> {
    // The summaries carry each document's bytes (with its versions): no need to read everything.
    const all = this.cache.keptSummaries ?? (await this.db.getAll('summaries'));
    const documents = all.length;
    const bytes = all.reduce((n, s) => n + (s.bytes ?? 0), 0);
    const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
    return estimate?.quota ? { documents, bytes, quota: estimate.quota } : { documents, bytes };
  }

  async purgeExpired(): Promise<number> {
    const cutoff = this.now() - TRASH_DAYS * DAY_MS;
    const expired = (await this.db.getAll('summaries')).filter((d) => d.deletedAt && Date.parse(d.deletedAt) < cutoff);
    for (const d of expired) {
      await this.purgeOne(d.id);
      this.changes.emit({ type: 'purged', id: d.id, kind: d.kind });
    }
    return expired.length;
  }

  close(): void {
    this.changes.close();
    this.db.close();
  }

  async ready(): Promise<void> {}
}

/** Opens the database, purges the trash past TRASH_DAYS, and gives the repository. */
export async function openLocalRepository(options: LocalRepositoryOptions = {}): Promise<LocalRepository> {
  const db = await openDatabase(options.dbName ?? DEFAULT_DB_NAME);
  const repo = new LocalDocuments(db, options);
  await repo.purgeExpired();
  return repo;
}

/**
 * The same repository, usable at once: each call waits for the database to
 * open (for code that needs a repository synchronously, such as a module
 * that hands one to every editor).
 */
export function createLocalRepository(options: LocalRepositoryOptions = {}): LocalRepository {
  const opened = openLocalRepository(options);
  // Its failure reaches every caller (and `ready()`); it is not an unhandled error of the page.
  opened.catch(() => undefined);
  const call =
    <K extends 'list' | 'summaries' | 'get' | 'save' | 'saveMany' | 'delete' | 'restore' | 'purge' | 'versions' | 'restoreVersion' | 'usage' | 'purgeExpired'>(name: K) =>
    async (...args: unknown[]): Promise<unknown> =>
      ((await opened)[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  return {
    place: 'device',
    list: call('list'),
    summaries: call('summaries'),
    get: call('get'),
    save: call('save'),
    saveMany: call('saveMany'),
    delete: call('delete'),
    restore: call('restore'),
    purge: call('purge'),
    versions: call('versions'),
    restoreVersion: call('restoreVersion'),
    usage: call('usage'),
    purgeExpired: call('purgeExpired'),
    subscribe(listener) {
      let stop: (() => void) | null = null;
      let cancelled = false;
      void opened.then(
        (r) => {
          if (!cancelled) stop = r.subscribe(listener);
        },
        () => undefined,
      );
      return () => {
        cancelled = true;
        stop?.();
      };
    },
    close() {
      void opened.then((r) => r.close(), () => undefined);
    },
    ready: () => opened.then(() => undefined),
  } as LocalRepository;
}
