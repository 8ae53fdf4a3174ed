import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadableAtom } from 'nanostores';
import { openLocalRepository, type LocalRepository } from '../../storage/local';
import { setActiveRepository } from '../../storage/active';
import { exportDocument } from '../../storage';
import { weapon } from '../../rules/testing';
import type { NucleusDocument } from '../../rules';
import { $documents, $filters, $visible, reloadLibrary, setFilters } from './libraryStore';
import * as lib from './libraryState';

// The library's state over a real repository (IndexedDB as fake-indexeddb gives it, as the storage tests do).
let repo: LocalRepository;
let stop: () => void;
beforeAll(async () => {
  repo = await openLocalRepository({ dbName: 'library-state', channel: null });
  setActiveRepository(repo);
  stop = lib.startLibraryState();
  await reloadLibrary();
});
afterAll(() => {
  stop();
  repo.close();
});

/** Resolves once the store's value passes `ok` (now, or on a later change). */
function until<T>(store: ReadableAtom<T>, ok: (v: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const off = store.subscribe((v) => {
      if (!ok(v)) return;
      queueMicrotask(() => off());
      resolve(v);
    });
  });
}

const longarm = (over: Record<string, unknown> = {}) => weapon({ id: 'w1', name: 'Longarm', ...over } as never) as NucleusDocument;
const file = (doc: NucleusDocument) => {
  const f = exportDocument(doc);
  return new File([f.text], f.fileName, { type: 'application/json' });
};

describe('the library state', () => {
  it('imports a file and says so; a broken one gets the reason in a sentence', async () => {
    await lib.importFiles([file(longarm())]);
    expect(lib.$notice.get()).toMatchObject({ tone: 'ok', text: expect.stringMatching(/^Imported "Longarm" from /) });
    await reloadLibrary();
    expect($documents.get()?.map((d) => d.name)).toEqual(['Longarm']);

    await lib.importFiles([new File(['{ not json'], 'broken.nucleus.json')]);
    expect(lib.$notice.get()).toMatchObject({ tone: 'error', text: expect.stringContaining('broken.nucleus.json') });
    expect(lib.$busy.get()).toBe(false);
  });

  it('asks before importing a document already here; "replace" keeps the old one in its history', async () => {
    await lib.importFiles([file(longarm({ name: 'Longarm Mk II' }))]);
    const dialog = lib.$dialog.get();
    expect(dialog?.type).toBe('import');
    await lib.confirm({ type: 'import', pending: (dialog as Extract<lib.LibraryDialog, { type: 'import' }>).pending, choice: 'replace' });
    expect(lib.$dialog.get()).toBeNull();
    expect(lib.$notice.get()?.text).toMatch(/replacing the ones already here/);
    await reloadLibrary();
    expect($documents.get()?.map((d) => d.name)).toEqual(['Longarm Mk II']);
  });

  it('History shows the versions and the document now, and restores one as a new save', async () => {
    const doc = $documents.get()![0]!;
    lib.rowAction('history', doc);
    expect(lib.$dialog.get()).toMatchObject({ type: 'history', versions: null });
    const open = (await until(lib.$dialog, (d) => d?.type === 'history' && !!d.versions)) as Extract<lib.LibraryDialog, { type: 'history' }>;
    expect(open.current?.name).toBe('Longarm Mk II');
    expect(open.versions!.map((v) => v.document.name)).toEqual(['Longarm Mk II', 'Longarm']);
    await lib.confirm({ type: 'restore-version', doc, version: open.versions![1]! });
    expect(lib.$notice.get()?.text).toMatch(/^Restored "Longarm Mk II" as it was on /);
    expect((await repo.get('w1'))?.document.name).toBe('Longarm');
    expect(await repo.versions('w1')).toHaveLength(3);
  });

  it('keeps the selection to documents on the list, and starts paging again on new filters', async () => {
    await reloadLibrary();
    lib.selectAllShown(true);
    expect(lib.$selectedDocs.get().map((d) => d.id)).toEqual(['w1']);
    expect(lib.$allShownSelected.get()).toBe(true);
    lib.showMore();
    expect(lib.$shown.get()).toBe(2 * lib.PAGE);

    setFilters({ kind: 'creature' });
    expect($visible.get()).toEqual([]);
    expect(lib.$selected.get().size).toBe(0);
    expect(lib.$shown.get()).toBe(lib.PAGE);
    setFilters({ kind: undefined });
  });

  it('moving to the trash asks first, then says where it went', async () => {
    const doc = $documents.get()![0]!;
    lib.rowAction('delete', doc);
    expect(lib.$dialog.get()).toMatchObject({ type: 'delete', references: [] });
    await lib.confirm({ type: 'delete', doc });
    expect(lib.$notice.get()?.text).toBe('Moved "Longarm" to the trash.');
    await reloadLibrary();
    expect($documents.get()?.[0]?.deletedAt).toBeTruthy();
  });

  it('Undo after a move to the trash brings the document back, and stays only until the next operation', async () => {
    // The test before left Longarm in the trash.
    await repo.restore('w1');
    await reloadLibrary();
    const doc = $documents.get()!.find((d) => d.id === 'w1')!;
    await lib.confirm({ type: 'delete', doc });
    expect(lib.$notice.get()).toMatchObject({ text: 'Moved "Longarm" to the trash.', trashed: { id: 'w1' } });
    await lib.undoTrash();
    expect(lib.$notice.get()).toMatchObject({ tone: 'ok', text: 'Restored "Longarm".' });
    expect(lib.$notice.get()?.trashed).toBeUndefined();
    expect((await repo.get('w1'))?.deletedAt).toBeUndefined();
    // The next operation's sentence has no Undo: Undo again changes nothing.
    await repo.delete('w1');
    await lib.undoTrash();
    expect((await repo.get('w1'))?.deletedAt).toBeTruthy();
    await repo.restore('w1');

    lib.showTrash();
    expect($filters.get().view).toBe('trash');
    setFilters({ view: 'documents' });
  });

  it('an import of a name already here keeps both, says so, and the two rows can be told apart', async () => {
    await lib.importFiles([file(longarm({ id: 'w2' }))]);
    expect(lib.$notice.get()?.text).toMatch(/^Imported "Longarm" from .*\. A blueprint named “Longarm” was already here: kept both/);
    await reloadLibrary();
    expect([...lib.$repeatedNames.get()].sort()).toEqual(['w1', 'w2']);
  });

  it('empties the trash after one question naming how many go; live documents stay, one restored meanwhile stays', async () => {
    await reloadLibrary();
    // Live now: w1 and w2 (both Longarm). Two more go to the trash, then a third.
    await lib.importFiles([file(longarm({ id: 'w3', name: 'Scrap one' })), file(longarm({ id: 'w4', name: 'Scrap two' })), file(longarm({ id: 'w5', name: 'Scrap three' }))]);
    for (const id of ['w3', 'w4', 'w5']) await repo.delete(id);
    await reloadLibrary();

    lib.askEmptyTrash();
    const dialog = lib.$dialog.get() as Extract<lib.LibraryDialog, { type: 'empty-trash' }>;
    expect(dialog.type).toBe('empty-trash');
    expect(dialog.docs.map((d) => d.name).sort()).toEqual(['Scrap one', 'Scrap three', 'Scrap two']);
    // Another tab restores one while the question is open: it is not deleted.
    await repo.restore('w5');
    await lib.confirm({ type: 'empty-trash', docs: dialog.docs });

    expect(lib.$dialog.get()).toBeNull();
    expect(lib.$notice.get()).toEqual({ tone: 'ok', text: 'Emptied the trash: 2 documents deleted forever. One was restored meanwhile and stays.' });
    expect(await repo.get('w3')).toBeUndefined();
    expect(await repo.get('w4')).toBeUndefined();
    expect(await repo.versions('w3')).toEqual([]);
    expect((await repo.list()).map((d) => d.id).sort()).toEqual(['w1', 'w2', 'w5']);
    expect(await repo.list({ trash: true })).toEqual([]);

    // Nothing in the trash: nothing to ask.
    await reloadLibrary();
    lib.askEmptyTrash();
    expect(lib.$dialog.get()).toBeNull();
  });

  it('a failure part way through emptying says how many went, and the rest stay in the trash', async () => {
    for (const id of ['w1', 'w2']) await repo.delete(id);
    await reloadLibrary();
    lib.askEmptyTrash();
    const { docs } = lib.$dialog.get() as Extract<lib.LibraryDialog, { type: 'empty-trash' }>;
    const purge = repo.purge.bind(repo);
    let calls = 0;
    repo.purge = async (id) => {
      if (++calls === 2) throw new DOMException('The disk is full', 'QuotaExceededError');
      return purge(id);
    };
    try {
      await lib.confirm({ type: 'empty-trash', docs });
    } finally {
      repo.purge = purge;
    }
    expect(lib.$notice.get()).toMatchObject({ tone: 'error', text: expect.stringMatching(/^1 document of 2 deleted forever; the rest are still in the trash\. \S/) });
    expect(await repo.list({ trash: true })).toHaveLength(1);
  });
});
