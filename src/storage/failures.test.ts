/**
 * Storage that fails (issue: never lose a player's work): a database that
 * cannot be opened, a write that fails in the middle of an import, a
 * document too large for the cloud. Real IndexedDB semantics from
 * fake-indexeddb, made to fail the way browsers do.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { openLocalRepository, type LocalRepository } from './local';
import { applyImport, parseImport, exportLibrary } from './transfer';
import { createMemoryRepository } from './memory';
import { storageProblem } from './problems';
import { openDocument } from './session';
import { openCopy } from './copies';
import { createJournal } from './journal';
import { webStorage } from './testing/webStorage';
import { weapon, core } from '../rules/testing';
import type { NucleusDocument } from '../rules';

const repos: LocalRepository[] = [];
let n = 0;
afterEach(() => {
  vi.restoreAllMocks();
  for (const r of repos.splice(0)) r.close();
});
async function repo(dbName = `failures-${++n}`) {
  const r = await openLocalRepository({ dbName, channel: null });
  repos.push(r);
  return r;
}
const doc = (id: string, over: Record<string, unknown> = {}) => weapon({ id, name: `Weapon ${id}`, ...over } as never) as NucleusDocument;

/** Makes the Nth `put` of any object store throw, as a browser's failing write does. */
function failNthPut(nth: number) {
  const put = IDBObjectStore.prototype.put;
  let calls = 0;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (++calls === nth) throw new DOMException('The write failed.', 'UnknownError');
    return put.apply(this, args);
  });
}

describe('imports are all or nothing', () => {
  for (const nth of [1, 4, 7]) {
    it(`a write failing at put #${nth} of a three-document import leaves nothing`, async () => {
      const r = await repo();
      const docs = ['a', 'b', 'c'].map((id) => doc(id));
      failNthPut(nth);
      await expect(applyImport(r, docs)).rejects.toThrow(/write failed/);
      vi.restoreAllMocks();
      expect(await r.list()).toEqual([]);
      expect(await r.summaries()).toEqual([]);
    });
  }

  it('a document larger than the cloud keeps is refused at import, with a sentence', () => {
    const big = doc('big', { notes: 'x'.repeat(500_001) });
    const file = exportLibrary([doc('small'), big]);
    expect(() => parseImport('mine.json', file.text)).toThrow(/mine\.json was not imported, nothing was changed: documents\[1\] \(blueprint "Weapon big"\): it is 500,\d{3} characters long, and the limit is 500,000/);
  });
});

describe('a database that cannot be opened is said, not hung on', () => {
  it('at a newer version (after a rollback): VersionError, in words', async () => {
    const name = `newer-${++n}`;
    (await openDB(name, 99)).close();
    const error = await openLocalRepository({ dbName: name, channel: null }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('VersionError');
    expect(storageProblem(error)).toMatch(/saved by a newer version of Nucleus/);
    expect(storageProblem(error)).toMatch(/use Export/);
  });

  it('blocked by another tab holding an older version open: refused, not waited on', async () => {
    const name = `blocked-${++n}`;
    // Version 1 of the schema, as an older Nucleus made it.
    const old = await openDB(name, 1, {
      upgrade(d) {
        d.createObjectStore('documents', { keyPath: 'id' });
        d.createObjectStore('versions', { keyPath: ['documentId', 'id'] }).createIndex('documentId', 'documentId');
        d.createObjectStore('meta');
      },
    });
    // The old tab does not close on versionchange (no handler): the upgrade is blocked.
    const error = await openLocalRepository({ dbName: name, channel: null }).catch((e: unknown) => e);
    old.close();
    expect(storageProblem(error)).toMatch(/busy: Another Nucleus tab holds an older version/);
  });

  it('the active repository falls back to the page memory and says why', async () => {
    vi.resetModules();
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('Access to storage is not allowed.', 'SecurityError');
    });
    const active = await import('./active');
    const r = await active.activeRepository();
    expect(r.place).toBe('device');
    expect(active.$storageProblem.get()).toMatch(/does not let Nucleus use its storage.*kept in this page only/);
    const saved = await r.save(doc('m'), { basedOn: 0 });
    expect(saved.ok).toBe(true);
    expect((await r.list()).map((d) => d.id)).toEqual(['m']);
  });
});

describe('the page memory keeps the repository contract', () => {
  it('revisions, conflicts, trash and versions', async () => {
    const r = createMemoryRepository();
    const first = await r.save(core({ id: 'c1', name: 'Blink' } as never) as NucleusDocument, { basedOn: 0 });
    expect(first.ok && first.stored.revision).toBe(1);
    const stale = await r.save(core({ id: 'c1', name: 'Other' } as never) as NucleusDocument, { basedOn: 0 });
    expect(stale.ok).toBe(false);
    await r.save(core({ id: 'c1', name: 'Blink II' } as never) as NucleusDocument, { basedOn: 1 });
    expect((await r.versions('c1')).map((v) => v.document.name)).toEqual(['Blink II', 'Blink']);
    await r.delete('c1');
    expect(await r.list()).toEqual([]);
    expect((await r.list({ trash: true })).map((d) => d.name)).toEqual(['Blink II']);
  });
});

describe('a save that fails is said, and the edits stay', () => {
  it('storage full: a sentence, the edits in the page and in the journal, saved once there is room', async () => {
    const r = await repo();
    const first = await r.save(doc('w1'), { basedOn: 0 });
    expect(first.ok).toBe(true);
    const storage = webStorage();
    const s = await openDocument('w1', { repository: r, delayMs: 60_000, lifecycle: false, journal: createJournal(storage, 'p') });
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    s.update((d) => ({ ...d, name: 'Typed with the disk full' }));
    await s.flush();
    expect(s.$saveState.get()).toBe('error');
    expect(s.$error.get()).toMatch(/^Not saved: this device's storage for Nucleus is full\..*Your edits are kept in this page/);
    expect(s.$document.get().name).toBe('Typed with the disk full');
    expect([...storage.items.values()].join()).toContain('Typed with the disk full');
    full.mockRestore();
    await s.flush();
    expect((await r.get('w1'))?.name).toBe('Typed with the disk full');
    expect(storage.items.size).toBe(0);
    await s.close();
  });

  it('"New" with storage full: the document opens in the page with the sentence, and is saved once there is room', async () => {
    const r = await repo();
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const s = await openCopy(doc('template', { name: 'New blueprint' }), { repository: r, delayMs: 60_000, lifecycle: false, journal: createJournal(webStorage(), 'p') });
    expect(s.id).not.toBe('template');
    expect(s.$saveState.get()).toBe('error');
    expect(s.$error.get()).toMatch(/^Not saved: this device's storage for Nucleus is full\..*use Export to keep a copy/);
    expect(s.$document.get().name).toBe('New blueprint');
    expect(await r.list()).toEqual([]);
    full.mockRestore();
    s.update((d) => ({ ...d, name: 'Saved at last' }));
    await s.flush();
    expect(s.$saveState.get()).toBe('saved');
    expect((await r.get(s.id))?.name).toBe('Saved at last');
    await s.close();
  });
});
