/**
 * The cloud place: the signed-in user's documents in Firestore, under
 * `users/{uid}/documents/{id}` with their versions in a `versions`
 * subcollection (firestore.rules checks the path and the shape).
 *
 * Heavy (the Firestore SDK): import it dynamically, only once someone is
 * signed in. A save runs in a transaction that reads the stored revision
 * first, so a save based on an older revision comes back as a conflict and
 * never overwrites (conflicts.ts R2); the rules refuse such a write too.
 */
import type { FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteField,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  onSnapshot,
  runTransaction,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { loadDocument, type DocumentKind, type NucleusDocument } from '../rules';
import { decideSave } from './conflicts';
import { applyListQuery, validityOf } from './local/records';
import { pruneVersions, startsNewVersion, summariseChange } from './versions';
import { MAX_CLOUD_JSON, type ChangeEvent, type DocumentRepository, type ListQuery, type SaveOptions, type SaveResult, type StoredDocument, type Usage, type Version } from './types';

/** Characters of a document's JSON the cloud takes (firestore.rules has the same number). */
export { MAX_CLOUD_JSON };

/** The rest of what the cloud takes of a document; firestore.rules has the same numbers. */
export const CLOUD_LIMITS = { name: 300, tags: 100, tagCharacters: 100, date: 40 } as const;

/**
 * The kinds firestore.rules keeps among a player's documents. A pack is not
 * one of them yet: it is shared through a campaign (issue 49), so until the
 * rules keep packs a pack stays on the device with a sentence, instead of
 * a refused write.
 */
export const CLOUD_KINDS: readonly DocumentKind[] = ['blueprint', 'core', 'character', 'creature', 'encounter'];

/** What one Firestore document holds. */
interface CloudRecord {
  id: string;
  kind: StoredDocument['kind'];
  name: string;
  tags: string[];
  revision: number;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  valid: boolean;
  json: string;
  /** The newest version (for coalescing without a query inside the transaction). */
  head?: { id: string; at: number };
}

interface VersionRecord {
  id: string;
  documentId: string;
  revision: number;
  savedAt: string;
  summary: string;
  json: string;
}

export interface EmulatorTarget {
  host: string;
  port: number;
  /** Tests only: act as this user without the Auth service. */
  mockUserToken?: { user_id: string } & Record<string, unknown>;
}

const connected = new WeakSet<Firestore>();

/** The app's Firestore, pointed at the emulator when one is named. */
export function openFirestore(app: FirebaseApp, emulator: EmulatorTarget | null): Firestore {
  const db = getFirestore(app);
  if (emulator && !connected.has(db)) {
    connected.add(db);
    connectFirestoreEmulator(db, emulator.host, emulator.port, emulator.mockUserToken ? { mockUserToken: emulator.mockUserToken } : {});
  }
  return db;
}

/** Rule issues never block a save; the flag only marks the library entry. */
function defaultValidity(document: NucleusDocument): boolean {
  try {
    return validityOf(document);
  } catch {
    return false;
  }
}

function toStored(r: CloudRecord): StoredDocument {
  const stored: StoredDocument = {
    id: r.id,
    kind: r.kind,
    name: r.name,
    tags: [...(r.tags ?? [])],
    revision: r.revision,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    valid: r.valid,
    document: loadDocument(JSON.parse(r.json)),
  };
  if (r.deletedAt) stored.deletedAt = r.deletedAt;
  return stored;
}

function toVersion(r: VersionRecord): Version {
  return { id: r.id, documentId: r.documentId, revision: r.revision, savedAt: r.savedAt, summary: r.summary, document: loadDocument(JSON.parse(r.json)) };
}

export class CloudSizeError extends Error {
  constructor(name: string, size: number) {
    super(`"${name}" is too large to keep in the cloud (${size.toLocaleString('en')} characters; the limit is ${MAX_CLOUD_JSON.toLocaleString('en')}). It stays on this device; export it to keep a copy elsewhere.`);
    this.name = 'CloudSizeError';
  }
}

/** A document the cloud would refuse for a field other than its size; the sentence names the field. */
export class CloudLimitError extends Error {
  constructor(name: string, problem: string) {
    super(`"${name}" cannot be kept in the cloud: ${problem}. It stays on this device; change that and it syncs again.`);
    this.name = 'CloudLimitError';
  }
}

const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * What firestore.rules would refuse in a document (besides its size), as a
 * phrase naming the field; null when it fits. Checked before sending, so the
 * person reads what to change instead of "missing or insufficient permissions".
 */
export function cloudLimitProblem(document: NucleusDocument): string | null {
  const { name, tags = [], createdAt, updatedAt, id } = document;
  if (!CLOUD_KINDS.includes(document.kind)) return `the cloud does not keep ${document.kind}s among your documents yet`;
  if (name.length > CLOUD_LIMITS.name) return `its name has ${name.length} characters (at most ${CLOUD_LIMITS.name})`;
  if (tags.length > CLOUD_LIMITS.tags) return `it has ${tags.length} tags (at most ${CLOUD_LIMITS.tags})`;
  for (const [i, tag] of tags.entries()) {
    // The rules count a tag's characters as code points, not UTF-16 units.
    if (tag === '') return `tag ${i + 1} is empty`;
    if (tag.includes('\n')) return `tag ${i + 1} (${quoted(tag)}) holds a line break`;
    if ([...tag].length > CLOUD_LIMITS.tagCharacters) return `tag ${i + 1} (${quoted(tag)}) is longer than ${CLOUD_LIMITS.tagCharacters} characters`;
  }
  for (const [field, value] of [['createdAt', createdAt], ['updatedAt', updatedAt]] as const) {
    if (value.length > CLOUD_LIMITS.date) return `its ${field} (${quoted(value)}) is longer than ${CLOUD_LIMITS.date} characters`;
  }
  // The rules find the id in the JSON text, where JSON escapes a control character.
  if ([...id].some((c) => c < ' ')) return `its id ${quoted(id)} holds a control character`;
  return null;
}

export interface CloudOptions {
  validity?: (document: NucleusDocument) => boolean;
  now?: () => number;
}

export class CloudRepository implements DocumentRepository {
  readonly place = 'cloud' as const;
  private readonly validity: (document: NucleusDocument) => boolean;
  private readonly now: () => number;
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private unwatch: (() => void) | null = null;
  /** Settles with the watcher's first snapshot (or its failure). */
  private watched: Promise<void> = Promise.resolve();
  /** `id@revision` of this client's own writes, so the watcher can tell them from other devices'. */
  private readonly own = new Set<string>();
  /**
   * This client's saves (id → revision) that the watched list may not show
   * yet: the browser SDK answers a query from the collection it already
   * watches, which takes in a transaction's commit only when the watch stream
   * delivers it, so a list, a count or "delete my cloud data" right after a
   * save could miss it.
   */
  private readonly unseen = new Map<string, number>();

  constructor(
    private readonly db: Firestore,
    readonly uid: string,
    options: CloudOptions = {},
  ) {
    this.validity = options.validity ?? defaultValidity;
    this.now = options.now ?? Date.now;
  }

  private documents() {
    return collection(this.db, 'users', this.uid, 'documents');
  }
  private ref(id: string) {
    return doc(this.db, 'users', this.uid, 'documents', id);
  }
  private versionsOf(id: string) {
    return collection(this.db, 'users', this.uid, 'documents', id, 'versions');
  }

  async list(query?: ListQuery): Promise<StoredDocument[]> {
    const all: StoredDocument[] = [];
    for (const r of await this.records()) {
      try {
        all.push(toStored(r));
      } catch (e) {
        // One unreadable document (say, from a newer Nucleus) must not hide the others.
        console.warn(`[nucleus] cloud document ${r.id} could not be read:`, e);
      }
    }
    return applyListQuery(all, query);
  }

  /** Every document record: the list, with this client's unseen saves read directly. */
  private async records(): Promise<CloudRecord[]> {
    const snap = await getDocs(this.documents());
    const records = new Map(snap.docs.map((d) => [d.id, d.data() as CloudRecord]));
    for (const [id, revision] of [...this.unseen]) {
      if ((records.get(id)?.revision ?? -1) >= revision) {
        this.unseen.delete(id);
        continue;
      }
      // A single document's read is its own query, answered by the server.
      const fresh = await getDoc(this.ref(id));
      if (fresh.exists()) records.set(id, fresh.data() as CloudRecord);
      else this.unseen.delete(id);
    }
    return [...records.values()];
  }

  async get(id: string): Promise<StoredDocument | undefined> {
    const snap = await getDoc(this.ref(id));
    return snap.exists() ? toStored(snap.data() as CloudRecord) : undefined;
  }

  async save(input: NucleusDocument, options: SaveOptions): Promise<SaveResult> {
    const document = loadDocument(input);
    const json = JSON.stringify(document);
    if (json.length > MAX_CLOUD_JSON) throw new CloudSizeError(document.name, json.length);
    const problem = cloudLimitProblem(document);
    if (problem) throw new CloudLimitError(document.name, problem);
    const ref = this.ref(document.id);
    const result = await this.transact(ref, document, json, options).catch(async (e: unknown) => {
      // Two devices committing the same revision at once: the loser's write can
      // reach the rules after the winner's, which refuse it (the revision must
      // go up by one). That is a conflict, not a failure.
      if ((e as { code?: string }).code !== 'permission-denied') throw e;
      const now = await getDoc(ref);
      const stored = now.exists() ? (now.data() as CloudRecord) : undefined;
      if (stored && stored.revision !== options.basedOn) return { ok: false as const, conflict: toStored(stored) };
      throw e;
    });
    if (result.ok) {
      this.own.add(`${document.id}@${result.stored.revision}`);
      this.unseen.set(document.id, result.stored.revision);
      // Pruning needs a query, which a transaction cannot run; it is tidy-up, so it may lag.
      if (result.prune && result.stored.revision % 10 === 0) void this.prune(document.id).catch(() => {});
      this.emit({ type: 'saved', id: document.id, kind: document.kind, revision: result.stored.revision, remote: false });
      return { ok: true, stored: result.stored };
    }
    return result;
  }

  private transact(ref: ReturnType<CloudRepository['ref']>, document: NucleusDocument, json: string, options: SaveOptions) {
    return runTransaction(this.db, async (tx): Promise<SaveResult & { prune?: boolean }> => {
      const snap = await tx.get(ref);
      const prev = snap.exists() ? (snap.data() as CloudRecord) : undefined;
      const decision = decideSave(prev?.revision, options.basedOn);
      if (!decision.ok) return { ok: false, conflict: toStored(prev!) };
      const now = this.now();
      const fresh = !!options.newVersion || startsNewVersion(prev?.head ? { at: prev.head.at, revision: prev.revision } : undefined, now);
      const versionId = fresh || !prev?.head ? `r${decision.revision}-${now.toString(36)}` : prev.head.id;
      const record: CloudRecord = {
        id: document.id,
        kind: document.kind,
        name: document.name,
        tags: [...(document.tags ?? [])],
        revision: decision.revision,
        createdAt: prev?.createdAt ?? document.createdAt,
        updatedAt: document.updatedAt,
        valid: options.valid ?? this.validity(document),
        json,
        head: { id: versionId, at: fresh || !prev?.head ? now : prev.head.at },
      };
      const previous = prev ? (JSON.parse(prev.json) as Record<string, unknown>) : null;
      const version: VersionRecord = {
        id: versionId,
        documentId: document.id,
        revision: decision.revision,
        savedAt: new Date(now).toISOString(),
        summary: summariseChange(previous, document).slice(0, 500),
        json,
      };
      tx.set(ref, record);
      tx.set(doc(this.versionsOf(document.id), versionId), version);
      return { ok: true, stored: toStored(record), prune: fresh };
    });
  }

  async delete(id: string): Promise<void> {
    await updateDoc(this.ref(id), { deletedAt: new Date(this.now()).toISOString() });
    this.emit({ type: 'deleted', id, remote: false });
  }

  async restore(id: string): Promise<void> {
    await updateDoc(this.ref(id), { deletedAt: deleteField() });
    this.emit({ type: 'restored', id, remote: false });
  }

  async purge(id: string): Promise<void> {
    const versions = await getDocs(this.versionsOf(id));
    // A batch holds at most 500 writes.
    for (let i = 0; i < versions.docs.length; i += 450) {
      const batch = writeBatch(this.db);
      for (const v of versions.docs.slice(i, i + 450)) batch.delete(v.ref);
      await batch.commit();
    }
    const batch = writeBatch(this.db);
    batch.delete(this.ref(id));
    await batch.commit();
    this.unseen.delete(id);
    this.emit({ type: 'purged', id, remote: false });
  }

  async versions(id: string): Promise<Version[]> {
    const snap = await getDocs(this.versionsOf(id));
    return snap.docs.map((d) => toVersion(d.data() as VersionRecord)).sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.revision - a.revision);
  }

  async restoreVersion(id: string, versionId: string): Promise<SaveResult> {
    const [current, version] = await Promise.all([this.get(id), getDoc(doc(this.versionsOf(id), versionId))]);
    if (!version.exists()) throw new Error(`Version ${versionId} of document ${id} is not in the cloud.`);
    const restored = { ...toVersion(version.data() as VersionRecord).document, updatedAt: new Date(this.now()).toISOString() } as NucleusDocument;
    return this.save(restored, { basedOn: current?.revision ?? 0, newVersion: true });
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    if (!this.unwatch) this.watch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.unwatch) {
        this.unwatch();
        this.unwatch = null;
      }
    };
  }

  async usage(): Promise<Usage> {
    const records = await this.records();
    let bytes = 0;
    for (const r of records) bytes += new Blob([r.json ?? '']).size;
    return { documents: records.length, bytes };
  }

  /** Every document and its versions of this user gone ("delete my cloud data"). */
  async deleteAll(): Promise<number> {
    const records = await this.records();
    for (const r of records) await this.purge(r.id);
    return records.length;
  }

  /** Stops the watcher (sign-out). */
  close(): void {
    this.listeners.clear();
    this.unwatch?.();
    this.unwatch = null;
  }

  private async prune(id: string): Promise<void> {
    const snap = await getDocs(this.versionsOf(id));
    const all = snap.docs.map((d) => ({ ref: d.ref, at: Date.parse((d.data() as VersionRecord).savedAt), revision: (d.data() as VersionRecord).revision }));
    const keep = new Set(pruneVersions(all).map((v) => v.ref.path));
    const batch = writeBatch(this.db);
    let n = 0;
    for (const v of all) if (!keep.has(v.ref.path) && n++ < 450) batch.delete(v.ref);
    if (n) await batch.commit();
  }

  /**
   * Resolves once the watcher `subscribe` started has its first snapshot:
   * a change after that is announced; one before is in that snapshot, which
   * announces nothing.
   */
  watching(): Promise<void> {
    return this.watched;
  }

  private watch(): void {
    let first = true;
    let seen: () => void = () => {};
    let failed: (e: unknown) => void = () => {};
    this.watched = new Promise<void>((resolve, reject) => ((seen = resolve), (failed = reject)));
    this.watched.catch(() => {}); // nobody need wait for it
    this.unwatch = onSnapshot(
      this.documents(),
      (snap) => {
        if (first) {
          first = false;
          seen();
          return;
        }
        for (const change of snap.docChanges()) {
          const r = change.doc.data() as CloudRecord;
          if (change.doc.metadata.hasPendingWrites) continue;
          const mine = this.own.delete(`${r.id}@${r.revision}`);
          if ((this.unseen.get(r.id) ?? Infinity) <= r.revision) this.unseen.delete(r.id);
          if (change.type === 'removed') this.emit({ type: 'purged', id: change.doc.id, remote: true });
          else if (!mine) this.emit({ type: r.deletedAt ? 'deleted' : 'saved', id: r.id, kind: r.kind, revision: r.revision, remote: true });
        }
      },
      (e) => {
        failed(e);
        console.warn('[nucleus] watching the cloud documents stopped:', e);
      },
    );
  }

  private emit(event: ChangeEvent): void {
    for (const l of this.listeners) l(event);
  }
}

export function createCloudRepository(db: Firestore, uid: string, options?: CloudOptions): CloudRepository {
  return new CloudRepository(db, uid, options);
}
