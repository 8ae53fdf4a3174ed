import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalRepository, type LocalRepository } from './local';
import { openDocument, DocumentNotFoundError, type DocumentSession } from './session';
import { weapon, unchecked } from '../rules/testing';
import type { NucleusDocument } from '../rules';

let n = 0;
const repos: LocalRepository[] = [];
const sessions: DocumentSession[] = [];
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function repo(channel: string | null = null, dbName = `session-${++n}`) {
  const r = await openLocalRepository({ dbName, channel });
  repos.push(r);
  return r;
}
async function session(source: string | NucleusDocument, repository: LocalRepository, delayMs = 30) {
  const s = await openDocument(source, { repository, delayMs, lifecycle: false });
  sessions.push(s);
  return s;
}

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close().catch(() => undefined);
  for (const r of repos.splice(0)) r.close();
});

const doc = (over: Record<string, unknown> = {}) => weapon({ id: 'w1', name: 'Longarm', ...over } as never) as NucleusDocument;

describe('document session', () => {
  it('S1 a new document is saved on its first edit, debounced after the last one', async () => {
    const r = await repo();
    const s = await session(doc(), r, 300);
    expect(s.$saveState.get()).toBe('unsaved');
    expect(await r.get('w1')).toBeUndefined();
    s.update((d) => ({ ...d, name: 'A' }));
    await wait(10);
    s.update((d) => ({ ...d, name: 'AB' }));
    expect(s.$saveState.get()).toBe('unsaved');
    expect(await r.get('w1')).toBeUndefined();
    await vi.waitFor(() => expect(s.$saveState.get()).toBe('saved'), { timeout: 5000 });
    const stored = await r.get('w1');
    expect(stored?.name).toBe('AB');
    expect(stored?.revision).toBe(1);
  });

  it('S1 flush saves at once; edits during a save are saved after it', async () => {
    const r = await repo();
    const s = await session(doc(), r, 10_000);
    s.update((d) => ({ ...d, name: 'one' }));
    const first = s.flush();
    s.update((d) => ({ ...d, name: 'two' }));
    await first;
    await s.flush();
    expect((await r.get('w1'))?.name).toBe('two');
    expect(s.$saveState.get()).toBe('saved');
  });

  it('opens a stored document by id, and says so for an unknown one', async () => {
    const r = await repo();
    await r.save(doc(), { basedOn: 0 });
    const s = await session('w1', r);
    expect(s.$document.get().name).toBe('Longarm');
    expect(s.$saveState.get()).toBe('saved');
    await expect(openDocument('nope', { repository: r, lifecycle: false })).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('S3 a save in another tab reloads a session without unsaved edits', async () => {
    const channel = `s-${++n}`;
    const a = await repo(channel, `tabs-${n}`);
    const b = await repo(channel, `tabs-${n}`);
    await a.save(doc(), { basedOn: 0 });
    const sb = await session('w1', b);
    await a.save(doc({ name: 'From tab A' }), { basedOn: 1 });
    await vi.waitFor(() => expect(sb.$document.get().name).toBe('From tab A'), { timeout: 5000 });
    expect(sb.$saveState.get()).toBe('saved');
    sb.update((d) => ({ ...d, name: 'Then B' }));
    await sb.flush();
    expect((await a.get('w1'))?.revision).toBe(3);
  });

  it('S3/S4 unsaved edits meeting another tab’s save: both are kept at once, the one changed last under the id', async () => {
    const channel = `s-${++n}`;
    const a = await repo(channel, `tabs-${n}`);
    const b = await repo(channel, `tabs-${n}`);
    await a.save(doc(), { basedOn: 0 });
    const sb = await session('w1', b, 10_000);
    sb.update((d) => ({ ...d, name: 'Mine (tab B)' }));
    await wait(5);
    await a.save(doc({ name: 'Theirs (tab A)' }), { basedOn: 1 });
    await vi.waitFor(() => expect(sb.$conflict.get()?.kept).toBe('theirs'), { timeout: 5000 });
    const c = sb.$conflict.get()!;
    expect(c.mine.name).toBe('Mine (tab B)');
    expect(c.theirs.name).toBe('Theirs (tab A)');
    expect(c.differs).toBe('name');
    // Tab A saved last: its version stays; this tab's edits are the copy, already saved.
    expect(c.copy!.name).toMatch(/^Mine \(tab B\) \(conflict copy, \d{4}-\d\d-\d\d \d\d:\d\d\)$/);
    expect(sb.$document.get().name).toBe('Theirs (tab A)');
    expect(sb.$saveState.get()).toBe('saved');
    expect((await a.get('w1'))?.name).toBe('Theirs (tab A)');
    expect((await a.get(c.copy!.id))?.document.name).toBe(c.copy!.name);

    // The player chooses the other side: the two swap places, nothing is dropped.
    const swapped = await sb.resolveConflict('mine');
    expect(swapped.kept).toBe('mine');
    expect(sb.$document.get().name).toBe('Mine (tab B)');
    expect((await a.get('w1'))?.name).toBe('Mine (tab B)');
    expect((await a.get(c.copy!.id))?.name).toMatch(/^Theirs \(tab A\) \(conflict copy, /);
    expect(sb.$conflict.get()).toBeNull();
    expect((await a.list()).length).toBe(2);
  });

  it('S4 keeping the side chosen automatically closes the conflict and changes nothing', async () => {
    const r = await repo();
    await r.save(doc(), { basedOn: 0 });
    const s = await session('w1', r, 10_000);
    s.update((d) => ({ ...d, name: 'Mine' }));
    await wait(5);
    await r.save(doc({ name: 'Theirs' }), { basedOn: 1 });
    await s.flush();
    await vi.waitFor(() => expect(s.$conflict.get()?.kept).toBe('theirs'), { timeout: 5000 });
    const { kept, copy } = await s.resolveConflict('theirs');
    expect(kept).toBe('theirs');
    expect(s.$conflict.get()).toBeNull();
    expect(s.$document.get().name).toBe('Theirs');
    expect(copy.name).toMatch(/^Mine \(conflict copy, /);
    expect((await r.list()).map((d) => d.name).sort()).toEqual([copy.name, 'Theirs'].sort());
  });

  it('S4 this tab’s edits made after the other save stay under the id; the other save becomes the copy', async () => {
    const channel = `s-${++n}`;
    const r = await repo(channel, `tabs-${n}`);
    // The other tab's clock says its save was a minute ago.
    const other = await openLocalRepository({ dbName: `tabs-${n}`, channel, now: () => Date.now() - 60_000 });
    repos.push(other);
    await r.save(doc(), { basedOn: 0 });
    const s = await session('w1', r, 10_000);
    s.update((d) => ({ ...d, notes: 'typed later' }) as NucleusDocument);
    await other.save(doc({ name: 'Theirs' }), { basedOn: 1 });
    await vi.waitFor(() => expect(s.$conflict.get()?.kept).toBe('mine'), { timeout: 5000 });
    expect((await r.get('w1'))?.document).toMatchObject({ name: 'Longarm', notes: 'typed later' });
    expect(s.$conflict.get()!.copy!.name).toMatch(/^Theirs \(conflict copy, /);
    // Editing goes on as usual.
    s.update((d) => ({ ...d, name: 'Longarm II' }));
    await s.flush();
    expect((await r.get('w1'))?.name).toBe('Longarm II');
  });

  it('S4 seen from the other tab: its saved version was moved to the copy, and it is told where', async () => {
    const channel = `s-${++n}`;
    const r = await repo(channel, `tabs-${n}`);
    // Tab A's clock says its save was a minute ago, so tab B's edits are newer and keep the id.
    const other = await openLocalRepository({ dbName: `tabs-${n}`, channel, now: () => Date.now() - 60_000 });
    repos.push(other);
    await r.save(doc(), { basedOn: 0 });
    const sb = await session('w1', r, 10_000);
    const sa = await session('w1', other);
    sb.update((d) => ({ ...d, notes: 'typed in B' }) as NucleusDocument);
    sa.update((d) => ({ ...d, name: 'Renamed in A' }));
    await sa.flush();
    await vi.waitFor(() => expect(sb.$conflict.get()?.kept).toBe('mine'), { timeout: 5000 });
    const copy = sb.$conflict.get()!.copy!;
    expect(copy.name).toMatch(/^Renamed in A \(conflict copy, /);
    // Tab A had nothing unsaved: it shows what is under the id now, and says where its version went.
    await vi.waitFor(() => expect(sa.$movedToCopy.get()).toEqual({ revision: 2, id: copy.id, name: copy.name }), { timeout: 5000 });
    expect(sa.$document.get()).toMatchObject({ name: 'Longarm', notes: 'typed in B' });
    expect((await r.get(copy.id))?.document.name).toBe(copy.name);
    sa.dismissMovedToCopy();
    expect(sa.$movedToCopy.get()).toBeNull();
    // Tab B, which kept its own edits, is not told its version moved.
    expect(sb.$movedToCopy.get()).toBeNull();
  });

  it('S5 restoring a version is a new save the session shows, and the version before stays in the history', async () => {
    const r = await repo();
    await r.save(doc(), { basedOn: 0 });
    await r.save(doc({ name: 'Second' }), { basedOn: 1, newVersion: true });
    const s = await session('w1', r, 10_000);
    const first = (await r.versions('w1')).find((v) => v.document.name === 'Longarm');
    s.update((d) => ({ ...d, name: 'Renamed' }));
    const restored = await s.restoreVersion(first!.id);
    expect(restored.name).toBe('Longarm');
    expect(s.$document.get().name).toBe('Longarm');
    expect(s.$saveState.get()).toBe('saved');
    const stored = await r.get('w1');
    expect(stored?.revision).toBe(4);
    const versions = await r.versions('w1');
    expect(versions.map((v) => v.document.name)).toEqual(['Longarm', 'Renamed', 'Longarm']);
  });

  it('reports an error a person can read when a save is refused', async () => {
    const r = await repo();
    const s = await session(doc(), r);
    // A rank the schema refuses, on purpose: the save must fail.
    s.update((d) => unchecked<NucleusDocument>({ ...d, rank: 'high' }));
    await s.flush();
    expect(s.$saveState.get()).toBe('error');
    expect(s.$error.get()).toMatch(/rank: expected a whole number/);
  });
});
