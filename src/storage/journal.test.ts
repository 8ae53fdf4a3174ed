import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalRepository, type LocalRepository } from './local';
import { openDocument, type DocumentSession } from './session';
import { contentKey, createJournal, replayJournals } from './journal';
import { webStorage } from './testing/webStorage';
import { weapon } from '../rules/testing';
import type { NucleusDocument } from '../rules';

let n = 0;
const repos: LocalRepository[] = [];
const sessions: DocumentSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close().catch(() => undefined);
  for (const r of repos.splice(0)) r.close();
});

const names = new WeakMap<LocalRepository, string>();
async function repo(dbName = `journal-${++n}`) {
  const r = await openLocalRepository({ dbName, channel: null });
  repos.push(r);
  names.set(r, dbName);
  return r;
}

const doc = (over: Record<string, unknown> = {}) => weapon({ id: 'w1', name: 'Longarm', ...over } as never) as NucleusDocument;
const gone = async () => true;

/**
 * A page of the editor: its own connection to the database (no channel, so a page that
 * "died" hears nothing more) and its own journal over the shared storage, with autosave
 * far away (the page dies first).
 */
async function page(storage: ReturnType<typeof webStorage>, r: LocalRepository, source: string | NucleusDocument, pageId: string) {
  const own = await repo(names.get(r));
  const s = await openDocument(source, { repository: own, delayMs: 60_000, lifecycle: false, journal: createJournal(storage, pageId), isGone: gone });
  sessions.push(s);
  return s;
}

/** A page that went away: its session is dropped without a save (what a reload does to IndexedDB work). */
function die(s: DocumentSession) {
  sessions.splice(sessions.indexOf(s), 1);
}

async function stored(r: LocalRepository, name = 'Longarm') {
  const saved = await r.save(doc({ name }), { basedOn: 0 });
  if (!saved.ok) throw new Error('seed');
  return saved.stored;
}

describe('edit journal (journal.ts J1–J7, session S6)', () => {
  it('J1 an edit is in the journal at once, before any save; J2 the save clears it', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const s = await page(storage, r, 'w1', 'a');
    s.update((d) => ({ ...d, name: 'Longarm Mk II' }));
    const [entry] = createJournal(storage, 'other').others();
    expect(entry).toMatchObject({ documentId: 'w1', pageId: 'a', basedOn: 1 });
    expect(entry!.document.name).toBe('Longarm Mk II');
    await s.flush();
    expect(storage.items.size).toBe(0);
  });

  it('J3 a page gone before its save: reopening makes the journal the document, and says so', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const first = await page(storage, r, 'w1', 'a');
    first.update((d) => ({ ...d, name: 'Typed just before reload' }));
    die(first);
    expect((await r.get('w1'))?.name).toBe('Longarm');

    const second = await page(storage, r, 'w1', 'b');
    expect(second.$document.get().name).toBe('Typed just before reload');
    expect((await r.get('w1'))).toMatchObject({ name: 'Typed just before reload', revision: 2 });
    expect(second.$recovered.get()?.kind).toBe('restored');
    expect(storage.items.size).toBe(0);
  });

  it('J3 the stored document moved on since: the journal becomes a conflict copy, the stored one is untouched', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const first = await page(storage, r, 'w1', 'a');
    first.update((d) => ({ ...d, name: 'Mine' }));
    die(first);
    // Another tab saved meanwhile.
    await r.save(doc({ name: 'Theirs' }), { basedOn: 1 });

    const second = await page(storage, r, 'w1', 'b');
    expect(second.$document.get().name).toBe('Theirs');
    const recovered = second.$recovered.get();
    expect(recovered?.kind).toBe('copy');
    const copy = recovered?.kind === 'copy' ? await r.get(recovered.copy.id) : undefined;
    expect(copy?.name).toMatch(/^Mine \(conflict copy, /);
    expect((await r.list()).map((d) => d.name).sort()).toEqual([copy!.name, 'Theirs']);
  });

  it('J3 a save that landed as the page died counts as the base (no needless conflict copy)', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const landed = await r.save(doc({ name: 'Saved as the page went' }), { basedOn: 1 });
    if (!landed.ok) throw new Error('seed');
    // The page wrote its last keystroke while that save was under way, then died.
    createJournal(storage, 'a').write({
      documentId: 'w1',
      basedOn: 1,
      editedAt: Date.now(),
      document: doc({ name: 'Saved as the page went, and one more key' }),
      landing: { revision: 2, content: contentKey(landed.stored.document) },
    });
    const s = await page(storage, r, 'w1', 'b');
    expect(s.$recovered.get()?.kind).toBe('restored');
    expect((await r.list()).map((d) => d.name)).toEqual(['Saved as the page went, and one more key']);
  });

  it('J3 content the store already has is dropped without a copy or a notice', async () => {
    const storage = webStorage();
    const r = await repo();
    const s0 = await stored(r);
    createJournal(storage, 'a').write({ documentId: 'w1', basedOn: 0, editedAt: Date.now(), document: s0.document });
    const s = await page(storage, r, 'w1', 'b');
    expect(s.$recovered.get()).toBeNull();
    expect((await r.get('w1'))?.revision).toBe(1);
    expect(storage.items.size).toBe(0);
  });

  it('J6 two tabs reloaded at once: identical recovered edits make no conflict copy, different ones exactly one', async () => {
    for (const [edits, copies] of [
      [['Same edit', 'Same edit'], 0],
      [['Edit in tab A', 'Edit in tab B'], 1],
    ] as const) {
      const storage = webStorage();
      const r = await repo();
      await stored(r);
      // Both tabs typed on revision 1 and died before their saves.
      const a = await page(storage, r, 'w1', 'a');
      const b = await page(storage, r, 'w1', 'b');
      a.update((d) => ({ ...d, name: edits[0] }));
      b.update((d) => ({ ...d, name: edits[1] }));
      die(a);
      die(b);
      // The two reloaded pages open the document at the same moment, as do the list and the library.
      await Promise.all([page(storage, r, 'w1', 'c'), page(storage, r, 'w1', 'd'), replayJournals(r, { journal: createJournal(storage, 'e'), isGone: gone })]);
      const names = (await r.list()).map((d) => d.name);
      expect(names.filter((n) => n.includes('conflict copy')), `after ${edits.join(' / ')}: ${names.join(', ')}`).toHaveLength(copies);
      expect(names).toHaveLength(1 + copies);
      expect(names).toContain(edits[0]);
      expect(storage.items.size).toBe(0);
    }
  });

  it('J4 the journal of a page still open is left to it', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const first = await page(storage, r, 'w1', 'a');
    first.update((d) => ({ ...d, name: 'Still typing in tab A' }));
    const other = await openDocument('w1', { repository: r, delayMs: 60_000, lifecycle: false, journal: createJournal(storage, 'b'), isGone: async () => false });
    sessions.push(other);
    expect(other.$document.get().name).toBe('Longarm');
    expect(other.$recovered.get()).toBeNull();
    expect(createJournal(storage, 'c').others()).toHaveLength(1);
  });

  it('J3 replayJournals brings back a document never opened again, for the list and the library', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const first = await page(storage, r, 'w1', 'a');
    first.update((d) => ({ ...d, name: 'Closed the tab' }));
    die(first);
    const outcomes = await replayJournals(r, { journal: createJournal(storage, 'b'), isGone: gone });
    expect(outcomes.map((o) => o.kind)).toEqual(['restored']);
    expect((await r.get('w1'))?.name).toBe('Closed the tab');
  });

  it('J4 the list asks each page once, all at the same time, so open tabs cost one wait', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const open = createJournal(storage, 'open-tab');
    for (const id of ['w2', 'w3', 'w4']) open.write({ documentId: id, document: doc({ id, name: `Still editing ${id}` }), basedOn: 0, editedAt: Date.now() });
    const closed = createJournal(storage, 'closed-tab');
    closed.write({ documentId: 'w5', document: doc({ id: 'w5', name: 'Closed tab' }), basedOn: 0, editedAt: Date.now() });
    const asked: string[] = [];
    let waiting = 0;
    let mostAtOnce = 0;
    let allAsked!: () => void;
    const bothAsked = new Promise<void>((done) => (allAsked = done));
    const isGone = async (pageId: string) => {
      asked.push(pageId);
      mostAtOnce = Math.max(mostAtOnce, ++waiting);
      if (asked.length === 2) allAsked();
      // Each answer waits for the other question, so asked together they overlap at once; asked one after
      // the other, the first gives up after a second and mostAtOnce stays 1.
      await Promise.race([bothAsked, new Promise((done) => setTimeout(done, 1000))]);
      waiting--;
      return pageId === 'closed-tab';
    };
    const outcomes = await replayJournals(r, { journal: createJournal(storage, 'list'), isGone });
    expect(asked.sort()).toEqual(['closed-tab', 'open-tab']);
    expect(mostAtOnce).toBe(2);
    expect(outcomes.map((o) => (o.kind === 'kept' ? o.problem : o.stored.document.name))).toEqual(['Closed tab']);
    expect(createJournal(storage, 'list').others()).toHaveLength(3);
  });

  it('J5 a journal that cannot be written does not stop saving', async () => {
    const storage = webStorage();
    storage.failWrites = true;
    const r = await repo();
    await stored(r);
    const s = await page(storage, r, 'w1', 'a');
    s.update((d) => ({ ...d, name: 'Quota full' }));
    await s.flush();
    expect((await r.get('w1'))?.name).toBe('Quota full');
  });

  it('S7 an edit over the cloud limit is warned of, and saved here', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const s = await page(storage, r, 'w1', 'a');
    s.update((d) => ({ ...d, notes: 'x'.repeat(500_001) }));
    expect(s.$tooLarge.get()).toBeGreaterThan(500_000);
    await s.flush();
    expect((await r.get('w1'))?.document).toHaveProperty('notes');
    s.update((d) => ({ ...d, notes: 'short' }));
    expect(s.$tooLarge.get()).toBeNull();
  });

  it('J7 an entry that fails its schema is kept and marked; its document opens as stored, with the sentence', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    createJournal(storage, 'closed').write({ documentId: 'w1', basedOn: 1, editedAt: 1, document: doc({ name: 'Typed', rank: 1.5 }) });

    const s = await page(storage, r, 'w1', 'b');
    expect(s.$document.get().name).toBe('Longarm');
    expect(s.$recovered.get()).toBeNull();
    expect(s.$error.get()).toBe(
      'Edits made before the page last closed are kept apart, not in this document. These edits could not be saved: rank: expected a whole number. The list of documents offers them to export.',
    );
    const [kept] = createJournal(storage, 'list').others();
    expect(kept).toMatchObject({ pageId: 'closed', problem: 'These edits could not be saved: rank: expected a whole number.' });
    expect(kept!.document.name).toBe('Typed');
    expect((await r.get('w1'))?.revision).toBe(1);
  });

  it('J7 an entry the storage fails to write is kept as it was for the next replay, and the others are replayed', async () => {
    const storage = webStorage();
    const r = await repo();
    await stored(r);
    const other = await r.save(doc({ id: 'w2', name: 'Sidearm' }), { basedOn: 0 });
    expect(other.ok).toBe(true);
    createJournal(storage, 'closed-1').write({ documentId: 'w1', basedOn: 1, editedAt: 1, document: doc({ name: 'Longarm, typed' }) });
    createJournal(storage, 'closed-2').write({ documentId: 'w2', basedOn: 1, editedAt: 2, document: doc({ id: 'w2', name: 'Sidearm, typed' }) });
    // A storage that is full for w1's save only.
    const full = Object.create(r) as LocalRepository;
    full.save = (d, o) => (d.id === 'w1' ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : r.save(d, o));

    const outcomes = await replayJournals(full, { journal: createJournal(storage, 'list'), isGone: gone });
    expect(outcomes.map((o) => o.kind)).toEqual(['kept', 'restored']);
    expect(outcomes[0]).toMatchObject({ kind: 'kept', unreadable: false, problem: expect.stringMatching(/storage for Nucleus is full/) });
    expect((await r.get('w2'))?.name).toBe('Sidearm, typed');
    const left = createJournal(storage, 'list').others();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ documentId: 'w1', pageId: 'closed-1' });
    expect(left[0]!.problem).toBeUndefined();
    // With room again, the next replay saves it.
    await replayJournals(r, { journal: createJournal(storage, 'list'), isGone: gone });
    expect((await r.get('w1'))?.name).toBe('Longarm, typed');
    expect(storage.items.size).toBe(0);
  });
});
