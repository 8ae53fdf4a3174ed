/**
 * The edit journal: the guarantee that no keystroke is lost when the page
 * goes away before an autosave reaches IndexedDB (a reload 0.1 s after
 * typing, a closed tab, a typed address). IndexedDB commits asynchronously,
 * so a save started on `pagehide` can die with the page; `localStorage`
 * writes synchronously and survives both a reload and a closed tab.
 *
 * J1 Every edit writes the whole working document to the journal, at once
 *    and synchronously, keyed by document id and by the page (tab) that
 *    edits it, with the revision the edit is based on.
 * J2 The entry is removed once IndexedDB holds that content (the save
 *    resolved and nothing was typed meanwhile).
 * J3 An entry whose page is gone is an orphan. Opening its document
 *    replays it: on the revision it was based on, it becomes the document
 *    (saved at once); if the stored document moved on since, the journal is
 *    saved as a conflict copy beside it. Content the store already has is
 *    simply dropped. Nothing is dropped silently otherwise.
 * J4 A page is alive while it holds its Web Lock (`nucleus-page:<id>`), which
 *    the browser releases when the page goes; replay takes that lock first,
 *    so a journal is never replayed under a page that is still editing it
 *    (two tabs on one document keep their own entries).
 * J5 A journal that cannot be written (storage full or disabled) is said
 *    once; saving to IndexedDB goes on as before.
 * J6 One page at a time replays a document's journal (a Web Lock per
 *    document, `nucleus-replay:<id>`), reading the entries once it holds
 *    it: two tabs reloaded at the same moment, the editor list and the
 *    library never replay the same entry twice. Entries with the same
 *    edits make one conflict copy at most.
 * J7 An entry that cannot be saved never stops the others: the replay goes
 *    on with the next document. An entry the store refuses as a document
 *    (it fails its schema: an older Nucleus, a damaged storage) is kept in
 *    the journal marked with the sentence why, so the editor's list and the
 *    library show it with that sentence and an Export; one the storage
 *    failed to write is kept as it was, for the next replay. Neither is
 *    dropped without the player asking.
 */
import type { NucleusDocument } from '../rules';
import { conflictCopyName } from './conflicts';
import { isStorageFailure, whyFailed } from './problems';
import type { DocumentRepository, StoredDocument } from './types';

/** What one page has typed into one document and not yet seen stored. */
export interface JournalEntry {
  documentId: string;
  /** The page that wrote it (J4). */
  pageId: string;
  /** The stored revision the edits started from (0: never stored). */
  basedOn: number;
  /** ms since epoch of the last edit. */
  editedAt: number;
  document: NucleusDocument;
  /**
   * A save of this page was under way when the entry was written: the
   * revision it makes and the content key of what it writes. If the store
   * holds exactly that, the entry is based on it (the page died after
   * IndexedDB committed but before it heard so).
   */
  landing?: { revision: number; content: string };
  /** J7: why this entry could not be saved as a document (it is kept until the player drops it). */
  problem?: string;
}

/** The part of the Web Storage API the journal uses (localStorage in the browser). */
export type JournalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'nucleus:journal:';
const keyOf = (documentId: string, pageId: string) => `${PREFIX}${documentId}:${pageId}`;

/** This page's id: one per page load, so a reload is a new page whose predecessor is gone. */
export const PAGE_ID: string = globalThis.crypto?.randomUUID?.() ?? `p${Math.random().toString(36).slice(2)}`;
const lockName = (pageId: string) => `nucleus-page:${pageId}`;

/** `localStorage`, or null where there is none or the browser refuses it (J5). */
export function browserJournalStorage(): JournalStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** J4: holds this page's lock for its lifetime (no-op without Web Locks). */
let pageLock: Promise<void> | null = null;
export function holdPageLock(): void {
  const locks = globalThis.navigator?.locks;
  if (pageLock || !locks) return;
  pageLock = new Promise<void>((held) => {
    void locks.request(lockName(PAGE_ID), () => {
      held();
      return new Promise<never>(() => {});
    });
  });
}

/**
 * J4: resolves true once the page that wrote an entry is gone (its lock can
 * be taken), false while it is still open. Without Web Locks (Node) every
 * other page counts as gone.
 */
export async function pageIsGone(pageId: string, waitMs = 1500): Promise<boolean> {
  if (pageId === PAGE_ID) return false;
  const locks = globalThis.navigator?.locks;
  if (!locks) return true;
  try {
    // A reload can start this page a moment before the old one has released its lock.
    return await locks.request(lockName(pageId), { signal: AbortSignal.timeout(waitMs) }, () => true);
  } catch {
    return false;
  }
}

/** In-page queues per lock name, where there are no Web Locks (Node): one at a time within this realm. */
const inPage = new Map<string, Promise<unknown>>();

/** J6: `task` under the lock `name`, across this origin's tabs where the browser has Web Locks. */
function oneAtATime<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(name, task) as Promise<T>;
  const run = (inPage.get(name) ?? Promise.resolve()).then(task);
  inPage.set(name, run.catch(() => undefined));
  return run;
}

export interface Journal {
  /** J1: records the working document; false when the journal could not be written (J5). */
  write(entry: Omit<JournalEntry, 'pageId'>): boolean;
  /** J2: removes this page's entry for the document. */
  clear(documentId: string): void;
  /** Every entry of the document written by other pages, oldest edit first. */
  othersOf(documentId: string): JournalEntry[];
  /** Every entry written by other pages (for replay on the list and library). */
  others(): JournalEntry[];
  /** Removes another page's entry once it has been replayed (or the player discarded it). */
  drop(entry: JournalEntry): void;
  /** J7: marks another page's entry with why it cannot be saved (false when the journal could not be written). */
  markUnreadable(entry: JournalEntry, problem: string): boolean;
}

function parseEntry(raw: string | null): JournalEntry | null {
  if (!raw) return null;
  try {
    const e = JSON.parse(raw) as Partial<JournalEntry>;
    if (typeof e.documentId !== 'string' || typeof e.pageId !== 'string' || typeof e.basedOn !== 'number') return null;
    if (!e.document || typeof e.document !== 'object' || (e.document as { id?: unknown }).id !== e.documentId) return null;
    return e as JournalEntry;
  } catch {
    return null;
  }
}

/** The journal over a Web Storage (null: none at hand, every call a no-op that says so). */
export function createJournal(storage: JournalStorage | null = browserJournalStorage(), pageId: string = PAGE_ID): Journal {
  const all = (): JournalEntry[] => {
    if (!storage) return [];
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(PREFIX)) keys.push(k);
    }
    return keys
      .map((k) => parseEntry(storage.getItem(k)))
      .filter((e): e is JournalEntry => !!e)
      .sort((a, b) => a.editedAt - b.editedAt);
  };
  return {
    write(entry) {
      if (!storage) return false;
      try {
        storage.setItem(keyOf(entry.documentId, pageId), JSON.stringify({ ...entry, pageId }));
        return true;
      } catch {
        return false;
      }
    },
    clear(documentId) {
      try {
        storage?.removeItem(keyOf(documentId, pageId));
      } catch {
        // A storage that refuses to remove cannot have kept the entry either.
      }
    },
    othersOf: (documentId) => all().filter((e) => e.documentId === documentId && e.pageId !== pageId),
    others: () => all().filter((e) => e.pageId !== pageId),
    drop(entry) {
      try {
        storage?.removeItem(keyOf(entry.documentId, entry.pageId));
      } catch {
        // as in clear
      }
    },
    markUnreadable(entry, problem) {
      if (!storage) return false;
      try {
        storage.setItem(keyOf(entry.documentId, entry.pageId), JSON.stringify({ ...entry, problem }));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * A short key of the document's content without what a save stamps
 * (updatedAt): equal keys, same content (FNV-1a over canonical JSON).
 */
export function contentKey(doc: NucleusDocument): string {
  const { updatedAt: _u, ...rest } = doc as NucleusDocument & Record<string, unknown>;
  const text = canonical(rest);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${text.length.toString(36)}.${(h >>> 0).toString(36)}`;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y))) : v,
  );
}

/** What replaying a document's orphaned journal did (J3). */
export type Recovery =
  /** The journal's edits are now the stored document. */
  | { kind: 'restored'; stored: StoredDocument }
  /** The stored document had moved on: the edits are a conflict copy beside it. */
  | { kind: 'copy'; stored: StoredDocument; copy: StoredDocument }
  /**
   * J7: the edits could not be saved and stay in the journal: `unreadable`
   * when they fail the document's schema (the entry is marked with
   * `problem`), else the storage failed (`problem` says how).
   */
  | { kind: 'kept'; entry: JournalEntry; problem: string; unreadable: boolean };

/** What an opened document says it recovered (a kept entry is said as a sentence instead). */
export type Recovered = Extract<Recovery, { kind: 'restored' | 'copy' }>;

export interface ReplayOptions {
  journal?: Journal;
  validity?: (document: NucleusDocument) => boolean;
  /** A fresh id for a conflict copy. */
  newId?: () => string;
  /** J4 (tests pass their own). */
  isGone?: (pageId: string) => Promise<boolean>;
}

/** J3: the journal of one document's gone pages, into the store; the last thing it did, or null. */
export async function replayJournal(repo: DocumentRepository, documentId: string, options: ReplayOptions = {}): Promise<Recovery | null> {
  const journal = options.journal ?? createJournal();
  const isGone = options.isGone ?? pageIsGone;
  return oneAtATime(`nucleus-replay:${documentId}`, async () => {
    let outcome: Recovery | null = null;
    const copied = new Set<string>();
    // Read under the lock (J6): what another page replayed meanwhile is gone from the journal.
    for (const entry of journal.othersOf(documentId)) {
      if (!(await isGone(entry.pageId))) continue;
      let done: Recovery | null;
      try {
        done = await replayEntry(repo, entry, options, copied);
      } catch (e) {
        // J7: kept, and the next entry is replayed all the same.
        outcome = keep(journal, entry, e);
        continue;
      }
      journal.drop(entry);
      if (done) outcome = done;
    }
    return outcome;
  });
}

/** J3 for every gone page's entries (the editor list and the library, before they list). */
export async function replayJournals(repo: DocumentRepository, options: ReplayOptions = {}): Promise<Recovery[]> {
  const journal = options.journal ?? createJournal();
  const entries = journal.others();
  const ids = [...new Set(entries.map((e) => e.documentId))];
  // Every page is asked once and all at the same time: a tab that is still
  // open costs the list one wait (J4's grace for a reload), not one per entry.
  const isGone = options.isGone ?? pageIsGone;
  const pages = [...new Set(entries.map((e) => e.pageId))];
  const gone = new Map(await Promise.all(pages.map(async (p) => [p, await isGone(p)] as const)));
  const outcomes: Recovery[] = [];
  for (const id of ids) {
    const r = await replayJournal(repo, id, { ...options, journal, isGone: async (p) => gone.get(p) ?? isGone(p) });
    if (r) outcomes.push(r);
  }
  return outcomes;
}

/** J7: an entry that could not be saved stays in the journal; one that is not a document is marked with why. */
function keep(journal: Journal, entry: JournalEntry, e: unknown): Recovery {
  const unreadable = !isStorageFailure(e);
  const problem = unreadable ? unreadableEntrySentence(e) : whyFailed(e);
  if (unreadable && entry.problem !== problem) journal.markUnreadable(entry, problem);
  return { kind: 'kept', entry: { ...entry, ...(unreadable ? { problem } : {}) }, problem, unreadable };
}

/** Why a journal entry is not a document Nucleus can save, as a sentence (the schema's own words for the field). */
export function unreadableEntrySentence(e: unknown): string {
  const why = e instanceof Error && e.name === 'RulesError' ? e.message : whyFailed(e, 'Nucleus cannot read them as a document.');
  return `These edits could not be saved: ${why.replace(/\.$/, '')}.`;
}

/**
 * J7: the entries of gone pages that could not be saved (marked by a replay),
 * of one kind or of every kind, oldest edit first: what the editor's list
 * and the library show with their sentence and an Export.
 */
export function unreadableEntries(journal: Journal = createJournal(), kind?: string): (JournalEntry & { problem: string })[] {
  return journal.others().filter((e): e is JournalEntry & { problem: string } => typeof e.problem === 'string' && (!kind || (e.document as { kind?: unknown }).kind === kind));
}

/** One entry into the store; `copied`: content keys of the conflict copies this replay made (J6: the same edits, one copy). */
async function replayEntry(repo: DocumentRepository, entry: JournalEntry, options: ReplayOptions, copied: Set<string>): Promise<Recovery | null> {
  const stored = await repo.get(entry.documentId);
  const doc = entry.document;
  if (stored && contentKey(stored.document) === contentKey(doc)) return null;
  const landed = stored && entry.landing && stored.revision === entry.landing.revision && contentKey(stored.document) === entry.landing.content;
  if (!stored || stored.revision === entry.basedOn || landed) {
    const r = await repo.save(doc, { basedOn: stored?.revision ?? 0, valid: options.validity?.(doc) });
    if (r.ok) return { kind: 'restored', stored: r.stored };
  }
  const current = (await repo.get(entry.documentId)) ?? stored!;
  if (copied.has(contentKey(doc))) return null;
  const copyDoc = { ...doc, id: (options.newId ?? (() => globalThis.crypto.randomUUID()))(), name: conflictCopyName(doc.name, new Date(entry.editedAt)) } as NucleusDocument;
  const copy = await repo.save(copyDoc, { basedOn: 0, valid: options.validity?.(copyDoc) });
  if (!copy.ok) throw new Error(`The edits to “${doc.name}” made before the page closed could not be saved as a copy.`);
  copied.add(contentKey(doc));
  return { kind: 'copy', stored: current, copy: copy.stored };
}
