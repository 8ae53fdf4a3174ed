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
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { evaluate, SCHEMA_VERSION, type Catalogues, type NucleusDocument } from '../rules/engine';
import { decideSave } from './conflicts';
import { carriedCopies } from './references';
import { pruneVersions, startsNewVersion, summariseChange } from './versions';
import {
  TRASH_DAYS,
  type ChangeEvent,
  type DocumentRepository,
  type DocumentSummary,
  type ListQuery,
  type SaveOptions,
  type SaveResult,
  type StoredDocument,
  type Usage,
  type Version,
} from './types';

export const DEFAULT_DB_NAME = 'nucleus-documents';
export const CHANNEL_NAME = 'nucleus-documents';
/** 1: documents, versions, meta. 2: + summaries (built from the documents on upgrade). */
const DB_VERSION = 2;
const DAY_MS = 86_400_000;

/** A version as stored: `startedAt` is when its coalescing window opened. */
interface VersionRecord extends Version {
  startedAt: number;
}

/** A summary as stored: with the schema version its document was saved in (an older one is upgraded when listed). */
type SummaryRecord = DocumentSummary & { schemaVersion?: unknown };

interface NucleusDB extends DBSchema {
  documents: { key: string; value: StoredDocument };
  summaries: { key: string; value: SummaryRecord };
  versions: { key: [string, string]; value: VersionRecord; indexes: { documentId: string } };
  meta: { key: string; value: unknown };
}

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

/**
 * The record a save stores: the document (stamped `at` unless its own
 * timestamps are kept), what lists show of it, and what stays from the
 * record it replaces (creation time, trash mark).
 */
export function storedRecord(parsed: NucleusDocument, save: { revision: number; valid: boolean; at: string; keepTimestamps?: boolean }, stored?: StoredDocument): StoredDocument {
  const keep = save.keepTimestamps && !Number.isNaN(Date.parse(parsed.updatedAt));
  const document = keep ? parsed : ({ ...parsed, updatedAt: save.at } as NucleusDocument);
  const record: StoredDocument = {
    id: document.id,
    kind: document.kind,
    name: document.name,
    tags: document.tags ?? [],
    revision: save.revision,
    createdAt: stored?.createdAt ?? (keep ? document.createdAt : save.at),
    updatedAt: keep ? document.updatedAt : save.at,
    valid: save.valid,
    document,
  };
  if (stored?.deletedAt) record.deletedAt = stored.deletedAt;
  return record;
}

/** `evaluate(doc).valid`, ignoring catalogue look-ups when there is no catalogue. */
export function validityOf(doc: NucleusDocument, catalogues?: Partial<Catalogues>): boolean {
  const result = evaluate(doc, catalogues ?? {});
  if (catalogues) return result.valid;
  return !result.issues.some((i) => i.severity === 'error' && !i.code.startsWith('unknown-'));
}

/**
 * The document parser (zod and every schema, ~25 KB gzipped) loads with the
 * first save or the first record of an older schema, not with the page: an
 * editor route lists and opens documents without it.
 */
let parser: typeof import('../rules/documents') | null = null;
const loadParser = async () => (parser ??= await import('../rules/documents'));
const isCurrent = (document: unknown) => (document as { schemaVersion?: unknown } | undefined)?.schemaVersion === SCHEMA_VERSION;
/** Loads the parser when one of these records needs `upgrade`. */
async function readyToUpgrade(records: readonly ({ document: unknown } | undefined)[]): Promise<void> {
  if (records.some((r) => r && !isCurrent(r.document))) await loadParser();
}

/** A stored record, brought to the current schema when an older Nucleus wrote it (after `readyToUpgrade`). */
function upgrade(record: StoredDocument): StoredDocument {
  if (isCurrent(record.document)) return record;
  try {
    if (!parser) throw new Error('The document parser is not loaded.');
    const document = parser.loadDocument(record.document);
    return { ...record, document, tags: document.tags ?? [] };
  } catch (e) {
    return { ...record, valid: false, problem: (e as Error).message };
  }
}

const jsonBytes = (value: unknown) => JSON.stringify(value).length;

/** The summary of a stored record; `versionBytes` is the size of its versions. */
export function summaryOf(record: StoredDocument, versionBytes = 0): SummaryRecord {
  const { document, ...rest } = record;
  const summary: SummaryRecord = { ...rest, bytes: jsonBytes(record) + versionBytes, schemaVersion: (document as { schemaVersion?: unknown }).schemaVersion };
  const carries = record.problem ? [] : carriedCopies(document);
  if (carries.length) summary.carries = carries;
  return summary;
}

function publicSummary({ schemaVersion: _schemaVersion, ...summary }: SummaryRecord): DocumentSummary {
  return summary;
}

function matches(doc: DocumentSummary, q: ListQuery, text: string): boolean {
  if (q.trash ? !doc.deletedAt : doc.deletedAt) return false;
  if (q.kind && doc.kind !== q.kind) return false;
  if (text && !doc.name.toLowerCase().includes(text)) return false;
  if (q.tags?.length && !q.tags.every((t) => doc.tags.includes(t))) return false;
  return true;
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortDocuments<T extends DocumentSummary>(docs: T[], sort: ListQuery['sort'] = 'updated'): T[] {
  if (sort === 'name') return docs.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  return docs.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id.localeCompare(b.id)));
}

/** The list a query asks for (shared with the cloud adapter and the library). */
export function applyListQuery<T extends DocumentSummary>(docs: readonly T[], q: ListQuery = {}): T[] {
  const text = (q.text ?? '').trim().toLowerCase();
  return sortDocuments(
    docs.filter((d) => matches(d, q, text)),
    q.sort,
  );
}

/** How long opening the database may take before the page says storage cannot be used. */
export const OPEN_TIMEOUT_MS = 8000;

/**
 * Another tab holds the database open at an older version and does not let
 * go: the upgrade waits for it (`blocked`).
 */
export class StorageBlockedError extends Error {
  override readonly name = 'StorageBlockedError';
}

/** Aborts a transaction that may already have ended (a failed request aborts it first). */
function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // already aborted or finished: nothing of it was committed past this point
  }
}

/** Opens (and upgrades) the database; never waits for ever (blocked, or no answer within OPEN_TIMEOUT_MS). */
function openDatabase(name: string): Promise<IDBPDatabase<NucleusDB>> {
  let fail: (e: Error) => void = () => undefined;
  const stuck = new Promise<never>((_, reject) => (fail = reject));
  const timer = setTimeout(() => fail(new StorageBlockedError(`The browser did not open its storage within ${OPEN_TIMEOUT_MS / 1000} s.`)), OPEN_TIMEOUT_MS);
  // Only the race below reports `stuck`; on its own it is not an error of the page.
  stuck.catch(() => undefined);
  let opening: Promise<IDBPDatabase<NucleusDB>>;
  try {
    opening = openDB<NucleusDB>(name, DB_VERSION, {
      blocked: () => fail(new StorageBlockedError('Another Nucleus tab holds an older version of the documents open.')),
      upgrade: upgradeDatabase,
    });
  } catch (e) {
    // A browser that refuses storage throws from indexedDB.open itself.
    clearTimeout(timer);
    return Promise.reject(e);
  }
  // A late success after a refusal: close it, so it does not block the next page.
  void opening.then(
    (db) => {
      clearTimeout(timer);
      return stuck.catch(() => db.close());
    },
    () => clearTimeout(timer),
  );
  return Promise.race([opening, stuck]);
}

async function upgradeDatabase(database: IDBPDatabase<NucleusDB>, oldVersion: number, _newVersion: number | null, tx: IDBPTransaction<NucleusDB, ('documents' | 'versions' | 'summaries' | 'meta')[], 'versionchange'>): Promise<void> {
  if (oldVersion < 1) {
    database.createObjectStore('documents', { keyPath: 'id' });
    const versions = database.createObjectStore('versions', { keyPath: ['documentId', 'id'] });
    versions.createIndex('documentId', 'documentId');
    database.createObjectStore('meta');
  }
  if (oldVersion < 2) {
    const summaries = database.createObjectStore('summaries', { keyPath: 'id' });
    if (oldVersion >= 1) {
      // Built once from what is stored; the documents themselves are not touched.
      const [docs, versions] = await Promise.all([tx.objectStore('documents').getAll(), tx.objectStore('versions').getAll()]);
      const versionBytes = new Map<string, number>();
      for (const v of versions) versionBytes.set(v.documentId, (versionBytes.get(v.documentId) ?? 0) + jsonBytes(v));
      await Promise.all(docs.map((d) => summaries.put(summaryOf(d, versionBytes.get(d.id) ?? 0))));
    }
  }
}

export async function openLocalRepository(options: LocalRepositoryOptions = {}): Promise<LocalRepository> {
  const now = options.now ?? Date.now;
  const db = await openDatabase(options.dbName ?? DEFAULT_DB_NAME);
  const listeners = new Set<(e: ChangeEvent) => void>();
  const channelName = options.channel === undefined ? CHANNEL_NAME : options.channel;
  const channel = channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;
  /**
   * Every record, kept after the first list so listing a large library is a
   * filter in memory, not a read of every record. Only with a channel: it is
   * what tells this cache about other tabs' writes (each message refreshes
   * its document before listeners hear of it).
   */
  let cache: Map<string, StoredDocument> | null = null;
  /** The same for summaries (the library's list). */
  let summaryCache: Map<string, DocumentSummary> | null = null;
  const useCache = !!channel;
  /**
   * Reads of every record / summary under way, shared by lists asked for at
   * the same time (the library asks for live and trash together); joined
   * only while no write happened since the read started.
   */
  type SharedRead<T> = { current: { at: number; reading: Promise<T[]> } | null };
  const recordRead: SharedRead<StoredDocument> = { current: null };
  const summaryRead: SharedRead<DocumentSummary> = { current: null };
  function shared<T>(slot: SharedRead<T>, read: () => Promise<T[]>): { at: number; reading: Promise<T[]> } {
    if (slot.current && slot.current.at === writes) return slot.current;
    const next = { at: writes, reading: read() };
    slot.current = next;
    const done = () => {
      if (slot.current === next) slot.current = null;
    };
    next.reading.then(done, done);
    return next;
  }
  /** Counts writes, so a list that raced one does not install a stale cache. */
  let writes = 0;
  const cacheSet = (record: StoredDocument | undefined, id: string, summary?: SummaryRecord) => {
    writes++;
    if (cache) {
      if (record) cache.set(id, record);
      else cache.delete(id);
    }
    if (summaryCache) {
      if (summary) summaryCache.set(id, publicSummary(summary));
      else summaryCache.delete(id);
    }
  };
  if (channel) {
    channel.onmessage = async (m: MessageEvent<ChangeEvent>) => {
      writes++;
      if (cache || summaryCache) {
        const tx = db.transaction(['documents', 'summaries']);
        const [record, summary] = await Promise.all([tx.objectStore('documents').get(m.data.id), tx.objectStore('summaries').get(m.data.id)]);
        await readyToUpgrade([record]);
        cacheSet(record && upgrade(record), m.data.id, summary && (await currentSummary(summary)));
      }
      for (const l of listeners) l({ ...m.data, remote: true });
    };
  }

  /** A summary whose document an older Nucleus saved: listed as its upgraded document reads (or with its problem). */
  async function currentSummary(summary: SummaryRecord): Promise<SummaryRecord> {
    if (summary.schemaVersion === SCHEMA_VERSION) return summary;
    const record = await db.get('documents', summary.id);
    await readyToUpgrade([record]);
    return record ? { ...summaryOf(upgrade(record)), bytes: summary.bytes } : summary;
  }
  const emit = (event: Omit<ChangeEvent, 'remote'>) => {
    for (const l of listeners) l({ ...event, remote: false });
    channel?.postMessage({ ...event, remote: false });
  };

  let persistAsked = false;
  const askPersist = async () => {
    if (persistAsked) return;
    persistAsked = true;
    try {
      if (await db.get('meta', 'persistRequested')) return;
      await db.put('meta', new Date(now()).toISOString(), 'persistRequested');
    } catch {
      return; // closed meanwhile (the page is going): the next session asks
    }
    const persist = options.persist ?? (() => globalThis.navigator?.storage?.persist?.() ?? Promise.resolve(false));
    try {
      await persist();
    } catch {
      // A browser that refuses is fine: the data is still saved, just evictable.
    }
  };

  /** Parsing and evaluation happen before the transaction: it must not wait on anything else. */
  function prepare(document: NucleusDocument, options: SaveOptions) {
    const parsed = parser!.loadDocument(document);
    const valid = options.valid ?? validityOf(parsed, repo.catalogues());
    return { parsed, valid, options };
  }

  type Prepared = ReturnType<typeof prepare>;

  type WriteResult = SaveResult & { summary?: SummaryRecord };

  async function write(tx: IDBPTransaction<NucleusDB, ('documents' | 'versions' | 'summaries')[], 'readwrite'>, p: Prepared): Promise<WriteResult> {
    const { parsed, valid, options } = p;
    const docs = tx.objectStore('documents');
    const vers = tx.objectStore('versions');
    const stored = await docs.get(parsed.id);
    const decision = decideSave(stored?.revision, options.basedOn);
    if (!decision.ok) return { ok: false, conflict: upgrade(stored!) };
    const at = now();
    const iso = new Date(at).toISOString();
    const record = storedRecord(parsed, { revision: decision.revision, valid, at: iso, keepTimestamps: options.keepTimestamps }, stored);
    const document = record.document;
    if (stored?.sync) record.sync = stored.sync;
    await docs.put(record);

    const history = await vers.index('documentId').getAll(document.id);
    history.sort((a, b) => b.startedAt - a.startedAt || b.revision - a.revision);
    const newest = history[0];
    const coalesce = !options.newVersion && newest && !startsNewVersion({ at: newest.startedAt, revision: newest.revision }, at);
    const before = coalesce ? history[1] : newest;
    const summary = summariseChange(before ? (before.document as Record<string, unknown>) : null, document as Record<string, unknown>);
    const version: VersionRecord = coalesce
      ? { ...newest, revision: record.revision, savedAt: iso, summary, document }
      : { id: `r${record.revision}`, documentId: document.id, revision: record.revision, savedAt: iso, startedAt: at, summary, document };
    await vers.put(version);
    let kept = coalesce ? [version, ...history.slice(1)] : [version, ...history];
    if (!coalesce) {
      const keep = new Set(pruneVersions(kept.map((v) => ({ ...v, at: v.startedAt }))).map((v) => v.id));
      for (const v of history) if (!keep.has(v.id)) await vers.delete([v.documentId, v.id]);
      kept = kept.filter((v) => keep.has(v.id));
    }
    const listed = summaryOf(record, kept.reduce((n, v) => n + jsonBytes(v), 0));
    await tx.objectStore('summaries').put(listed);
    return { ok: true, stored: record, summary: listed };
  }

  async function saveAll(items: readonly { document: NucleusDocument; options: SaveOptions }[]): Promise<SaveResult[]> {
    await loadParser();
    const prepared = items.map((i) => prepare(i.document, i.options));
    const tx = db.transaction(['documents', 'versions', 'summaries'], 'readwrite');
    const results: WriteResult[] = [];
    try {
      for (const p of prepared) results.push(await write(tx, p));
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
    for (const r of results) if (r.ok) cacheSet(r.stored, r.stored.id, r.summary);
    results.forEach((r, i) => {
      const moved = items[i]!.options.movedToCopy;
      if (r.ok) emit({ type: 'saved', id: r.stored.id, kind: r.stored.kind, revision: r.stored.revision, ...(moved ? { movedToCopy: moved } : {}) });
    });
    if (results.some((r) => r.ok)) void askPersist();
    return results.map(({ summary: _summary, ...r }) => r as SaveResult);
  }

  async function setDeleted(id: string, deletedAt: string | undefined): Promise<StoredDocument | undefined> {
    const tx = db.transaction(['documents', 'summaries'], 'readwrite');
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
      await readyToUpgrade([next]);
      cacheSet(upgrade(next), id, await currentSummary(summary));
    }
    return stored;
  }

  async function purgeOne(id: string): Promise<void> {
    const tx = db.transaction(['documents', 'versions', 'summaries'], 'readwrite');
    await tx.objectStore('documents').delete(id);
    await tx.objectStore('summaries').delete(id);
    const keys = await tx.objectStore('versions').index('documentId').getAllKeys(id);
    for (const k of keys) await tx.objectStore('versions').delete(k);
    await tx.done;
    cacheSet(undefined, id);
  }

  const repo: LocalRepository & { catalogues: () => Partial<Catalogues> | undefined } = {
    place: 'device',
    catalogues: options.catalogues ?? (() => undefined),

    async list(query: ListQuery = {}) {
      if (cache) return applyListQuery([...cache.values()], query);
      const { at, reading } = shared(recordRead, async () => {
        const records = await db.getAll('documents');
        await readyToUpgrade(records);
        return records.map(upgrade);
      });
      const all = await reading;
      if (useCache && !cache && writes === at) cache = new Map(all.map((d) => [d.id, d]));
      return applyListQuery(all, query);
    },

    async summaries(query: ListQuery = {}) {
      if (summaryCache) return applyListQuery([...summaryCache.values()], query);
      const { at, reading } = shared(summaryRead, async () => (await Promise.all((await db.getAll('summaries')).map(currentSummary))).map(publicSummary));
      const list = await reading;
      if (useCache && !summaryCache && writes === at) summaryCache = new Map(list.map((d) => [d.id, d]));
      return applyListQuery(list, query);
    },

    async get(id) {
      const r = await db.get('documents', id);
      await readyToUpgrade([r]);
      return r && upgrade(r);
    },

    async save(document, saveOptions) {
      return (await saveAll([{ document, options: saveOptions }]))[0]!;
    },

    saveMany: saveAll,

    async delete(id) {
      const stored = await setDeleted(id, new Date(now()).toISOString());
      if (stored) emit({ type: 'deleted', id, kind: stored.kind, revision: stored.revision });
    },

    async restore(id) {
      const stored = await setDeleted(id, undefined);
      if (stored) emit({ type: 'restored', id, kind: stored.kind, revision: stored.revision });
    },

    async purge(id) {
      const stored = await db.get('documents', id);
      await purgeOne(id);
      emit({ type: 'purged', id, kind: stored?.kind });
    },

    async versions(id) {
      const list = await db.getAllFromIndex('versions', 'documentId', id);
      await readyToUpgrade(list);
      return list
        .sort((a, b) => b.revision - a.revision)
        .map(({ startedAt: _startedAt, ...v }) => ({ ...v, document: upgrade({ document: v.document } as StoredDocument).document }));
    },

    async restoreVersion(id, versionId) {
      const [version, stored] = await Promise.all([db.get('versions', [id, versionId]), db.get('documents', id)]);
      if (!version || !stored) throw new Error(`There is no version ${versionId} of document ${id}.`);
      return repo.save(version.document, { basedOn: stored.revision, newVersion: true });
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async usage(): Promise<Usage> {
      // The summaries carry each document's bytes (with its versions): no need to read everything.
      const all = summaryCache ? [...summaryCache.values()] : await db.getAll('summaries');
      const documents = all.length;
      const bytes = all.reduce((n, s) => n + (s.bytes ?? 0), 0);
      const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
      return estimate?.quota ? { documents, bytes, quota: estimate.quota } : { documents, bytes };
    },

    async purgeExpired() {
      const cutoff = now() - TRASH_DAYS * DAY_MS;
      const expired = (await db.getAll('summaries')).filter((d) => d.deletedAt && Date.parse(d.deletedAt) < cutoff);
      for (const d of expired) {
        await purgeOne(d.id);
        emit({ type: 'purged', id: d.id, kind: d.kind });
      }
      return expired.length;
    },

    close() {
      channel?.close();
      listeners.clear();
      db.close();
    },
    ready: async () => undefined,
  };
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
